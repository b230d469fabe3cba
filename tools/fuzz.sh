#!/usr/bin/env bash
# Runs every Go fuzz target in the module for a bounded time each
# (default 20s). A crasher lands in the package's testdata/fuzz folder:
# commit it as a regression input once the bug is fixed.
#
# Go's fuzzing engine sometimes ends a run that found nothing with
# "context deadline exceeded" when the time runs out while a worker is busy.
# A real failure always writes its input to testdata/fuzz, so a run that
# fails that way without a new input there is reported and not counted.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20s}
status=0
inputs() { if [ -d "$1" ]; then find "$1" -type f | wc -l; else echo 0; fi; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
while IFS= read -r line; do
  file=${line%%:*}
  target=$(sed -E 's/.*func (Fuzz[A-Za-z0-9_]*)\(.*/\1/' <<<"${line#*:}")
  pkg=./$(dirname "$file")
  corpus="$(dirname "$file")/testdata/fuzz/$target"
  before=$(inputs "$corpus")
  echo "== $pkg $target ($duration)"
  if go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$duration" 2>&1 | tee "$log"; then
    continue
  fi
  after=$(inputs "$corpus")
  if [ "$after" -eq "$before" ] && grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
    echo "== $pkg $target: the fuzzing engine timed out with no failing input (not counted)"
    continue
  fi
  status=1
done < <(grep -rEn --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(' plugin sdk | sed -E 's/^([^:]*):[0-9]+:/\1:/')
exit $status
