#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks (issue 30): initdb in a temporary folder,
# run as the `postgres` user, listening on a Unix socket in that folder and on 127.0.0.1 at a free
# port. Installs Debian's `postgresql` package first where no server binaries are found.
#
#   scripts/pg/cluster.sh start   prints `export VERITY_TEST_PG=…` and `export VERITY_PG_DIR=…` (eval it)
#   scripts/pg/cluster.sh stop    stops the cluster in $VERITY_PG_DIR and deletes the folder
#
# VERITY_TEST_PG is a postgres:// URL to the Unix socket (host=<dir>), database `verity_test`,
# role `verity` with a throwaway password (over TCP the server asks for it: scram-sha-256).
set -euo pipefail

pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

case "${1:-}" in
  start)
    if ! BIN=$(pg_bin); then
      echo "== installing Debian's postgresql package" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq --no-install-recommends postgresql >/dev/null
      BIN=$(pg_bin)
    fi
    RUNAS=()
    if [ "$(id -u)" = 0 ]; then RUNAS=(runuser -u postgres --); fi
    DIR=$(mktemp -d /tmp/verity-pg.XXXXXX)
    chmod 755 "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    PW=verity-test-$RANDOM$RANDOM
    "${RUNAS[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
      || { cat "$DIR/initdb.log" >&2; exit 1; }
    "${RUNAS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-k $DIR -p $PORT -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=128MB -c max_connections=100" start >&2 \
      || { cat "$DIR/server.log" >&2; exit 1; }
    "${RUNAS[@]}" "$BIN/psql" -h "$DIR" -p "$PORT" -U postgres -d postgres -qAt \
      -c "CREATE ROLE verity LOGIN PASSWORD '$PW'" -c "CREATE DATABASE verity_test OWNER verity" >&2
    echo "export VERITY_PG_DIR=$DIR"
    echo "export VERITY_PG_PORT=$PORT"
    echo "export VERITY_PG_PASSWORD=$PW"
    echo "export VERITY_TEST_PG='postgres://verity@localhost:$PORT/verity_test?host=$DIR'"
    ;;
  stop)
    DIR=${VERITY_PG_DIR:?VERITY_PG_DIR is not set}
    BIN=$(pg_bin)
    RUNAS=()
    if [ "$(id -u)" = 0 ]; then RUNAS=(runuser -u postgres --); fi
    "${RUNAS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
