#!/bin/sh
# Stands in for the VS Code executable that @vscode/test-electron would launch (see test/runTest.ts): the same
# flags go to the code-server runner, and its exit code comes back.
exec node "$(dirname "$0")/runExtensionTests.mjs" "$@"
