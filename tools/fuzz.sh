#!/usr/bin/env bash
# Runs every Go fuzz target in the module for a bounded time each
# (default 20s). A crasher lands in the package's testdata/fuzz folder:
# commit it as a regression input once the bug is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20s}
status=0
while IFS= read -r line; do
  file=${line%%:*}
  target=$(sed -E 's/.*func (Fuzz[A-Za-z0-9_]*)\(.*/\1/' <<<"${line#*:}")
  pkg=./$(dirname "$file")
  echo "== $pkg $target ($duration)"
  if ! go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$duration"; then
    status=1
  fi
done < <(grep -rEn --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(' plugin sdk | sed -E 's/^([^:]*):[0-9]+:/\1:/')
exit $status
