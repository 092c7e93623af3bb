#!/usr/bin/env bash
# The Python client's CI lane, for a fresh clone on a fresh machine (after `npm ci`: the tests
# and the conformance run start the sandbox with Node): creates clients/python/.venv with
# Python 3.11 (the lowest version requires-python allows), installs the hash-locked dev
# requirements and the package, then ruff, mypy --strict (package, tests, conformance runner,
# bench, the docs' Python samples), the staleness check of the generated code, pytest against
# one sandbox, the wheel and sdist, and the conformance column for python. Prints the lane's time.
set -euo pipefail
cd "$(dirname "$0")"
started=$(date +%s)

echo "== python lane: $("${PYTHON:-python3.11}" --version)"
bash setup.sh

samples=(../../examples/operations/*.py)

echo "== ruff"
.venv/bin/ruff check --config pyproject.toml . "${samples[@]}"
.venv/bin/ruff format --check --config pyproject.toml . "${samples[@]}"

echo "== mypy --strict"
.venv/bin/mypy src tests codegen conformance bench
# The docs samples: programs outside the package, held to the same strictness.
.venv/bin/mypy "${samples[@]}"

echo "== staleness of the generated code"
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
.venv/bin/python codegen/generate.py --out-dir "$fresh"
for file in models operations; do
  if ! cmp -s "$fresh/$file.py" "src/wallet_api/_generated/$file.py"; then
    echo "clients/python/src/wallet_api/_generated/$file.py is stale: run \`clients/python/.venv/bin/python clients/python/codegen/generate.py\` and commit it"
    exit 1
  fi
  echo "clients/python/src/wallet_api/_generated/$file.py fresh"
done

echo "== pytest"
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider tests
status=$?
set -e
# Exit 5 is pytest's "no tests collected": a lane that ran nothing has failed.
if [ "$status" -eq 5 ]; then
  echo "python lane: pytest collected no tests" >&2
  exit 1
fi
[ "$status" -eq 0 ] || exit "$status"

echo "== wheel and sdist (dist/)"
.venv/bin/python -m build --no-isolation --skip-dependency-check --outdir dist . | tail -n 1

echo "== conformance (python)"
(cd ../.. && npm run -s conformance -- --clients python | tail -n 2)

echo "python lane: $(($(date +%s) - started)) s"
