#!/usr/bin/env bash
# `make demo` and `make demo-check`: installs what the demo needs into .cache/ (Node 22, pnpm and
# dsh 0.1.0-rc.8 through tools/dsh/install.sh; puppeteer-core for the check mode, with the npm
# workspace's dependencies through tools/npm-ci.sh), builds the bundle for this machine with the one bundle build
# (tools/bundle/build.sh), and runs examples/demo/main.mjs with it. Environment: SURFACE, PORT,
# PATCH, DEMO_CHECK (see main.mjs).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

tools/dsh/install.sh
# shellcheck disable=SC1091
. .cache/dsh-env.sh

if [ -n "${DEMO_CHECK:-}" ] && [ "${DEMO_CHECK}" != 0 ]; then
  chromium="${CHROMIUM:-/usr/bin/chromium}"
  if [ ! -x "$chromium" ]; then
    echo "demo.sh: the check mode needs Chromium at $chromium (apt-get install chromium, or set CHROMIUM)" >&2
    exit 1
  fi
  tools/npm-ci.sh
fi

echo "demo.sh: building the bundle for this machine (tools/bundle/build.sh)" >&2
tarball="$(tools/bundle/build.sh --out .cache/demo-bundle --platforms host --client prebuilt | tail -1)"
exec node "$here/main.mjs" "$tarball"
