#!/usr/bin/env bash
# The Go client's CI lane, for a fresh machine with Go 1.24 or later (and Node, for the
# sandbox the tests and the conformance run start): downloads the modules (go.sum verified,
# nothing may change go.mod), then gofmt, go vet, staticcheck, go test -race, the staleness
# check of the generated code, a consumer's install through a module proxy (consumer-test.sh)
# and the conformance column for go. Prints the lane's time.
set -euo pipefail
cd "$(dirname "$0")"
started=$(date +%s)
export GOFLAGS=-mod=readonly
# The SDK, its tools module (oapi-codegen, staticcheck) and the quick start's module.
modules=(. tools examples/quickstart)

echo "== go lane: $(go version)"
for m in "${modules[@]}"; do
  go -C "$m" mod download
  go -C "$m" mod verify
done

echo "== gofmt"
unformatted=$(gofmt -l . | grep -v '^tools/' || true)
if [ -n "$unformatted" ]; then
  echo "not gofmt-formatted:"
  echo "$unformatted"
  exit 1
fi

echo "== go vet"
go vet ./...
go -C examples/quickstart vet ./...

echo "== staticcheck (pinned in tools/go.mod)"
go tool -modfile=tools/go.mod staticcheck ./...
(cd examples/quickstart && go tool -modfile=../../tools/go.mod staticcheck ./...)

echo "== go test -race"
# Packages without tests (the docs' programs, the runner) are left out of the listing.
go test -race -count=1 ./... 2>&1 | grep -v '\[no test files\]$'

echo "== staleness of the generated code"
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
(cd oapi && go tool -modfile=../tools/go.mod oapi-codegen -config config.yaml -o "$fresh/oapi.gen.go" ../../../generated/openapi.yaml)
if ! cmp -s "$fresh/oapi.gen.go" oapi/oapi.gen.go; then
  echo "clients/go/oapi/oapi.gen.go is stale: run \`go -C clients/go generate ./...\` and commit it"
  exit 1
fi
echo "clients/go/oapi/oapi.gen.go fresh"

echo "== a consumer installs the module with go get (file module proxy, no replace)"
bash consumer-test.sh

echo "== conformance (go)"
# The matrix's closing lines, or all of it when a case fails.
if (cd ../.. && npm run -s conformance -- --clients go > "$fresh/conformance.txt" 2>&1); then
  tail -n 2 "$fresh/conformance.txt"
else
  cat "$fresh/conformance.txt"
  exit 1
fi

echo "go lane: passed in $(($(date +%s) - started)) s"
