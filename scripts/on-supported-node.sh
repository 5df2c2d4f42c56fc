#!/bin/sh
# Runs a command on a Node in support (the major of .node-version, or 22+). A machine whose node is
# older (Node 20 went out of support on 2026-04-30) gets that Node from the npm registry's
# node-linux-<arch> package — the binary with its headers — in .node/, first on PATH for this command
# only; the machine's own node is left as it is. Native modules (better-sqlite3) built for another
# Node are rebuilt against those headers, once. `npm start`, `npm test` and .ci/run go through here.
set -eu
cd "$(dirname "$0")/.."

want="$(cat .node-version)"
have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$have" -lt 22 ]; then
  arch="$(node -p process.arch 2>/dev/null || uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/')"
  pkg="node-linux-$arch"
  home="$PWD/.node/node_modules/$pkg"
  if [ ! -x "$home/bin/node" ] || [ "$("$home/bin/node" -p 'process.versions.node.split(".")[0]')" != "$want" ]; then
    echo "Node $have is out of support: installing Node $want from the npm registry ($pkg) into .node/" >&2
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix .node "$pkg@$want" >&2
  fi
  PATH="$home/bin:$PATH"
  npm_config_nodedir="$home"
  export PATH npm_config_nodedir
  # a native module built for the old Node cannot load in this one
  if [ -d node_modules/better-sqlite3 ] && ! node -e 'new (require("better-sqlite3"))(":memory:").close()' >/dev/null 2>&1; then
    echo "rebuilding better-sqlite3 for Node $(node -v)…" >&2
    npm rebuild better-sqlite3 --loglevel=error >&2
  fi
fi
exec "$@"
