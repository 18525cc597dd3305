#!/usr/bin/env bash
# Install the MCP Inspector CLI (npm @modelcontextprotocol/inspector), memstrata's second MCP
# client in the integration tests, into a cache folder, with Node 24 from the npm `node`
# package (the inspector needs Node >= 22.19). Idempotent and quick once cached; nothing is
# installed globally; fails loudly when npm or the registry is unavailable.
#
# Usage: .ci/install-mcp-inspector.sh      prints PATH_PREFIX=<node bin>:<inspector bin> last
# Environment: MEMSTRATA_CI_CACHE (default ~/.cache/memstrata-ci).
set -euo pipefail

NODE_SPEC="node@24.21.0"
INSPECTOR_SPEC="@modelcontextprotocol/inspector@2.12.0"
CACHE="${MEMSTRATA_CI_CACHE:-$HOME/.cache/memstrata-ci}/mcp-inspector"
NODE_DIR="$CACHE/node-${NODE_SPEC#node@}"
INSPECTOR_DIR="$CACHE/inspector-2.12.0"
NODE_BIN="$NODE_DIR/node_modules/.bin"
INSPECTOR_BIN="$INSPECTOR_DIR/node_modules/.bin"

fail() { echo "install-mcp-inspector: error: $*" >&2; exit 1; }
node_ok() { [ -x "$NODE_BIN/node" ] && [ "$("$NODE_BIN/node" --version 2>/dev/null)" = "v${NODE_SPEC#node@}" ]; }
inspector_ok() { [ -x "$INSPECTOR_BIN/mcp-inspector" ]; }

if node_ok && inspector_ok; then
  echo "PATH_PREFIX=$NODE_BIN:$INSPECTOR_BIN"
  exit 0
fi
command -v npm >/dev/null || fail "npm is needed to fetch $NODE_SPEC and $INSPECTOR_SPEC"
mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
if command -v flock >/dev/null; then flock 9; fi

install_into() { # <final dir> <npm spec> [PATH prefix for npm]
  local final="$1" spec="$2" prefix="${3:-}" staging
  staging="$(mktemp -d "$CACHE/.staging.XXXXXX")"
  echo "install-mcp-inspector: npm install $spec" >&2
  if ! PATH="${prefix:+$prefix:}$PATH" npm install --prefix "$staging" --no-audit --no-fund \
    --loglevel=error "$spec" >&2; then
    rm -rf "$staging"
    fail "npm install $spec failed (is the npm registry reachable? $(npm config get registry))"
  fi
  rm -rf "$final"
  mv "$staging" "$final"
}

node_ok || install_into "$NODE_DIR" "$NODE_SPEC"
node_ok || fail "$NODE_SPEC installed but does not answer its version"
inspector_ok || install_into "$INSPECTOR_DIR" "$INSPECTOR_SPEC" "$NODE_BIN"
inspector_ok || fail "$INSPECTOR_SPEC installed but has no mcp-inspector"
echo "PATH_PREFIX=$NODE_BIN:$INSPECTOR_BIN"
