#!/usr/bin/env bash
# Install the real OpenClaw client for memstrata's integration tests, into a cache folder:
#   Node 24 from the npm `node` package, then openclaw@2026.9.6 run with that Node.
# Idempotent: a cached install that answers with the right versions is reused in well under a
# second. Nothing is installed globally. Fails loudly (non-zero exit, message on stderr) when
# npm or the registry is unavailable: in CI a test that cannot install its client fails.
#
# Usage: .ci/install-openclaw.sh            prints PATH_PREFIX=<node bin>:<openclaw bin> last
# Environment: MEMSTRATA_CI_CACHE (default ~/.cache/memstrata-ci), MEMSTRATA_CI_NODE_SPEC,
#              MEMSTRATA_CI_OPENCLAW_SPEC (defaults below).
set -euo pipefail

NODE_SPEC="${MEMSTRATA_CI_NODE_SPEC:-node@24.21.0}"
OPENCLAW_SPEC="${MEMSTRATA_CI_OPENCLAW_SPEC:-openclaw@2026.9.6}"
CACHE="${MEMSTRATA_CI_CACHE:-$HOME/.cache/memstrata-ci}/openclaw"
NODE_DIR="$CACHE/node-${NODE_SPEC#node@}"
OPENCLAW_DIR="$CACHE/${OPENCLAW_SPEC/@/-}"
NODE_BIN="$NODE_DIR/node_modules/.bin"
OPENCLAW_BIN="$OPENCLAW_DIR/node_modules/.bin"

fail() { echo "install-openclaw: error: $*" >&2; exit 1; }

node_ok() { [ -x "$NODE_BIN/node" ] && [ "$("$NODE_BIN/node" --version 2>/dev/null)" = "v${NODE_SPEC#node@}" ]; }
openclaw_ok() {
  [ -x "$OPENCLAW_BIN/openclaw" ] &&
    PATH="$NODE_BIN:$PATH" "$OPENCLAW_BIN/openclaw" --version 2>/dev/null | grep -q "OpenClaw ${OPENCLAW_SPEC#openclaw@} "
}

if node_ok && openclaw_ok; then
  echo "PATH_PREFIX=$NODE_BIN:$OPENCLAW_BIN"
  exit 0
fi

command -v npm >/dev/null || fail "npm is needed to fetch $NODE_SPEC and $OPENCLAW_SPEC from the npm registry"
mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
if command -v flock >/dev/null; then flock 9; fi # one installer at a time (parallel test runs)

# npm into a fresh folder, then one rename: a half-finished install is never taken for a cached one.
install_into() { # <final dir> <npm spec> [PATH prefix for npm]
  local final="$1" spec="$2" prefix="${3:-}" staging
  staging="$(mktemp -d "$CACHE/.staging.XXXXXX")"
  echo "install-openclaw: npm install $spec (into $final)" >&2
  if ! PATH="${prefix:+$prefix:}$PATH" npm install --prefix "$staging" --no-audit --no-fund \
    --loglevel=error "$spec" >&2; then
    rm -rf "$staging"
    fail "npm install $spec failed (is the npm registry reachable? $(npm config get registry))"
  fi
  rm -rf "$final"
  mv "$staging" "$final"
}

if ! node_ok; then
  install_into "$NODE_DIR" "$NODE_SPEC"
  node_ok || fail "$NODE_SPEC installed but $NODE_BIN/node does not answer v${NODE_SPEC#node@} (did npm skip its install script?)"
fi
if ! openclaw_ok; then
  install_into "$OPENCLAW_DIR" "$OPENCLAW_SPEC" "$NODE_BIN" # OpenClaw's own install scripts need Node 24
  openclaw_ok || fail "$OPENCLAW_SPEC installed but does not answer its version with $NODE_BIN/node"
fi
echo "PATH_PREFIX=$NODE_BIN:$OPENCLAW_BIN"
