#!/usr/bin/env bash
# Real-harness tests for Task Surface. Installs what they need (Node 22, pnpm, dsh 0.1.0-rc.8,
# the host shim's npm dependencies; all cached in .cache/), then runs, with node's test runner:
#   - host-shim/test: the go-plugin client's unit tests and the fold twin's vectors;
#   - tests/e2e: the packed bundle inside a real `dsh web`, the plugin binary built from this
#     tree, and a scripted keyless LLM.
# Usage: tests/e2e/run.sh [node --test arguments...]
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"

tools/dsh/install.sh
# shellcheck disable=SC1091
. .cache/dsh-env.sh

# The host shim's dependencies, from its lockfile; skipped when the lockfile has not changed.
stamp=host-shim/node_modules/.lock-sha256
want="$(sha256sum host-shim/package-lock.json | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  (cd host-shim && npm ci --no-audit --no-fund --loglevel=error)
  printf '%s\n' "$want" > "$stamp"
fi

if [ "$#" -eq 0 ]; then
  set -- 'host-shim/test/*.test.js' 'tests/e2e/*.test.mjs'
fi
exec node --test --test-concurrency=1 "$@"
