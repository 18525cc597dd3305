#!/usr/bin/env bash
# Install the real Claude Code CLI (npm @anthropic-ai/claude-code) into a cache folder outside the
# repository, once; later runs reuse it. Prints the path of a working `claude` on stdout.
# Fails loudly (exit 1) when the npm registry cannot be reached or the binary does not run:
# in CI a test that cannot install its client fails, it does not skip.
#
#   CLAUDE_CODE_VERSION  the version to install (default below: the one the tests were made on)
#   MEMSTRATA_CI_CACHE   the cache folder (default ~/.cache/memstrata-ci)
set -euo pipefail
version="${CLAUDE_CODE_VERSION:-2.1.332}"
cache="${MEMSTRATA_CI_CACHE:-$HOME/.cache/memstrata-ci}/claude-code/$version"
pkg="$cache/node_modules/@anthropic-ai/claude-code"

works() { [ -x "$1" ] && "$1" --version 2>/dev/null | grep -q "^$version "; }

find_claude() {
  local candidate
  for candidate in "$cache/node_modules/.bin/claude" "$pkg/bin/claude.exe" \
    "$cache"/node_modules/@anthropic-ai/claude-code-*/claude; do
    if works "$candidate"; then echo "$candidate"; return 0; fi
  done
  return 1
}

if find_claude; then exit 0; fi

if ! command -v npm >/dev/null 2>&1; then
  echo "install-claude-code: npm is not installed (apt-get install nodejs npm)" >&2
  exit 1
fi
echo "install-claude-code: installing @anthropic-ai/claude-code@$version into $cache" >&2
mkdir -p "$cache"
if ! npm install --prefix "$cache" --no-audit --no-fund --loglevel=error \
  "@anthropic-ai/claude-code@$version" >&2; then
  echo "install-claude-code: FAILED: npm could not install @anthropic-ai/claude-code@$version" \
    "(is the npm registry reachable?)" >&2
  exit 1
fi
# npm may skip the package's postinstall (which puts the native binary in place): run it here.
if ! find_claude >/dev/null && [ -f "$pkg/install.cjs" ] && command -v node >/dev/null 2>&1; then
  (cd "$pkg" && node install.cjs >&2) || true
fi
if find_claude; then exit 0; fi
echo "install-claude-code: FAILED: claude $version was installed in $cache but does not run" >&2
exit 1
