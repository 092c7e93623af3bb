#!/usr/bin/env bash
# The Java client's per-call cost against a raw HttpClient with hand-written signing, on
# loopback and with a 20 ms server, after a warm-up (clients/java/src/test/java/walletapi/Bench.java).
# Usage: bash scripts/bench/java-client.sh [LOOPBACK_CALLS [SLOW_CALLS]]   (defaults 4000 and 150)
set -euo pipefail
cd "$(dirname "$0")/../../clients/java"
m2=${WALLET_API_M2:-$HOME/.cache/wallet-api-ci/m2}
mvn=(mvn -B -q -Dstyle.color=never "-Dmaven.repo.local=$m2")
"${mvn[@]}" -DskipTests test-compile
classpath_file=$(mktemp)
trap 'rm -f "$classpath_file"' EXIT
"${mvn[@]}" dependency:build-classpath -Dmdep.includeScope=test "-Dmdep.outputFile=$classpath_file" > /dev/null
exec java -XX:+UseSerialGC -cp "target/test-classes:target/classes:$(cat "$classpath_file")" walletapi.Bench "$@"
