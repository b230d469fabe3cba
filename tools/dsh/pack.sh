#!/usr/bin/env bash
# Packs the Task Surface bundle for `dsh plugin --profile web add <tarball>`:
#   1. builds the plugin binary for linux/amd64 (CGO off, trimmed paths);
#   2. stages the bundle face (package.json, manifest.json with the binary's SHA-256,
#      cordis.patch.yml), the host half (host-shim/src, host-shim/proto), the contract
#      (sdk/proto/tasksurface/v1/tasksurface.proto), the binary, and the browser half
#      (client-bundle/dist/client.js, when built, as the ./client export), in the repository's
#      layout;
#   3. runs `npm pack` on the staging folder.
# Prints the tarball's path. Usage: tools/dsh/pack.sh [output-folder]  (default .cache/bundle)
# TASK_SURFACE_PLUGIN_BINARY=<path> packs that linux/amd64 binary instead of building one.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="${1:-$repo/.cache/bundle}"
stage="$out/stage"

"$here/install.sh" >&2
# shellcheck disable=SC1091
. "$repo/.cache/dsh-env.sh"

rm -rf "$stage"
mkdir -p "$stage/bin/linux-x64" "$stage/host-shim" "$stage/sdk/proto/tasksurface/v1"

if [ -n "${TASK_SURFACE_PLUGIN_BINARY:-}" ]; then
  # A binary built elsewhere (a release build, a cross-compiled one).
  cp "$TASK_SURFACE_PLUGIN_BINARY" "$stage/bin/linux-x64/task-surface-plugin"
else
  (cd "$repo" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -ldflags="-s -w" -o "$stage/bin/linux-x64/task-surface-plugin" ./plugin/cmd/task-surface-plugin)
fi

cp "$repo/cordis.patch.yml" "$stage/"
cp -R "$repo/host-shim/src" "$repo/host-shim/proto" "$stage/host-shim/"
cp "$repo/sdk/proto/tasksurface/v1/tasksurface.proto" "$stage/sdk/proto/tasksurface/v1/"

# The browser half, when client-bundle/ has been built (npm run build there): the page loads it
# as the package's ./client export.
client=""
if [ -f "$repo/client-bundle/dist/client.js" ]; then
  cp "$repo/client-bundle/dist/client.js" "$stage/client.js"
  client=1
else
  echo "pack.sh: client-bundle/dist/client.js is not built; packing the host half only" >&2
fi

digest="$(sha256sum "$stage/bin/linux-x64/task-surface-plugin" | cut -d' ' -f1)"
node -e '
  const fs = require("node:fs")
  const path = require("node:path")
  const [repo, stage, digest, client] = process.argv.slice(1)
  const m = JSON.parse(fs.readFileSync(path.join(repo, "manifest.json"), "utf8"))
  m.plugin.binaries["linux-x64"].sha256 = digest
  fs.writeFileSync(path.join(stage, "manifest.json"), JSON.stringify(m, null, 2) + "\n")
  const p = JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8"))
  if (client) {
    p.exports["./client"] = "./client.js"
    p.files.push("client.js")
    p.dsh.client = {
      platform: "web",
      inject: ["@deepseek-ai/dsh-client-runtime", "@deepseek-ai/dsh-client-ui-conversation", "@deepseek-ai/dsh-client-ui-tool"],
    }
  }
  fs.writeFileSync(path.join(stage, "package.json"), JSON.stringify(p, null, 2) + "\n")
' "$repo" "$stage" "$digest" "$client"

tarball="$(cd "$stage" && npm pack --silent --pack-destination "$out" 2>/dev/null | tail -1)"
echo "$out/$tarball"
