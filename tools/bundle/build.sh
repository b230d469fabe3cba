#!/usr/bin/env bash
# The one build of the Task Surface bundle (`make bundle`; tools/dsh/pack.sh and the demo use it
# too). It
#   1. cross-compiles the plugin for each platform: CGO off, -trimpath, -buildvcs=false,
#      -ldflags "-s -w -buildid= -X main.version=<package.json version>", so the same source and
#      Go release give the same bytes (tests/e2e/bundle.test.mjs builds twice and compares);
#   2. builds the browser half with client-bundle's own build (npm run build, after
#      tools/npm-ci.sh), or takes the committed client-bundle/dist/client.js (--client prebuilt);
#   3. stages the bundle in the repository's layout (package.json, manifest.schema.json,
#      cordis.patch.yml, README.md, host-shim/src, host-shim/proto, the contract .proto, the
#      client, bin/<platform>/), writes manifest.json with every binary's SHA-256, drops the npm
#      workspace's own fields (workspaces, devDependencies) from the staged package.json and
#      checks the staged face (tools/bundle/manifest: schema, digests, executable format and
#      architecture, no workspace fields);
#   4. packs it with npm pack into the output folder: one tarball holding every binary built
#      (--layout bundle, the offline install), or (--layout release, what `make release`
#      publishes) one platform package per binary, dsh-task-surface-<platform> with its os and
#      cpu, and the main package without binaries listing them at the exact version in
#      optionalDependencies (tools/bundle/manifest split).
# The tarballs' paths are the last lines on stdout, the main package's last (the release
# layout's lines are in publish order); a summary (digests, sizes) goes to stderr.
#
# Usage: tools/bundle/build.sh [--out <folder>] [--platforms all|host|<key>[,<key>...]]
#                              [--client build|prebuilt] [--layout bundle|release]
#   --out        where the tarballs go (default dist/)
#   --platforms  manifest platform keys: linux-x64 linux-arm64 darwin-x64 darwin-arm64
#                win32-x64 win32-arm64; "all" (default) or "host" (this machine's only)
#   --client     build (default) or prebuilt
#   --layout     bundle (default: one tarball) or release (seven packages)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="$repo/dist"
platforms=all
client=build
layout=bundle

while [ "$#" -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --platforms) platforms="$2"; shift 2 ;;
    --client) client="$2"; shift 2 ;;
    --layout) layout="$2"; shift 2 ;;
    -h|--help) sed -n '2,29p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$client" in build|prebuilt) ;; *) echo "build.sh: --client is build or prebuilt" >&2; exit 2 ;; esac
case "$layout" in bundle|release) ;; *) echo "build.sh: --layout is bundle or release" >&2; exit 2 ;; esac
mkdir -p "$out"
out="$(cd "$out" && pwd)"

log() { printf 'build.sh: %s\n' "$*" >&2; }

# Node 22 and npm (for npm pack and the client build) from .cache, installed on first use.
"$repo/tools/dsh/install.sh" >&2
# shellcheck disable=SC1091
. "${TASK_SURFACE_CACHE:-$repo/.cache}/dsh-env.sh"

all_keys=(linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64 win32-arm64)
key_of() { # GOOS GOARCH -> manifest key
  local os="$1" arch="$2"
  [ "$os" = windows ] && os=win32
  [ "$arch" = amd64 ] && arch=x64
  printf '%s-%s' "$os" "$arch"
}
case "$platforms" in
  all) keys=("${all_keys[@]}") ;;
  host) keys=("$(key_of "$(go env GOHOSTOS)" "$(go env GOHOSTARCH)")") ;;
  *) IFS=, read -r -a keys <<<"$platforms" ;;
esac

version="$(node -p 'require(process.argv[1]).version' "$repo/package.json")"
go_version="$(cd "$repo" && go env GOVERSION)"
ldflags="-s -w -buildid= -X main.version=$version"
flags=(-trimpath -buildvcs=false)

stage="$out/stage"
rm -rf "$stage"
mkdir -p "$stage"

# 1. The plugin, once per platform.
for key in "${keys[@]}"; do
  case "$key" in
    linux-x64) goos=linux goarch=amd64 ;;
    linux-arm64) goos=linux goarch=arm64 ;;
    darwin-x64) goos=darwin goarch=amd64 ;;
    darwin-arm64) goos=darwin goarch=arm64 ;;
    win32-x64) goos=windows goarch=amd64 ;;
    win32-arm64) goos=windows goarch=arm64 ;;
    *) echo "build.sh: unknown platform $key (known: ${all_keys[*]})" >&2; exit 2 ;;
  esac
  exe=task-surface-plugin
  [ "$goos" = windows ] && exe=task-surface-plugin.exe
  log "go build $goos/$goarch"
  (cd "$repo" && CGO_ENABLED=0 GOOS="$goos" GOARCH="$goarch" GOFLAGS= \
    go build "${flags[@]}" -ldflags="$ldflags" -o "$stage/bin/$key/$exe" ./plugin/cmd/task-surface-plugin)
done

# 2. The browser half.
if [ "$client" = build ]; then
  "$repo/tools/npm-ci.sh" >&2
  log "client-bundle: npm run build"
  (cd "$repo/client-bundle" && npm run --silent build >&2)
fi
client_entry="$(node -p 'require(process.argv[1]).entries.client' "$repo/manifest.json")"
if [ ! -f "$repo/$client_entry" ]; then
  echo "build.sh: $client_entry is missing; build it (npm run build in client-bundle/)" >&2
  exit 1
fi

# 3. The bundle face and both halves, in the repository's layout.
mkdir -p "$stage/host-shim" "$stage/sdk/proto/tasksurface/v3" "$stage/$(dirname "$client_entry")"
cp "$repo/package.json" "$repo/manifest.schema.json" "$repo/cordis.patch.yml" "$repo/README.md" "$stage/"
cp -R "$repo/host-shim/src" "$repo/host-shim/proto" "$stage/host-shim/"
cp "$repo/sdk/proto/tasksurface/v3/tasksurface.proto" "$stage/sdk/proto/tasksurface/v3/"
cp "$repo/$client_entry" "$stage/$client_entry"
stamp_flags=(-flag CGO_ENABLED=0)
for f in "${flags[@]}" "-ldflags=$ldflags"; do stamp_flags+=(-flag "$f"); done
(cd "$repo" && go run ./tools/bundle/manifest stamp -root "$repo" -stage "$stage" -go "$go_version" "${stamp_flags[@]}") >&2

# 4. The tarballs. npm pack gives every entry the same fixed time, so equal inputs give equal bytes.
pack() { # folder -> prints the tarball's path
  local tarball size
  tarball="$(cd "$1" && npm pack --silent --pack-destination "$out" 2>/dev/null | tail -1)"
  size="$(stat -c %s "$out/$tarball")"
  log "$tarball: $((size / 1024)) KiB, sha256 $(sha256sum "$out/$tarball" | cut -d' ' -f1)"
  echo "$out/$tarball"
}
if [ "$layout" = release ]; then
  platforms_stage="$out/stage-platforms"
  rm -rf "$platforms_stage"
  (cd "$repo" && go run ./tools/bundle/manifest split -stage "$stage" -out "$platforms_stage") |
    while read -r dir; do pack "$dir"; done
  rm -rf "$platforms_stage"
fi
pack "$stage"
rm -rf "$stage"
