#!/usr/bin/env bash
# The Java client's CI lane, for a fresh machine with Java 17 and Maven 3.8 (Debian's
# openjdk-17-jdk-headless and maven) and Node (after `npm ci`: the tests, the quick start and
# the conformance run start the sandbox). Resolves every plugin and library from Maven Central
# into WALLET_API_M2 (default ~/.cache/wallet-api-ci/m2, the cache CI keeps), then builds with
# -Xlint:all -Werror and Error Prone, runs the JUnit tests (transport, privacy, one sandbox for
# the flows and the docs' samples), installs wallet-api:wallet-api-sdk, builds and runs the
# consumer project's quick start against a sandbox, checks the generated sources, and runs the
# conformance column for java. Prints the lane's time.
set -euo pipefail
cd "$(dirname "$0")"
started=$(date +%s)
m2=${WALLET_API_M2:-$HOME/.cache/wallet-api-ci/m2}
mvn=(nice -n 10 mvn -B -q -Dstyle.color=never "-Dmaven.repo.local=$m2")

echo "== java lane: $(java -version 2>&1 | head -n 1); $(mvn -v 2>/dev/null | head -n 1 | sed 's/\x1b\[[0-9;]*m//g')"
java -version 2>&1 | grep -q '"17\.' || { echo "java lane: Java 17 expected (the client's floor)" >&2; exit 1; }

echo "== staleness of the generated sources"
fresh=$(mktemp -d)
sandbox_pid=
cleanup() {
  [ -n "$sandbox_pid" ] && kill "$sandbox_pid" 2>/dev/null || true
  rm -rf "$fresh"
}
trap cleanup EXIT
(cd ../.. && node --import tsx clients/java/codegen/generate.ts --out-dir "$fresh" > /dev/null)
# Files that differ, and generated files missing here (the hand-written ones exist only here).
stale=$(diff -r "$fresh/clients/java/src/main/java/walletapi" src/main/java/walletapi | grep -E "^(diff |Only in $fresh)" || true)
if [ -n "$stale" ]; then
  echo "$stale"
  echo "clients/java generated sources are stale: run \`node --import tsx clients/java/codegen/generate.ts\` and commit them"
  exit 1
fi
echo "clients/java generated sources fresh"

echo "== build (-Xlint:all -Werror, Error Prone), JUnit tests, install"
"${mvn[@]}" install
ls target/surefire-reports/TEST-*.xml > /dev/null
tests=$(grep -ho '<testsuite [^>]*' target/surefire-reports/TEST-*.xml | sed -E 's/.* tests="([0-9]+)".*/\1/' | awk '{ n += $1 } END { print n }')
echo "JUnit: $tests tests passed"

echo "== conformance runner"
"${mvn[@]}" -f conformance/pom.xml package

echo "== consumer project (depends on the installed artifact) runs the quick start"
"${mvn[@]}" -f examples/quickstart/pom.xml package
log="$fresh/sandbox.log"
(cd ../.. && PORT=0 SANDBOX_API_KEYS=quickstart-key:quickstart-secret SANDBOX_REJECT_REPLAYS=1 exec node --import tsx scripts/sandbox.ts > "$log" 2>&1) &
sandbox_pid=$!
for _ in $(seq 1 100); do
  url=$(grep -o 'Sandbox listening on http://[^ ]*' "$log" | sed 's/Sandbox listening on //' || true)
  [ -n "$url" ] && break
  sleep 0.2
done
[ -n "${url:-}" ] || { cat "$log"; echo "java lane: the sandbox did not start" >&2; exit 1; }
WALLET_API_ENVIRONMENT=custom WALLET_API_BASE_URL="$url" WALLET_API_KEY=quickstart-key WALLET_API_SIGNING_SECRET=quickstart-secret \
  CUSTOMER_AUTHORIZATION=customer-authorization-value java -jar examples/quickstart/target/quickstart.jar
kill "$sandbox_pid" 2>/dev/null || true
sandbox_pid=

echo "== conformance (java)"
# The matrix's closing lines, or all of it when a case fails.
if (cd ../.. && npm run -s conformance -- --clients java > "$fresh/conformance.txt" 2>&1); then
  tail -n 2 "$fresh/conformance.txt"
else
  cat "$fresh/conformance.txt"
  exit 1
fi

echo "java lane: passed in $(($(date +%s) - started)) s"
