#!/usr/bin/env bash
# Real-harness tests for Task Surface. Installs what they need (Node 22, pnpm, dsh 0.1.0-rc.8
# through tools/dsh/install.sh; the npm workspace's pinned dependencies through tools/npm-ci.sh;
# all cached, in .cache/ and node_modules/), then runs, with node's test runner (the spec
# reporter: each test is printed as it ends):
#   - host-shim/test: the go-plugin client's unit tests and the fold twin's vectors
#     (`make check` runs these alone);
#   - tests/e2e: the bundle, built for this machine, inside a real `dsh web`, the plugin binary
#     built from this tree, and a scripted keyless LLM; installed as users do and seen by Chromium;
#   - examples/demo: `make demo-check`, the demo driven end to end in Chromium.
# tests/e2e/release (the six-platform build and the reproducibility rebuild) is not in the default
# set: `make release-check` runs it.
# Usage: tests/e2e/run.sh [node --test arguments...]
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"

tools/dsh/install.sh
# shellcheck disable=SC1091
. .cache/dsh-env.sh
tools/npm-ci.sh

if [ "$#" -eq 0 ]; then
  set -- 'host-shim/test/**/*.test.js' 'tests/e2e/*.test.mjs' 'examples/demo/*.test.mjs'
fi
exec node --test --test-concurrency=1 --test-reporter=spec "$@"
