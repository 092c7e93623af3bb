"""Every request of the process gets its own x-timestamp: two identical requests signed within one
millisecond would otherwise carry the same signature, and a provider refusing replays refuses one."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta

import httpx
from conftest import envelope

from wallet_api import AsyncWalletApi, WalletApi, hmac_sha256

KEY, SECRET = "timestamps-key", "timestamps-signing-secret"
STAMP = "%Y-%m-%dT%H:%M:%S.%fZ"


def recorder() -> tuple[httpx.MockTransport, list[httpx.Request], threading.Lock]:
    seen: list[httpx.Request] = []
    lock = threading.Lock()

    def answer(request: httpx.Request) -> httpx.Response:
        with lock:
            seen.append(request)
        return httpx.Response(200, content=envelope({}))

    return httpx.MockTransport(answer), seen, lock


def sync_client(transport: httpx.MockTransport, **options: object) -> WalletApi:
    return WalletApi(
        environment="custom",
        base_url="http://wallet.test",
        api_key=KEY,
        signer=hmac_sha256(secret=SECRET),
        http_client=httpx.Client(transport=transport),
        **options,  # type: ignore[arg-type]
    )


def read(request: httpx.Request) -> datetime:
    return datetime.strptime(request.headers["x-timestamp"], STAMP).replace(tzinfo=UTC)


def test_identical_calls_in_a_row_carry_distinct_timestamps_and_signatures() -> None:
    transport, seen, _ = recorder()
    with sync_client(transport) as client:
        for _ in range(200):
            client.list_markets()
    stamps = [r.headers["x-timestamp"] for r in seen]
    assert len(set(stamps)) == 200
    assert len({r.headers["x-signature"] for r in seen}) == 200
    assert stamps == sorted(stamps)


def test_threads_and_the_sync_and_async_clients_of_a_process_share_one_sequence() -> None:
    transport, seen, _ = recorder()
    sync = sync_client(transport)

    def calls() -> None:
        for _ in range(50):
            sync.list_markets()

    async def async_calls() -> None:
        async with AsyncWalletApi(
            environment="custom",
            base_url="http://wallet.test",
            api_key=KEY,
            signer=hmac_sha256(secret=SECRET),
            http_client=httpx.AsyncClient(transport=transport),
        ) as client:
            for _ in range(50):
                await client.list_markets()

    threads = [threading.Thread(target=calls) for _ in range(3)]
    threads.append(threading.Thread(target=lambda: asyncio.run(async_calls())))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    sync.close()
    assert len(seen) == 200
    assert len({r.headers["x-timestamp"] for r in seen}) == 200


def test_a_clock_that_stands_still_is_read_and_then_run_ahead_of() -> None:
    moment = datetime(2026, 1, 1, tzinfo=UTC)
    transport, seen, _ = recorder()
    with sync_client(transport, clock=lambda: moment) as client:
        for _ in range(3):
            client.list_markets()
    assert [read(r) - moment for r in seen] == [timedelta(milliseconds=n) for n in range(3)]


def test_a_clock_of_its_own_neither_moves_nor_is_moved_by_the_system_clocks_sequence() -> None:
    ahead = datetime.now(UTC) + timedelta(days=1)
    transport, seen, _ = recorder()
    with sync_client(transport, clock=lambda: ahead) as shifted:
        shifted.list_markets()
    with sync_client(transport) as plain:
        plain.list_markets()
    assert read(seen[0]) == ahead.replace(microsecond=ahead.microsecond // 1000 * 1000)
    # The system-clock client signs near now, not one day ahead.
    assert abs(read(seen[1]) - datetime.now(UTC)) < timedelta(hours=1)
