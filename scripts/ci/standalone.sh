#!/usr/bin/env bash
# The standalone lane: builds dist/standalone (npm run build:standalone: the bundle, the Linux
# x64 executable, the two wheels), then proves them where no Node is on PATH:
#  - a fresh venv installs the client's runtime dependencies and pytest (hash-pinned), then
#    "wallet-api-sdk[sandbox]" from dist/standalone alone, and runs a project's pytest file that
#    uses the fixtures, once on the wheel's Node and once on the executable;
#  - a pytest run interrupted by SIGINT, SIGTERM and SIGKILL leaves no sandbox process behind;
#  - a Go module's tests use sandboxtest with the executable;
#  - the conformance matrix runs against the executable.
# Prints its time; needs what .ci/run installed (npm ci, Python 3.11, Go).
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
out=dist/standalone

echo "== build:standalone"
nice -n 10 npm run -s build:standalone
exe="$PWD/$out/wallet-api-sandbox-linux-x64"
# The sandbox distribution's code and the project test file, held to the client's strictness (its venv made the wheels).
(cd clients/python && .venv/bin/mypy sandbox-dist/src sandbox-dist/tests && .venv/bin/ruff check --config pyproject.toml sandbox-dist)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A PATH with the few commands the runs need and no node: each is a link to the real one.
nonode="$work/bin"
mkdir -p "$nonode"
for tool in go gofmt sh env; do
  found=$(command -v "$tool" || true)
  [ -n "$found" ] && ln -s "$found" "$nonode/$tool"
done
if PATH="$nonode" command -v node >/dev/null; then echo "standalone lane: node is still on the test PATH" >&2; exit 1; fi

echo "== fresh venv, no node on PATH"
python=${PYTHON:-python3.11}
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes -r clients/python/sandbox-dist/requirements-test.txt
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-index --find-links "$out" "wallet-api-sdk[sandbox]"
# The test file as a project of its own would hold it: outside the repository, whose settings would put src/ on the path.
mkdir "$work/project"
cp clients/python/sandbox-dist/tests/test_with_fixtures.py "$work/project/"
run_pytest() { (cd "$work/project" && env PATH="$work/venv/bin:$nonode" WALLET_API_SANDBOX_PROOF=1 "$@" "$work/venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir . "${pytest_args[@]}"); }
pytest_args=(test_with_fixtures.py)
echo "-- on the wallet-api-sandbox wheel's Node"
run_pytest
echo "-- on the executable (WALLET_API_SANDBOX_BIN)"
run_pytest WALLET_API_SANDBOX_BIN="$exe"

echo "== an interrupted run leaves no sandbox"
cp clients/python/sandbox-dist/tests/interrupted/test_held_open.py "$work/project/"
for sig in INT TERM KILL; do
  pidfile="$work/sandbox-$sig.pid"
  (cd "$work/project" && exec env PATH="$work/venv/bin:$nonode" SANDBOX_PID_FILE="$pidfile" "$work/venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir . test_held_open.py) >"$work/held-$sig.log" 2>&1 &
  runner=$!
  for _ in $(seq 1 300); do [ -s "$pidfile" ] && break; sleep 0.1; done
  [ -s "$pidfile" ] || { echo "standalone lane: the held-open test never started"; cat "$work/held-$sig.log"; exit 1; }
  sandbox=$(cat "$pidfile")
  kill -s "$sig" "$runner"
  wait "$runner" || true
  # Gone, or a zombie (dead, waiting to be reaped by whoever adopted it): either way no sandbox runs.
  running() { local state; state=$(ps -o stat= -p "$1" 2>/dev/null) && [[ "$state" != Z* ]]; }
  for _ in $(seq 1 100); do running "$sandbox" || break; sleep 0.1; done
  if running "$sandbox"; then echo "standalone lane: SIG$sig to pytest left sandbox process $sandbox running" >&2; kill -KILL "$sandbox"; exit 1; fi
  echo "SIG$sig: pytest stopped, sandbox process $sandbox gone"
done

echo "== Go: sandboxtest with the executable, no node on PATH"
(cd clients/go/sandboxtest/example && env PATH="$nonode" HOME="$HOME" GOPATH="$(go env GOPATH)" GOCACHE="$(go env GOCACHE)" GOMODCACHE="$(go env GOMODCACHE)" GOFLAGS=-mod=readonly CGO_ENABLED=0 WALLET_API_SANDBOX_BIN="$exe" go test -count=1 ./...)

echo "== conformance against the executable"
npm run -s conformance -- --sandbox-bin "$exe" | tail -n 3

echo "standalone lane: $((SECONDS - started)) s"
