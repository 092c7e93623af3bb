#!/usr/bin/env bash
# The PHP client's CI lane, for a fresh Debian machine (run as root by .ci/run, with Node for
# the sandbox the tests and the conformance run start): installs PHP 8.2 and its tools from
# Debian's packages when absent (php8.2-cli, -curl, -mbstring, phpunit, php-codesniffer,
# composer), then php -l, PHP_CodeSniffer (PSR-12, phpcs.xml), the staleness of the generated
# code, PHPUnit (transport tests, the sandbox, the samples, and an integrator's project that
# installs the package through a Composer path repository with no network), and the
# conformance column for php. Prints the lane's time.
#
# Static analysis: PHPStan and Psalm are not packaged by Debian and Packagist is out of this
# machine's reach, so the lane runs php -l and phpcs's code-analysis sniffs; phpstan.neon (max
# level) is kept for teams with Composer: `composer require --dev phpstan/phpstan && vendor/bin/phpstan`.
set -euo pipefail
cd "$(dirname "$0")"
started=$(date +%s)

missing=()
for package in php8.2-cli php8.2-curl php8.2-mbstring phpunit php-codesniffer composer; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== installing ${missing[*]} (Debian)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

echo "== php lane: PHP $(php -r 'echo PHP_VERSION;'), $(phpunit --version | head -n 1), $(phpcs --version), $(composer --version 2>/dev/null | head -n 1)"
php -r 'exit(PHP_VERSION_ID >= 80200 ? 0 : 1);' || { echo "php lane: PHP 8.2 or later expected" >&2; exit 1; }
for extension in curl json mbstring zlib pcntl posix sockets; do
  php -r "exit(extension_loaded('$extension') ? 0 : 1);" || { echo "php lane: the $extension extension is missing" >&2; exit 1; }
done

echo "== php -l"
lint=$(find src codegen conformance tests ../../examples/operations -name '*.php' -print0 | xargs -0 -n 1 php -l 2>&1 | grep -v '^No syntax errors detected' || true)
if [ -n "$lint" ]; then
  echo "$lint"
  exit 1
fi

echo "== phpcs (PSR-12, phpcs.xml)"
phpcs -q

echo "== composer validate"
composer validate --no-check-publish --no-check-lock --quiet

echo "== staleness of the generated code"
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
php codegen/generate.php --out-dir "$fresh" >/dev/null
if ! diff -r -q "$fresh" src/Generated; then
  echo "clients/php/src/Generated is stale: run \`php clients/php/codegen/generate.php\` and commit it"
  exit 1
fi
echo "clients/php/src/Generated fresh"

echo "== phpunit"
phpunit

echo "== conformance (php)"
# The matrix's closing lines, or all of it when a case fails.
if (cd ../.. && npm run -s conformance -- --clients php > "$fresh/conformance.txt" 2>&1); then
  tail -n 2 "$fresh/conformance.txt"
else
  cat "$fresh/conformance.txt"
  exit 1
fi

echo "php lane: passed in $(($(date +%s) - started)) s"
