#!/usr/bin/env bash
# Installs the SDK the way a Go team does, `go get <module>@<tag>`, with no replace: the
# module is served at the tag of version.go by a module proxy made from this folder
# (GOPROXY=file://…, tools/modproxy, the go command's own zip rules), into a consumer module
# of its own (tools/testdata/consumer) and a module cache of its own, so that nothing local is
# read but through the proxy. The consumer then passes go vet, staticcheck and go test -race.
# Offline once the modules are downloaded (ci.sh does): the dependencies come from the module
# cache's download folder, checked against the SDK's go.sum.
set -euo pipefail
sdk=$(cd "$(dirname "$0")" && pwd)
module=$(go -C "$sdk" list -m)
version="v$(sed -n 's/^const Version = "\(.*\)"$/\1/p' "$sdk/version.go")"
work=$(mktemp -d)
cleanup() {
  # The module cache's files are read-only.
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

go -C "$sdk/tools" run ./modproxy -module "$sdk" -version "$version" -out "$work/proxy"

consumer="$work/consumer"
mkdir -p "$consumer"
cp "$sdk"/tools/testdata/consumer/*.go "$consumer/"
printf 'module example.com/consumer\n\ngo 1.24.0\n' > "$consumer/go.mod"
# The dependencies' hashes, as the SDK pins them: a module that differs is refused.
cp "$sdk/go.sum" "$consumer/go.sum"

downloads="$(go env GOMODCACHE)/cache/download"
export GOPROXY="file://$work/proxy,file://$downloads"
export GOMODCACHE="$work/modcache"
# The SDK's own hash comes from the proxy (no checksum database knows an unpublished module).
export GONOSUMDB="$module" GOFLAGS=-mod=mod

echo "== go get $module@$version (GOPROXY=file://…)"
(cd "$consumer" && go get "$module@$version")
if grep -q '^replace' "$consumer/go.mod"; then
  echo "the consumer's go.mod has a replace"
  exit 1
fi
installed=$(cd "$consumer" && go list -m -f '{{.Version}} {{.Dir}}' "$module")
case "$installed" in
  "$version $GOMODCACHE"/*) echo "installed: $module $installed" ;;
  *) echo "not installed from the proxy: $installed"; exit 1 ;;
esac

export GOFLAGS=-mod=readonly
echo "== consumer: go vet"
(cd "$consumer" && go vet ./...)
echo "== consumer: staticcheck"
(cd "$consumer" && GOPROXY="file://$downloads" go tool -modfile="$sdk/tools/go.mod" staticcheck ./...)
echo "== consumer: go test -race"
(cd "$consumer" && go test -race -count=1 ./...)
