#!/usr/bin/env bash
# The floor version's smoke (run by .ci/run after the suites, on a built tree): the same install
# and build on Node 22, then start and log in (scripts/smoke.mjs). The native modules are
# Node-API binaries that load on either version; their install scripts run again on 22 all the
# same, in a hard-linked copy of the tree (cheap) whose packages with install scripts and API
# build are real copies, so the tree itself stays exactly as Node 24 built it.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ci-node.sh
major="${1:-22}"
node_dir="$(ci_node "$major")"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
for f in $(ls -A | grep -vx '.git'); do cp -al "$f" "$copy/"; done
for pkg in argon2 esbuild; do
  rm -rf "$copy/node_modules/$pkg"
  cp -a "node_modules/$pkg" "$copy/node_modules/$pkg"
done
rm -rf "$copy/apps/api/dist"
cd "$copy"
ci_use_node "$node_dir"
echo "== smoke on node $(node -v)"
npm rebuild argon2 esbuild --no-audit --no-fund
node apps/api/scripts/native-check.mjs
npm run build -w @portal/api
node scripts/smoke.mjs
