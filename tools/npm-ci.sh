#!/usr/bin/env bash
# Installs the npm workspace's pinned dependencies: one `npm ci` at the repository root from the
# one lockfile (package-lock.json) over every JS project (host-shim, client-bundle, tests/browser,
# examples/demo; see "workspaces" in package.json). Skipped while the lockfile and the projects'
# package.json files are unchanged since the last install (a digest in node_modules/.lock-sha256).
# Every script that needs the npm dependencies calls this one (the test suites, the demo, the
# bundle build, the benchmarks). Node 22 and its npm come from .cache (tools/dsh/install.sh, a
# stamp check once installed); npm's output goes to stderr.
# Usage: tools/npm-ci.sh
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

tools/dsh/install.sh >&2
# shellcheck disable=SC1091
. "${TASK_SURFACE_CACHE:-$repo/.cache}/dsh-env.sh"

inputs=(package-lock.json package.json)
for dir in $(node -p 'require("./package.json").workspaces.join(" ")'); do
  inputs+=("$dir/package.json")
done
want="$(cat "${inputs[@]}" | sha256sum | cut -d' ' -f1)"
stamp=node_modules/.lock-sha256
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi

echo "npm-ci.sh: npm ci (the workspace's package-lock.json changed or nothing is installed)" >&2
npm ci --no-audit --no-fund --loglevel=error >&2
printf '%s\n' "$want" > "$stamp"
