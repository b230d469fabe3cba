#!/usr/bin/env bash
# Browser tests of the Task Surface client bundle, in Debian's Chromium against the real dsh.
# Installs what they need (Node 22, pnpm and dsh 0.1.0-rc.8 through tools/dsh/install.sh; the npm
# workspace's pinned dependencies through tools/npm-ci.sh), then runs with node's test runner
# (the spec reporter: each test is printed as it ends):
#   bundle.test.mjs        the committed dist/client.js is current, type-checks, has the Loader shape
#   components.test.mjs    the bundle's modules in Chromium (sanitiser, diff, drafts, model, row)
#   task-surface.test.mjs  the packed bundle inside `dsh web`, driven by mouse and keyboard
#   people.test.mjs        the same, as people see it: themes, 360 px, zh chrome
#   a11y.test.mjs          axe-core over the Dock and its row, every example, light/dark, 360 px, zh:
#                          no serious or critical violation; report in artifacts/a11y/
#   dock-kills.test.mjs    dsh web killed after the Dock's answer was accepted, at five delays
#                          (TASK_SURFACE_BROWSER_KILL_RUNS times each): in the log once or given back
#   scrolling.test.mjs     200-row and 16-column tables, a Markdown table and a 20×7 matrix at 360
#                          and 1280 px: no scroll box in the body's, a shadow at an edge with more
#   (every tests/browser/*.test.mjs runs; each file boots its own dsh)
# Screenshots land in the git-ignored tests/browser/artifacts/screenshots/;
# TASK_SURFACE_SCREENSHOTS=<folder> puts them elsewhere (`make screenshots` rewrites the committed
# ones in tests/browser/screenshots/ that way). Go builds the plugin binary (tools/dsh/pack.sh).
# Usage: tests/browser/run.sh [node --test arguments...]   (CHROMIUM=<path> to use another browser)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "run.sh: no Chromium at $chromium (apt-get install chromium, or set CHROMIUM)" >&2
  exit 1
fi
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  echo "run.sh: no CJK font: the zh screenshot will show boxes (apt-get install fonts-wqy-microhei)" >&2
fi

tools/dsh/install.sh
# shellcheck disable=SC1091
. .cache/dsh-env.sh
tools/npm-ci.sh

if [ "$#" -eq 0 ]; then
  set -- tests/browser/*.test.mjs
fi
exec node --test --test-concurrency=1 --test-reporter=spec "$@"
