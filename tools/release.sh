#!/usr/bin/env bash
# The release (`make release`): the seven npm packages of one Task Surface version, written
# reproducibly (the same source, Go release and Node give the same bytes from any folder), then
# checked, with the order to publish them in.
#   - dsh-task-surface: the host half, the browser half, the patch layer and manifest.json with
#     the SHA-256 of every platform's binary; no binary; its optionalDependencies list the six
#     platform packages at this exact version. At most 1 MiB packed.
#   - dsh-task-surface-<platform> (linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64
#     win32-arm64): one binary each, with npm's os and cpu fields, so that an install by name
#     (pnpm, npm) fetches only the one its machine runs.
# The check unpacks every tarball and runs tools/bundle/manifest check -platforms (schema,
# digests, executable format and architecture, names, versions, os, cpu, optionalDependencies).
# The platform packages are published first: the main package's optional dependencies must
# resolve as soon as it is visible.
#
# Usage: tools/release.sh [--out <folder>] [--client build|prebuilt]
#   --out     where the tarballs go (default dist/release; emptied first)
#   --client  build (default: client-bundle's own build) or prebuilt (the committed dist/client.js)
# The tarballs' paths are the last seven lines on stdout, in publish order.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$repo/dist/release"
client=build
while [ "$#" -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --client) client="$2"; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "release.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
max_main=$((1 << 20))

rm -rf "$out"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
mapfile -t tarballs < <("$repo/tools/bundle/build.sh" --out "$out" --platforms all --client "$client" --layout release)
if [ "${#tarballs[@]}" -ne 7 ]; then
  echo "release.sh: the build wrote ${#tarballs[@]} tarballs, want 7" >&2
  exit 1
fi

# The check, on the tarballs as a registry will serve them.
check="$(mktemp -d)"
trap 'rm -rf "$check"' EXIT
for t in "${tarballs[@]}"; do
  mkdir "$check/x"
  tar -xzf "$t" -C "$check/x" --strip-components=1
  name="$(node -p 'require(process.argv[1]).name' "$check/x/package.json")"
  mkdir -p "$(dirname "$check/unpacked/$name")"
  mv "$check/x" "$check/unpacked/$name"
done
main="${tarballs[-1]}"
main_name="$(node -p 'require(process.argv[1]).name' "$repo/package.json")"
(cd "$repo" && go run ./tools/bundle/manifest check -platforms "$check/unpacked" "$check/unpacked/$main_name") >&2
main_size="$(stat -c %s "$main")"
if [ "$main_size" -gt "$max_main" ]; then
  echo "release.sh: $main_name is $main_size bytes packed, over the 1 MiB budget" >&2
  exit 1
fi

{
  echo
  echo "release: seven packages in $out"
  for t in "${tarballs[@]}"; do
    printf '  %-44s %8d KiB  sha256 %s\n' "$(basename "$t")" $(($(stat -c %s "$t") / 1024)) "$(sha256sum "$t" | cut -d' ' -f1)"
  done
  echo
  echo "publish in this order (the platform packages first, the main package last):"
  for t in "${tarballs[@]}"; do echo "  npm publish $t"; done
} >&2
printf '%s\n' "${tarballs[@]}"
