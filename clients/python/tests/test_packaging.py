"""The built wheel and sdist: installed into a fresh venv, the README's Python quick start runs
against the sandbox, and the package is typed (py.typed) and needs Python 3.11+."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

from conftest import REPO, Sandbox

from wallet_api import __version__

PROJECT = Path(__file__).resolve().parents[1]


def readme_quick_start() -> list[str]:
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("### Python client (`clients/python`)") :]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [line.split("   #")[0].strip() for line in block.group(1).strip().splitlines()]


def test_the_wheel_installs_in_a_fresh_venv_and_runs_the_readme_quick_start(tmp_path: Path, sandbox: Sandbox) -> None:
    dist = tmp_path / "dist"
    # -n: no isolation (hatchling comes from the hash-locked dev requirements), -x: no dependency check.
    subprocess.run([sys.executable, "-m", "build", "-n", "-x", "--outdir", str(dist), str(PROJECT)], check=True, capture_output=True)
    wheel = dist / f"wallet_api_sdk-{__version__}-py3-none-any.whl"
    sdist = dist / f"wallet_api_sdk-{__version__}.tar.gz"
    assert wheel.exists() and sdist.exists()
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(f"wallet_api_sdk-{__version__}.dist-info/METADATA").decode()
    assert "wallet_api/py.typed" in names and "wallet_api/_generated/models.py" in names
    assert not any("tests/" in n or "conformance/" in n for n in names)
    assert "Requires-Python: >=3.11" in metadata
    # Installed with the client: httpx and pydantic alone; the sandbox extra adds the sandbox and pytest for its fixtures.
    assert sorted(re.findall(r"^Requires-Dist: ([a-z-]+)[^;\n]*$", metadata, re.M)) == ["httpx", "pydantic"]
    assert sorted(re.findall(r"^Requires-Dist: ([a-z-]+).*; extra == .sandbox.$", metadata, re.M)) == ["pytest", "wallet-api-sandbox"]
    assert "Provides-Extra: sandbox" in metadata
    with tarfile.open(sdist) as archive:
        assert any(n.endswith("src/wallet_api/_core.py") for n in archive.getnames())

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    pip, python = env_dir / "bin" / "pip", env_dir / "bin" / "python"
    install, call = readme_quick_start()
    assert install.startswith("pip install clients/python/dist/") and call.endswith("python examples/operations/listMarkets.py")
    # The README's two commands, with this run's wheel, venv and sandbox.
    subprocess.run([str(pip), "install", "--quiet", "--disable-pip-version-check", str(wheel)], check=True)
    assignments = dict(part.split("=", 1) for part in call.split() if "=" in part)
    assert assignments["WALLET_API_BASE_URL"] == "http://127.0.0.1:4020"
    env = {"PATH": os.environ["PATH"], **assignments, "WALLET_API_BASE_URL": sandbox.url}
    if sandbox.api_key != "sandbox-demo-key":
        env |= {"WALLET_API_KEY": sandbox.api_key, "WALLET_API_SIGNING_SECRET": sandbox.secret}
    run = subprocess.run(
        [str(python), str(REPO / "examples/operations/listMarkets.py")], env=env, capture_output=True, text=True, cwd=tmp_path, check=True
    )
    assert "usdtngn" in json.loads(run.stdout)
    # It ran the installed copy, not this checkout's.
    where = subprocess.run(
        [str(python), "-c", "import wallet_api; print(wallet_api.__file__)"], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert where.stdout.startswith(str(env_dir))
