#!/usr/bin/env bash
# Installs the pinned tools the end-to-end tests need, outside the project's dependencies, into
# .tools/ (git-ignored): code-server (the real VS Code workbench and extension host, for machines
# that cannot download VS Code) — see README.md, "Testing in real editors". Idempotent.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TOOLS="$ROOT/.tools"
CODE_SERVER_VERSION=4.100.3   # VS Code 1.100.3: the newest code-server that runs on Node 20
CS="$TOOLS/code-server"

if [ -x "$CS/node_modules/.bin/code-server" ] && [ "$(cat "$CS/.version" 2>/dev/null)" = "$CODE_SERVER_VERSION" ]; then
  echo "code-server $CODE_SERVER_VERSION already installed in $CS"
  exit 0
fi

command -v rg >/dev/null || { echo "install-tools: ripgrep (rg) is needed: apt-get install -y ripgrep" >&2; exit 1; }
rm -rf "$CS"
mkdir -p "$CS" "$TOOLS/tmp"
export TMPDIR="$TOOLS/tmp"
# @vscode/ripgrep's postinstall downloads rg; give it Debian's binary from its cache instead.
mkdir -p "$TMPDIR/vscode-ripgrep-cache-1.15.11"
tar czf "$TMPDIR/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$(dirname "$(command -v rg)")" rg
echo '{ "name": "robots-acap-tools", "private": true }' > "$CS/package.json"
# node-pty's postinstall runs npx node-gyp; answer its prompt. Install scripts are needed here
# (code-server builds its native modules), in this isolated folder only.
(cd "$CS" && npm_config_yes=true npm install --no-audit --no-fund --unsafe-perm --dangerously-allow-all-scripts "code-server@$CODE_SERVER_VERSION")
echo "$CODE_SERVER_VERSION" > "$CS/.version"
echo "code-server $CODE_SERVER_VERSION installed in $CS"
