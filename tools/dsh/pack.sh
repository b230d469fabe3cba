#!/usr/bin/env bash
# Packs the Task Surface bundle for this machine's platform only, for the real-harness tests
# (tests/e2e, tests/browser): a thin use of the one bundle build, tools/bundle/build.sh, with
# the committed browser half (client-bundle/dist/client.js) as it is. `make bundle` packs every
# platform into dist/.
# Prints the tarball's path as the last line. Usage: tools/dsh/pack.sh [output-folder]
# (default .cache/bundle)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
exec "$repo/tools/bundle/build.sh" --out "${1:-$repo/.cache/bundle}" --platforms host --client prebuilt
