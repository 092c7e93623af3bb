"""The docs' Python samples (examples/operations/<operationId>.py): one per operation, each run
against the sandbox, its printed JSON compared with what a request signed by hand with the
standard library reads back (or with the sandbox's own records for what it created)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, Sandbox
from test_sandbox import spec_operation_ids

SAMPLES = REPO / "examples" / "operations"
SRC = Path(__file__).resolve().parents[1] / "src"


def run(sandbox: Sandbox, operation_id: str, *args: str) -> Any:
    env = {
        "PATH": os.environ["PATH"],
        "PYTHONPATH": str(SRC),
        "WALLET_API_ENVIRONMENT": "custom",
        "WALLET_API_BASE_URL": sandbox.url,
        "WALLET_API_KEY": sandbox.api_key,
        "WALLET_API_SIGNING_SECRET": sandbox.secret,
        "CUSTOMER_AUTHORIZATION": "customer-authorization-value",
    }
    done = subprocess.run([sys.executable, str(SAMPLES / f"{operation_id}.py"), *args], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_operation_has_a_python_sample_calling_its_method() -> None:
    ids = spec_operation_ids()
    assert {p.stem for p in SAMPLES.glob("*.py")} == ids
    for op_id in ids:
        text = (SAMPLES / f"{op_id}.py").read_text()
        method = "".join(f"_{c.lower()}" if c.isupper() else c for c in op_id)
        assert f"client.{method}(" in text or (op_id == "listTransactions" and "client.paginate_transactions(" in text), op_id
        # The options come from WALLET_API_* (the run below sets them), as the docs teach.
        assert "client = WalletApi()" in text, op_id


def without(value: Any, key: str) -> Any:
    if isinstance(value, dict):
        return {k: without(v, key) for k, v in value.items() if k != key}
    return value


@pytest.mark.parametrize(
    ("operation_id", "args", "path"),
    [
        ("listMarkets", [], "/api/v1/wallets/markets"),
        ("getRates", [], "/api/v1/utils/rates"),
        ("getSwapMarket", [], "/api/v1/swaps/market"),
        ("listCoinNetworks", ["usdt"], "/api/v1/utils/usdt/networks"),
        ("getMinimumWithdrawalAmount", ["usdt"], "/api/v1/wallets/minimum-withdrawal-amount?coin=usdt"),
        ("getDepositAddress", ["usdt"], "/api/v1/wallets/deposit-address?coin=usdt&chain=ethereum"),
        ("getSwapQuote", ["usdt", "ngn", "100"], "/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100"),
    ],
)
def test_read_samples_print_what_the_api_answers(sandbox: Sandbox, operation_id: str, args: list[str], path: str) -> None:
    printed = run(sandbox, operation_id, *args)
    # Market tickers carry the time of reading: compared without it.
    assert without(printed, "at") == without(sandbox.helper("GET", path), "at")


def test_write_samples_leave_what_they_printed(sandbox: Sandbox) -> None:
    sandbox.reset()
    wallet = run(sandbox, "createWallet", "usdt", "treasury")
    assert (
        [w["_id"] for w in run(sandbox, "listWallets")] == [wallet["_id"]] == [w["_id"] for w in sandbox.helper("GET", "/api/v1/wallets")]
    )

    swap = run(sandbox, "createSwap", "usdt", "ngn", "100")
    assert run(sandbox, "confirmSwap", swap["id"])["status"] == "confirmed"
    other = run(sandbox, "createSwap", "usdt", "ngn", "50")
    assert run(sandbox, "cancelSwap", other["id"])["status"] == "cancelled"
    assert [(s["id"], s["status"]) for s in sandbox.helper("GET", "/sandbox/swaps")] == [
        (swap["id"], "confirmed"),
        (other["id"], "cancelled"),
    ]

    withdrawal = run(sandbox, "previewWithdrawal", "usdt", "25", "0x8ba1f109551bD432803012645Ac136ddd64DBA72")
    payout = run(sandbox, "previewLocalPayout", "25000", "0123456789", "058")
    stored = {t["_id"]: t for t in sandbox.helper("GET", "/sandbox/transactions")}
    assert set(stored) == {withdrawal["transactionId"], payout["transactionId"]}
    assert run(sandbox, "getTransaction", payout["transactionId"]) == sandbox.helper(
        "GET", f"/api/v1/transactions/{payout['transactionId']}"
    )
    listed = run(sandbox, "listTransactions")
    assert listed["walked"] == 2 and listed["total"] == 2
    assert {t["_id"] for t in listed["data"]} == set(stored)
