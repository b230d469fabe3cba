#!/usr/bin/env bash
# Installs what the real-harness tests need into <repo>/.cache (git-ignored), idempotently:
#   .cache/node22  Node 22 from the npm package node-linux-<arch> for this machine (x64 or arm64;
#                  dsh needs Node >= 22.19); .cache/node22/bin links to its bin folder
#   .cache/pnpm    pnpm (dsh installs bundles with it; plain npm cannot resolve dsh's tree)
#   .cache/dsh     @deepseek-ai/dsh 0.1.0-rc.8 with the cordis family pinned to rc.8's versions
# and writes .cache/dsh-env.sh, which puts node, pnpm and dsh first on PATH.
# A second run with unchanged inputs only checks a stamp and exits.
set -euo pipefail

NODE_VERSION=22.23.5
PNPM_VERSION=12.21.0

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="${TASK_SURFACE_CACHE:-$repo/.cache}"
mkdir -p "$cache"

stamp_inputs() {
  printf '%s\n' "$NODE_VERSION" "$PNPM_VERSION"
  cat "$here/install.sh" "$here/package.json" "$here/pnpm-workspace.yaml"
  [ -f "$here/pnpm-lock.yaml" ] && cat "$here/pnpm-lock.yaml"
  return 0
}
want="$(stamp_inputs | sha256sum | cut -d' ' -f1)"
if [ -f "$cache/dsh.stamp" ] && [ "$(cat "$cache/dsh.stamp")" = "$want" ] \
  && [ -x "$cache/dsh/node_modules/.bin/dsh" ]; then
  exit 0
fi

log() { printf 'install.sh: %s\n' "$*" >&2; }

# 1. Node 22, shipped as a binary inside a registry package named for the platform. The npm
#    registry carries such packages for Linux only; elsewhere a Node >= 22.19 on PATH serves.
node_package() {
  local os arch
  os="$(uname -s)"
  arch="$(uname -m)"
  case "$arch" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
  esac
  if [ "$os" = Linux ] && { [ "$arch" = x64 ] || [ "$arch" = arm64 ]; }; then
    printf 'node-linux-%s\n' "$arch"
  fi
}
node_ok() { # a Node binary of at least 22.19
  local v
  v="$("$1" -v 2>/dev/null)" || return 1
  v="${v#v}"
  [ "${v%%.*}" -gt 22 ] || { [ "${v%%.*}" -eq 22 ] && [ "$(cut -d. -f2 <<<"$v")" -ge 19 ]; }
}
node_bin="$cache/node22/bin"
pkg="$(node_package)"
if [ -n "$pkg" ]; then
  if [ ! -x "$node_bin/node" ] || [ "$("$node_bin/node" -v)" != "v$NODE_VERSION" ]; then
    log "installing Node $NODE_VERSION ($pkg)"
    mkdir -p "$cache/node22"
    printf '{"private":true}\n' > "$cache/node22/package.json"
    (cd "$cache/node22" && npm install --no-audit --no-fund --loglevel=error "$pkg@$NODE_VERSION")
    ln -sfn "node_modules/$pkg/bin" "$node_bin"
  fi
elif command -v node >/dev/null && node_ok "$(command -v node)"; then
  mkdir -p "$cache/node22"
  ln -sfn "$(dirname "$(command -v node)")" "$node_bin"
else
  log "no Node package for $(uname -s) $(uname -m) on the npm registry: install Node >= 22.19 and run again"
  exit 1
fi
export PATH="$node_bin:$PATH"

# 2. pnpm, local to the cache (no global install).
pnpm_bin="$cache/pnpm/node_modules/.bin"
if [ ! -x "$pnpm_bin/pnpm" ] || [ "$("$pnpm_bin/pnpm" -v)" != "$PNPM_VERSION" ]; then
  log "installing pnpm $PNPM_VERSION"
  mkdir -p "$cache/pnpm"
  printf '{"private":true}\n' > "$cache/pnpm/package.json"
  (cd "$cache/pnpm" && npm install --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION")
fi
export PATH="$pnpm_bin:$PATH"

# 3. dsh with the pinned cordis family, from the committed lockfile when there is one.
log "installing @deepseek-ai/dsh (pnpm)"
mkdir -p "$cache/dsh"
cp "$here/package.json" "$here/pnpm-workspace.yaml" "$cache/dsh/"
if [ -f "$here/pnpm-lock.yaml" ]; then
  cp "$here/pnpm-lock.yaml" "$cache/dsh/"
  (cd "$cache/dsh" && CI=true pnpm install --frozen-lockfile --reporter=append-only)
else
  (cd "$cache/dsh" && CI=true pnpm install --reporter=append-only)
fi
"$cache/dsh/node_modules/.bin/dsh" --version >/dev/null

cat > "$cache/dsh-env.sh" <<ENV
# Written by tools/dsh/install.sh. Source it to get Node 22, pnpm and dsh first on PATH.
export PATH="$cache/dsh/node_modules/.bin:$pnpm_bin:$node_bin:\$PATH"
ENV
printf '%s\n' "$want" > "$cache/dsh.stamp"
log "done: $("$node_bin/node" -v), pnpm $("$pnpm_bin/pnpm" -v), dsh in $cache/dsh"
