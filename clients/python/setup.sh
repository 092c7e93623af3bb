#!/usr/bin/env bash
# Prepares the Python client's environment in clients/python/.venv: Python 3.11 (the lowest
# version requires-python allows, or $PYTHON), the hash-locked dev requirements and the
# package itself. The lane (ci.sh) and `npm run conformance` run it; it is safe to run again.
set -euo pipefail
cd "$(dirname "$0")"

python=${PYTHON:-python3.11}
if ! command -v "$python" >/dev/null; then
  echo "python: $python not found (the client's environment uses Python 3.11, the lowest requires-python allows; set PYTHON)" >&2
  exit 1
fi
"$python" -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "python: Python 3.11 expected, got " + sys.version.split()[0])'

[ -x .venv/bin/python ] || "$python" -m venv .venv
# Every dependency pinned with its hashes, the build backend included (pip's hash mode is all or nothing).
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-dev.txt
# The package itself, built without isolation from the locked hatchling; its dependencies came from the lock.
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall .
