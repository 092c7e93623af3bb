"""The built wheel and sdist: installed into a fresh venv, the Python guide's quick start runs
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


def guide_quick_start() -> list[str]:
    guide = (REPO / "docs/python.md").read_text()
    section = guide[guide.index("## Quick start") :]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [line.split("   #")[0].strip() for line in block.group(1).strip().splitlines()]


def test_the_wheel_installs_in_a_fresh_venv_and_runs_the_guide_quick_start(tmp_path: Path, sandbox: Sandbox) -> None:
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
    install, call = guide_quick_start()
    assert install.startswith("pip install clients/python/dist/") and call.endswith("python examples/operations/listMarkets.py")
    # The guide's two commands, with this run's wheel, venv and sandbox.
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
    type_checks_as_a_consumer(tmp_path, python)


# A program of an integrator's, using the installed package the way the docs teach.
CONSUMER = """\
import asyncio

import httpx

from wallet_api import ApiError, AsyncWalletApi, NotFoundError, RateLimitError, RetryOptions, WalletApi, models


def find(client: WalletApi, transaction_id: str) -> object | None:
    try:
        # The spec publishes no shape for a transaction: it comes as it came, typed Any.
        found: object = client.get_transaction(id=transaction_id, timeout=5)
        return found
    except NotFoundError:
        return None
    except RateLimitError as limited:
        print(limited.retry_after, limited.http_status, limited.kind)
        raise
    except ApiError as error:
        print(error.api_message, error.raw_envelope().get("message"))
        raise


def main() -> None:
    client = WalletApi(retry=RetryOptions(attempts=3))
    patient = client.with_options(timeout=httpx.Timeout(10.0, connect=2.0), max_retries=2)
    quote: models.SwapQuote = patient.get_swap_quote(from_="usdt", to="ngn", amount=100)
    print(quote, find(client, "TRX-1"))
    for transaction in client.paginate_transactions(limit=50, timeout=30.0):
        print(transaction.id)


async def main_async() -> None:
    async with AsyncWalletApi(timeout=10) as client:
        markets = await client.with_options(max_retries=1).list_markets()
        print(len(markets))


if __name__ == "__main__":
    main()
    asyncio.run(main_async())
"""
# One line each checker must refuse: the checks see the package's types, not Any.
WRONG = "from wallet_api import WalletApi\n\ncount: int = WalletApi().list_markets(timeout='5s')\n"


def type_checks_as_a_consumer(tmp_path: Path, python: Path) -> None:
    """mypy --strict and pyright, run from a folder of the consumer's own against the installed wheel."""
    consumer = tmp_path / "consumer"
    consumer.mkdir()
    (consumer / "app.py").write_text(CONSUMER)
    (consumer / "wrong.py").write_text(WRONG)
    bin_dir = Path(sys.executable).parent
    checkers = {
        "mypy": [str(bin_dir / "mypy"), "--strict", "--no-incremental", "--python-executable", str(python)],
        "pyright": [str(bin_dir / "pyright"), "--pythonpath", str(python)],
    }
    for name, command in checkers.items():
        good = subprocess.run([*command, "app.py"], capture_output=True, text=True, cwd=consumer)
        assert good.returncode == 0, f"{name}: {good.stdout}{good.stderr}"
        bad = subprocess.run([*command, "wrong.py"], capture_output=True, text=True, cwd=consumer)
        assert bad.returncode == 1 and re.search(r"wrong\.py:3", bad.stdout), f"{name}: {bad.stdout}{bad.stderr}"
