#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster (scripts/pg/cluster.sh) and VERITY_TEST_PG set,
# and stops the cluster afterwards, whatever the command's outcome. Uses the server already named
# by VERITY_TEST_PG when there is one.
set -euo pipefail
here=$(dirname "$0")
if [ -z "${VERITY_TEST_PG:-}" ]; then
  eval "$("$here/cluster.sh" start)"
  trap '"$here/cluster.sh" stop' EXIT
fi
"$@"
