#!/bin/sh
# Checks the answers a change touched against the documents, writes verity.sarif for code
# scanning, and fails only on findings that are not in verity-baseline.json.
#   usage: sh verity-check-changed.sh [BASE]   BASE: the branch the change goes into (default origin/main)
# Run it from the repository's root; VERITY says how to call verity (default: the installed package).
set -u
base="${1:-origin/main}"
verity="${VERITY:-npx --no-install verity}"

# The sources: docs/, except the answers, which are drafts and never evidence (the store, ./.verity,
# remembers that). Exit 1 here means a file was skipped (see "verity status"): not a reason to stop.
$verity index docs --drafts answers/
[ $? -le 1 ] || exit 2

# Only the answers this change touched; findings in the baseline (or suppressed inline) do not count.
status=0
$verity check docs/answers --changed "$base" --baseline verity-baseline.json --format sarif > verity.sarif || status=$?
if [ "$status" -ne 0 ]; then
  # the same findings as text, for the job's log
  $verity check docs/answers --changed "$base" --baseline verity-baseline.json
fi
exit "$status"
