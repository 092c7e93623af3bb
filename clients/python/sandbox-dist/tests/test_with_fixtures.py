"""A Python project's test file against the sandbox, through the fixtures of ``wallet-api-sdk[sandbox]``
alone: no Node installed, no sandbox started by hand. The standalone lane runs it in a fresh venv."""

from __future__ import annotations

import os
import shutil

import pytest

from wallet_api import ApiError, AsyncWalletApi, WalletApi
from wallet_api.sandbox import LocalSandbox

# The customer's authorisation value the integrator's backend passes on; any text does in the sandbox.
PASSWORD = "customer-password"  # noqa: S105
ASSET = "usdt"


def test_no_node_on_path() -> None:
    # What the lane proves: the sandbox runs on the wheel's Node (or the executable), none of the machine's.
    if os.environ.get("WALLET_API_SANDBOX_PROOF") == "1":
        assert shutil.which("node") is None


def test_a_swap_from_quote_to_confirmed(wallet_api: WalletApi) -> None:
    quote = wallet_api.get_swap_quote(from_="usdt", to="ngn", amount=100)
    assert float(quote.quoted_price) > 0
    swap = wallet_api.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
    assert swap.status == "pending"
    confirmed = wallet_api.confirm_swap(id=swap.id)
    assert (confirmed.id, confirmed.status) == (swap.id, "confirmed")
    # The sandbox keeps the state: a confirmed swap cannot be cancelled.
    with pytest.raises(ApiError) as raised:
        wallet_api.cancel_swap(id=swap.id)
    assert raised.value.http_status == 409


def test_a_503_scenario(wallet_api_sandbox: LocalSandbox, wallet_api: WalletApi) -> None:
    armed = wallet_api_sandbox.arm({"operation": "createSwap", "answer": "throttle", "status": 503, "retryAfterSeconds": 1})
    assert armed["answer"] == "throttle"
    with pytest.raises(ApiError) as raised:
        wallet_api.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
    assert raised.value.http_status == 503
    assert raised.value.headers["retry-after"] == "1"
    # Spent after one call: the next is the sandbox's own answer.
    assert wallet_api.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD).status == "pending"


# Two tests in a row: what the first leaves (a wallet, an armed scenario) the second does not see.
left_behind: dict[str, object] = {}


def test_isolation_first_leaves_state(wallet_api_sandbox: LocalSandbox, wallet_api: WalletApi) -> None:
    left_behind["fresh"] = [wallet.id for wallet in wallet_api.list_wallets()]
    made = wallet_api.create_wallet(token=ASSET)
    left_behind["made"] = made.id
    assert made.id in [wallet.id for wallet in wallet_api.list_wallets()]
    wallet_api_sandbox.arm({"operation": "getRates", "answer": "error", "status": 500, "every": True})


def test_isolation_second_sees_none_of_it(wallet_api_sandbox: LocalSandbox, wallet_api: WalletApi) -> None:
    assert "made" in left_behind, "runs after test_isolation_first_leaves_state"
    assert [wallet.id for wallet in wallet_api.list_wallets()] == left_behind["fresh"]
    assert wallet_api_sandbox.scenarios() == []
    wallet_api.get_rates()


@pytest.mark.anyio
async def test_the_async_client(async_wallet_api: AsyncWalletApi) -> None:
    assert (await async_wallet_api.list_transactions()).total == 0
    swap = await async_wallet_api.create_swap(from_="usdt", to="ngn", amount=10, password=PASSWORD)
    assert (await async_wallet_api.cancel_swap(id=swap.id)).status == "cancelled"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
