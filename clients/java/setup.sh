#!/usr/bin/env bash
# Builds the Java client and its conformance runner: installs wallet-api:wallet-api-sdk into
# the Maven repository the lane uses (WALLET_API_M2, default ~/.cache/wallet-api-ci/m2, so a
# warm cache is reused), then packages clients/java/conformance/target/conformance-runner.jar
# with its jars in target/lib. The lane (ci.sh) and `npm run conformance` run it; safe to run again.
set -euo pipefail
cd "$(dirname "$0")"
m2=${WALLET_API_M2:-$HOME/.cache/wallet-api-ci/m2}
mvn=(nice -n 10 mvn -B -q "-Dmaven.repo.local=$m2")
"${mvn[@]}" -DskipTests install
"${mvn[@]}" -f conformance/pom.xml package
