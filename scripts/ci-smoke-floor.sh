#!/usr/bin/env bash
# The floor version's smoke (run by .ci/run after the suites, on a built tree): the same install
# and build on Node 22, then start and log in (scripts/smoke.mjs). Native modules have another
# ABI on 22, so it runs in a hard-linked copy of the tree (cheap; nothing in it is written in
# place) whose native packages and API build are real copies, rebuilt there against Node 22's
# headers. The tree itself stays built for Node 24.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ci-node.sh
major="${1:-22}"
node_dir="$(ci_node "$major")"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
for f in $(ls -A | grep -vx '.git'); do cp -al "$f" "$copy/"; done
for pkg in better-sqlite3 argon2 esbuild; do
  rm -rf "$copy/node_modules/$pkg"
  cp -a "node_modules/$pkg" "$copy/node_modules/$pkg"
done
rm -rf "$copy/apps/api/dist"
cd "$copy"
ci_use_node "$node_dir"
echo "== smoke on node $(node -v)"
npm rebuild better-sqlite3 argon2 esbuild --no-audit --no-fund
node apps/api/scripts/native-check.mjs
npm run build -w @portal/api
node scripts/smoke.mjs
