"""Every operation against the sandbox, through the sync and the async client."""

from __future__ import annotations

import asyncio
import json

import pytest
from conftest import REPO, Sandbox

from wallet_api import ApiError, AsyncWalletApi, WalletApi, hmac_sha256, models
from wallet_api._generated.operations import OPERATIONS


def spec_operation_ids() -> set[str]:
    # The oracle: the bundled spec as the TypeScript kit writes it, read directly.
    document = json.loads((REPO / "generated" / "openapi.json").read_text())
    return {
        op["operationId"] for item in document["paths"].values() for op in item.values() if isinstance(op, dict) and "operationId" in op
    }


def snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


def test_every_operation_of_the_spec_has_a_method_on_each_client() -> None:
    ids = spec_operation_ids()
    assert len(ids) == 16
    assert set(OPERATIONS) == ids
    for op_id in ids:
        for cls in (WalletApi, AsyncWalletApi):
            assert callable(getattr(cls, snake(op_id))), (cls, op_id)


def test_discovery(client: WalletApi) -> None:
    markets = client.list_markets()
    assert markets and all(isinstance(t, models.MarketTicker) for t in markets.values())
    assert float(markets["usdtngn"].ticker.sell) > 0
    networks = client.list_coin_networks(coin="usdt")
    assert {n.reference for n in networks} >= {"ethereum"}
    assert client.get_minimum_withdrawal_amount(coin="usdt").minimum_amount > 0
    assert client.get_rates() is not None
    assert client.get_swap_market() is not None
    address = client.get_deposit_address(coin="usdt", chain="ethereum")
    assert isinstance(address, dict) and address["chain"] == "ethereum"


def test_wallets(sandbox: Sandbox, client: WalletApi) -> None:
    sandbox.reset()
    created = client.create_wallet(token="usdt", name="treasury")
    assert created.token == "usdt" and created.status == "active"
    assert created.id in {w.id for w in client.list_wallets()}


def test_swap_flow_quote_create_confirm(sandbox: Sandbox, client: WalletApi) -> None:
    sandbox.reset()
    quote = client.get_swap_quote(from_="usdt", to="ngn", amount=100)
    assert quote.quoted_currency == "NGN"
    swap = client.create_swap(from_="usdt", to="ngn", amount=100, password="customer-authorization-value")
    assert (swap.from_, swap.to, swap.status) == ("usdt", "ngn", "pending")
    assert client.confirm_swap(id=swap.id).status == "confirmed"
    stored = sandbox.helper("GET", "/sandbox/swaps")
    assert [(s["id"], s["status"]) for s in stored] == [(swap.id, "confirmed")]


def test_cancelled_swap_cannot_be_confirmed(sandbox: Sandbox, client: WalletApi) -> None:
    sandbox.reset()
    swap = client.create_swap(from_="usdt", to="ngn", amount=100, password="customer-authorization-value")
    assert client.cancel_swap(id=swap.id).status == "cancelled"
    with pytest.raises(ApiError) as refused:
        client.confirm_swap(id=swap.id)
    assert refused.value.http_status == 409
    assert refused.value.kind == "api" and refused.value.operation == "POST /api/v1/swaps/{id}/confirm"
    assert "pending" in refused.value.api_message


def test_previews_and_transactions(sandbox: Sandbox, client: WalletApi) -> None:
    sandbox.reset()
    withdrawal = client.preview_withdrawal(
        chain="ethereum", amount=25, coin="usdt", receiver_address="0x8ba1f109551bD432803012645Ac136ddd64DBA72"
    )
    assert withdrawal.status == "pending" and withdrawal.amount == 25
    payout = client.preview_local_payout(amount=25000, coin="ngn", account_number="0123456789", bank_code="058", remark="rent")
    assert payout.status == "pending"
    page = client.list_transactions(limit=10, page=1)
    assert (page.page, page.total) == (1, 2)
    assert {t.id for t in page.data} == {withdrawal.transaction_id, payout.transaction_id}
    one = client.get_transaction(id=withdrawal.transaction_id)
    assert one["_id"] == withdrawal.transaction_id


def make_previews(client: WalletApi, count: int) -> None:
    for _ in range(count):
        client.preview_withdrawal(chain="ethereum", amount=25, coin="usdt", receiver_address="0x8ba1f109551bD432803012645Ac136ddd64DBA72")


def test_paging_walks_every_page_and_stops_at_the_last(sandbox: Sandbox, client: WalletApi) -> None:
    sandbox.reset()
    make_previews(client, 5)
    pages = list(client.paginate_transactions(limit=2).pages())
    assert [(p.page, len(p.data)) for p in pages] == [(1, 2), (2, 2), (3, 1)]
    assert len({t.id for t in client.paginate_transactions(limit=2)}) == 5
    assert len(list(client.paginate_transactions(limit=2, max_pages=2))) == 4
    assert len(list(client.paginate_transactions(limit=2, page=3))) == 1


def test_paging_an_empty_list_is_one_empty_page(sandbox: Sandbox, client: WalletApi) -> None:
    sandbox.reset()
    assert [(p.page, p.pages, p.data) for p in client.paginate_transactions(limit=5).pages()] == [(1, 0, [])]


def test_async_client_every_kind_of_call(sandbox: Sandbox) -> None:
    sandbox.reset()

    async def run() -> None:
        async with AsyncWalletApi(
            environment="custom", base_url=sandbox.url, api_key=sandbox.api_key, signer=hmac_sha256(secret=sandbox.secret)
        ) as client:
            markets, quote = await asyncio.gather(client.list_markets(), client.get_swap_quote(from_="usdt", to="ngn", amount=100))
            assert "usdtngn" in markets and quote.quoted_currency == "NGN"
            swap = await client.create_swap(from_="usdt", to="ngn", amount=100, password="customer-authorization-value")
            assert (await client.confirm_swap(id=swap.id)).status == "confirmed"
            for _ in range(3):
                await client.preview_withdrawal(
                    chain="ethereum", amount=25, coin="usdt", receiver_address="0x8ba1f109551bD432803012645Ac136ddd64DBA72"
                )
            items = [t async for t in client.paginate_transactions(limit=2)]
            pages = [p async for p in client.paginate_transactions(limit=2).pages()]
            assert len({t.id for t in items}) == 3 and len(pages) == 2
            raw = await client.with_raw_response.list_wallets()
            assert raw.status_code == 200 and raw.envelope["status"] == "success" and raw.parse() == []

    asyncio.run(run())


def test_raw_response_gives_status_headers_and_envelope(client: WalletApi) -> None:
    raw = client.with_raw_response.list_markets()
    assert raw.status_code == 200
    assert raw.headers["content-type"].startswith("application/json")
    assert raw.envelope["status"] == "success" and isinstance(raw.envelope["message"], str)
    assert raw.parse() == client.list_markets() or set(raw.parse()) == set(client.list_markets())
    assert raw.attempts == 1


def test_a_wrong_secret_is_refused_by_the_sandbox(sandbox: Sandbox) -> None:
    with WalletApi(
        environment="custom", base_url=sandbox.url, api_key=sandbox.api_key, signer=hmac_sha256(secret="not-the-secret")
    ) as client:
        with pytest.raises(ApiError) as refused:
            client.list_markets()
    assert refused.value.http_status == 401
    assert "not-the-secret" not in str(refused.value)
