#!/usr/bin/env bash
# Real-harness tests for Task Surface. Installs what they need (Node 22, pnpm, dsh 0.1.0-rc.8,
# the host shim's npm dependencies; all cached in .cache/), then runs, with node's test runner:
#   - host-shim/test: the go-plugin client's unit tests and the fold twin's vectors;
#   - tests/e2e: the packed bundle inside a real `dsh web`, the plugin binary built from this
#     tree, and a scripted keyless LLM; the full bundle build, reproducible, installed as users
#     do and seen by Chromium;
#   - examples/demo: `make demo-check`, the demo driven end to end in Chromium.
# Usage: tests/e2e/run.sh [node --test arguments...]
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"

tools/dsh/install.sh
# shellcheck disable=SC1091
. .cache/dsh-env.sh

# npm dependencies from a lockfile, skipped while the lockfile has not changed: the host shim's,
# and the demo's (puppeteer-core, for the Chromium checks).
ci() {
  local dir="$1" stamp="$1/node_modules/.lock-sha256" want
  want="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    printf '%s\n' "$want" > "$stamp"
  fi
}
ci host-shim
ci examples/demo

if [ "$#" -eq 0 ]; then
  set -- 'host-shim/test/*.test.js' 'tests/e2e/*.test.mjs' 'examples/demo/*.test.mjs'
fi
exec node --test --test-concurrency=1 "$@"
