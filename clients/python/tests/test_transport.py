"""What the sandbox cannot produce: exact signing, retries, redirects, size limits, timeouts,
faults and signer failures, through httpx.MockTransport (the client's real send path)."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import hmac
import json
import re
import time
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from conftest import envelope

from wallet_api import (
    USER_AGENT,
    ApiError,
    AsyncWalletApi,
    InvalidResponseError,
    NetworkError,
    RequestTimeoutError,
    RetryOptions,
    SignatureInput,
    SigningError,
    WalletApi,
    __version__,
    hmac_sha256,
)
from wallet_api._core import _backoff_ms, _retry_after_ms

KEY, SECRET = "transport-key", "transport-signing-secret"
MARKETS = {"usdtngn": {"at": 1767225600, "ticker": {"buy": "1545.5", "sell": "1539.0", "last": "1542.25"}}}
Handler = Callable[[httpx.Request], httpx.Response]


def make(handler: Handler, **options: Any) -> tuple[WalletApi, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    options.setdefault("signer", hmac_sha256(secret=SECRET))
    client = WalletApi(
        environment="custom",
        base_url="http://wallet.test",
        api_key=KEY,
        http_client=httpx.Client(transport=httpx.MockTransport(record)),
        **options,
    )
    return client, seen


def ok(data: object = MARKETS) -> Handler:
    return lambda request: httpx.Response(200, content=envelope(data), headers={"content-type": "application/json"})


def expected_signature(request: httpx.Request) -> str:
    # The oracle: the standard library's HMAC over the bytes on the request line and in the body.
    canonical = f"{request.headers['x-timestamp']}\n{request.method}\n{request.url.raw_path.decode()}\n".encode() + request.content
    return hmac.new(SECRET.encode(), canonical, hashlib.sha256).hexdigest()


def test_signs_the_exact_bytes_sent() -> None:
    client, seen = make(ok({"id": "s1", "from": "usdt", "to": "ngn", "status": "pending"}))
    client.create_swap(from_="usdt", to="ngn", amount=100.0, password='pässword "quoted"')
    # The raw call stops before reading the data (a swap, here, not a quote).
    client.with_raw_response.get_swap_quote(from_="usdt", to="n g/n", amount=2.5)
    post, get = seen
    assert post.content == '{"from":"usdt","to":"ngn","amount":100,"password":"pässword \\"quoted\\""}'.encode()
    assert post.headers["content-type"] == "application/json"
    assert get.url.raw_path == b"/api/v1/swaps/quotes?from=usdt&to=n%20g%2Fn&amount=2.5" and get.content == b""
    for request in seen:
        assert request.headers["x-api-key"] == KEY
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z", request.headers["x-timestamp"])
        assert request.headers["x-signature"] == expected_signature(request)


def test_path_parameters_are_percent_encoded_and_signed_as_sent() -> None:
    client, seen = make(ok({"id": "swap 1/2", "status": "confirmed"}))
    client.confirm_swap(id="swap 1/2")
    assert seen[0].url.raw_path == b"/api/v1/swaps/swap%201%2F2/confirm"
    assert seen[0].headers["x-signature"] == expected_signature(seen[0])


def test_timestamp_comes_from_the_clock_with_milliseconds(monkeypatch: pytest.MonkeyPatch) -> None:
    # A machine whose local time is not UTC, so a naive reading read as local time would show.
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    moment = datetime(2026, 1, 1, 0, 0, 0, 7000, tzinfo=UTC)
    client, seen = make(ok(), clock=lambda: moment)
    client.list_markets()
    assert seen[0].headers["x-timestamp"] == "2026-01-01T00:00:00.007Z"
    # A naive reading is UTC, whatever the machine's time zone; another zone is converted.
    from datetime import timedelta, timezone

    for reading in (datetime(2026, 1, 1, 0, 0, 0, 7000), datetime(2026, 1, 1, 1, 0, 0, 7000, tzinfo=timezone(timedelta(hours=1)))):
        client, seen = make(ok(), clock=lambda r=reading: r)
        client.list_markets()
        assert seen[0].headers["x-timestamp"] == "2026-01-01T00:00:00.007Z"
    monkeypatch.undo()
    time.tzset()


def test_user_agent_names_the_sdk_and_python() -> None:
    client, seen = make(ok(), user_agent="acme-payouts/4.2")
    client.list_markets()
    assert USER_AGENT == f"wallet-api-sdk-python/{__version__} python/{'.'.join(map(str, __import__('sys').version_info[:3]))}"
    assert seen[0].headers["user-agent"] == f"{USER_AGENT} acme-payouts/4.2"
    # The caller's own httpx client is left as it was.
    mine = httpx.Client(transport=httpx.MockTransport(ok()))
    WalletApi(
        environment="custom", base_url="http://wallet.test", api_key=KEY, signer=hmac_sha256(secret=SECRET), http_client=mine
    ).list_markets()
    assert mine.headers["user-agent"].startswith("python-httpx/")


def test_a_retried_get_is_signed_afresh_each_attempt() -> None:
    answers = iter(
        [
            httpx.Response(503, content=envelope(None, "error", "busy")),
            httpx.Response(502, text="<html>"),
            httpx.Response(200, content=envelope(MARKETS)),
        ]
    )
    moment = datetime(2026, 1, 1, tzinfo=UTC)  # a clock that stands still: the timestamps must still differ
    client, seen = make(lambda _: next(answers), clock=lambda: moment, retry=RetryOptions(attempts=3, initial_delay_ms=1, max_delay_ms=2))
    raw = client.with_raw_response.list_markets()
    assert raw.attempts == 3 and len(seen) == 3
    stamps = [r.headers["x-timestamp"] for r in seen]
    assert stamps == ["2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.001Z", "2026-01-01T00:00:00.002Z"]
    assert len({r.headers["x-signature"] for r in seen}) == 3
    assert all(r.headers["x-signature"] == expected_signature(r) for r in seen)


def test_retries_stop_at_attempts_and_the_last_answer_is_the_error() -> None:
    client, seen = make(
        lambda _: httpx.Response(503, content=envelope(None, "error", "busy"), headers={"retry-after": "0"}),
        retry=RetryOptions(attempts=2, initial_delay_ms=1, max_delay_ms=1),
    )
    with pytest.raises(ApiError) as failed:
        client.list_markets()
    assert len(seen) == 2 and failed.value.http_status == 503 and failed.value.retry_after == "0"


def test_a_post_is_never_retried() -> None:
    client, seen = make(
        lambda _: httpx.Response(503, content=envelope(None, "error", "busy")),
        retry=RetryOptions(attempts=5, initial_delay_ms=1, max_delay_ms=1),
    )
    with pytest.raises(ApiError):
        client.create_swap(from_="usdt", to="ngn", amount=1, password="p")
    assert len(seen) == 1


def test_a_network_failure_before_headers_is_retried_for_a_get_only() -> None:
    calls = {"n": 0}

    def flaky(request: httpx.Request) -> httpx.Response:
        calls["n"] += 1
        if calls["n"] == 1:
            raise httpx.ConnectError("connection refused", request=request)
        return httpx.Response(200, content=envelope(MARKETS))

    client, seen = make(flaky, retry=RetryOptions(attempts=2, initial_delay_ms=1, max_delay_ms=1))
    assert "usdtngn" in client.list_markets()
    assert len(seen) == 2
    client, seen = make(
        lambda r: (_ for _ in ()).throw(httpx.ConnectError("refused", request=r)),
        retry=RetryOptions(attempts=3, initial_delay_ms=1, max_delay_ms=1),
    )
    with pytest.raises(NetworkError):
        client.create_swap(from_="usdt", to="ngn", amount=1, password="p")
    assert len(seen) == 1


def test_retry_after_seconds_or_date_read_against_the_clock() -> None:
    now = datetime(2026, 10, 21, 7, 28, 0, tzinfo=UTC)
    assert _retry_after_ms("120", now) == 120_000
    assert _retry_after_ms("Wed, 21 Oct 2026 07:28:02 GMT", now) == 2000
    assert _retry_after_ms("Wed, 21 Oct 2026 07:27:00 GMT", now) == 0
    assert _retry_after_ms("soon", now) is None
    assert _retry_after_ms(None, now) is None


@pytest.mark.parametrize("value", ["\u00b2", "1.5", "-1", " 2", "abc", "\u0663", "1e3", "+5"])
def test_a_retry_after_neither_ascii_digits_nor_a_date_is_not_a_delay(value: str) -> None:
    assert _retry_after_ms(value, datetime(2026, 10, 21, tzinfo=UTC)) is None


@pytest.mark.parametrize("value", ["\u00b2", "1.5", "-1", "abc"])
def test_a_503_whose_retry_after_is_unreadable_falls_back_to_the_backoff(value: str) -> None:
    busy = httpx.Response(503, content=envelope(None, "error", "busy"), headers=[(b"retry-after", value.encode("utf-8"))])
    answers = iter([busy, httpx.Response(200, content=envelope(MARKETS))])
    client, seen = make(lambda _: next(answers), retry=RetryOptions(attempts=2, initial_delay_ms=0, max_delay_ms=0))
    assert client.list_markets() is not None
    assert len(seen) == 2


def test_a_zero_initial_delay_waits_zero() -> None:
    policy = RetryOptions(attempts=5, initial_delay_ms=0, max_delay_ms=2000)
    assert {_backoff_ms(policy, n) for n in range(1, 5) for _ in range(50)} == {0.0}


def test_backoff_is_jittered_within_half_to_all_of_each_step() -> None:
    policy = RetryOptions(attempts=9, initial_delay_ms=100, max_delay_ms=2000)
    for n in range(1, 8):
        ceiling = min(2000, 100 * 2 ** (n - 1))
        draws = [_backoff_ms(policy, n) for _ in range(400)]
        assert all(ceiling * 0.5 <= d <= ceiling for d in draws)
        # Jittered across the range, not a constant.
        assert min(draws) < ceiling * 0.6 and max(draws) > ceiling * 0.9


def test_a_redirect_is_never_followed() -> None:
    client, seen = make(
        lambda _: httpx.Response(307, content=envelope(None, "error", "moved"), headers={"location": "http://elsewhere.test/x"})
    )
    with pytest.raises(InvalidResponseError) as failed:
        client.create_swap(from_="usdt", to="ngn", amount=1, password="p")
    assert failed.value.http_status == 307 and "redirect" in str(failed.value)
    assert len(seen) == 1


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (httpx.Response(200, content=b""), "empty body"),
        (httpx.Response(200, content=b'{"status":"success"'), "not JSON"),
        (httpx.Response(502, text="<html>Bad gateway</html>"), "not JSON"),
        (httpx.Response(200, content=b"[1,2]"), "not the {status, message, data} envelope"),
        (httpx.Response(200, content=envelope(MARKETS, "ok")), "unknown envelope status"),
        (httpx.Response(200, content=b"\xff\xfe"), "not JSON"),
        (httpx.Response(200, content=envelope({"usdtngn": {"at": "yesterday"}})), "does not match the spec"),
    ],
)
def test_answers_that_are_not_the_envelope_are_invalid_responses(answer: httpx.Response, reason: str) -> None:
    client, _ = make(lambda _: answer)
    with pytest.raises(InvalidResponseError) as failed:
        client.list_markets()
    assert reason in str(failed.value)


def test_an_error_envelope_is_an_api_error_whatever_the_status() -> None:
    client, _ = make(
        lambda _: httpx.Response(
            200, content=envelope(None, "error", "Swap could not be created"), headers={"x-api-key": "echoed", "x-request": "r1"}
        )
    )
    with pytest.raises(ApiError) as failed:
        client.create_swap(from_="usdt", to="ngn", amount=1, password="p")
    error = failed.value
    assert (error.kind, error.http_status, error.raw_envelope()["message"]) == ("api", 200, "Swap could not be created")
    # The one-character password is masked wherever it occurs (docs/privacy.md: where it over-masks).
    assert error.api_message == "Swa[redacted] could not be created"
    assert error.operation == "POST /api/v1/swaps"
    assert "x-api-key" not in error.headers and error.headers["x-request"] == "r1"


def test_the_size_cap_refuses_a_declared_length_a_stream_and_an_inflated_body() -> None:
    big = envelope({"pad": "x" * 5000})
    client, _ = make(lambda _: httpx.Response(200, content=big), max_response_bytes=1024)
    with pytest.raises(InvalidResponseError, match="max_response_bytes"):
        client.list_markets()

    def streamed(_: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=iter([big[:800], big[800:]]))

    client, _ = make(streamed, max_response_bytes=1024)
    with pytest.raises(InvalidResponseError, match="max_response_bytes"):
        client.list_markets()
    bomb = gzip.compress(envelope({"pad": "0" * 200_000}))
    assert len(bomb) < 4096
    client, _ = make(lambda _: httpx.Response(200, content=bomb, headers={"content-encoding": "gzip"}), max_response_bytes=65536)
    with pytest.raises(InvalidResponseError, match="max_response_bytes"):
        client.list_markets()
    # The same compressed body under a cap it fits in is read whole.
    client, _ = make(lambda _: httpx.Response(200, content=gzip.compress(envelope(MARKETS)), headers={"content-encoding": "gzip"}))
    assert "usdtngn" in client.list_markets()


def test_a_timeout_includes_the_signers_time_and_sends_nothing() -> None:
    def slow(signed: SignatureInput) -> str:
        time.sleep(0.2)
        return "a" * 64

    client, seen = make(ok(), signer=slow, timeout=0.05)
    with pytest.raises(RequestTimeoutError) as failed:
        client.list_markets()
    assert seen == [] and isinstance(failed.value, TimeoutError) and failed.value.timeout == 0.05
    assert str(failed.value) == "GET /api/v1/wallets/markets timed out after 0.05 s"


def test_a_read_timeout_is_a_timeout() -> None:
    client, _ = make(lambda r: (_ for _ in ()).throw(httpx.ReadTimeout("timed out", request=r)))
    with pytest.raises(RequestTimeoutError):
        client.list_markets(timeout=1)


@pytest.mark.parametrize(
    ("signer", "words"),
    [
        (lambda _: (_ for _ in ()).throw(RuntimeError(f"vault down, secret {SECRET}")), "raised RuntimeError"),
        (lambda _: "", "empty string"),
        (lambda _: "abc\r\ndef", "not a valid HTTP header value"),
        (lambda _: 42, "returned int"),
    ],
)
def test_a_failing_signer_is_a_signing_error_and_nothing_is_sent(signer: Callable[[SignatureInput], str], words: str) -> None:
    client, seen = make(ok(), signer=signer)
    with pytest.raises(SigningError) as failed:
        client.list_markets()
    assert seen == [] and words in str(failed.value)
    # Not chained to what the signer raised: that may quote the secret.
    assert failed.value.__cause__ is None and (failed.value.__context__ is None or failed.value.__suppress_context__)
    assert SECRET not in "".join(traceback.format_exception(failed.value))


def test_async_timeout_covers_the_whole_attempt_and_cancellation_propagates() -> None:
    async def slow(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(5)
        return httpx.Response(200, content=envelope(MARKETS))

    def client() -> AsyncWalletApi:
        return AsyncWalletApi(
            environment="custom",
            base_url="http://wallet.test",
            api_key=KEY,
            signer=hmac_sha256(secret=SECRET),
            http_client=httpx.AsyncClient(transport=httpx.MockTransport(slow)),
        )

    async def timed_out() -> None:
        with pytest.raises(RequestTimeoutError):
            await client().list_markets(timeout=0.05)

    async def cancelled() -> None:
        task = asyncio.ensure_future(client().list_markets())
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(timed_out())
    asyncio.run(cancelled())


def test_async_client_signs_and_reads_like_the_sync_one() -> None:
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, content=envelope({"id": "s1", "from": "usdt", "to": "ngn", "status": "pending"}))

    async def run() -> None:
        async with AsyncWalletApi(
            environment="custom",
            base_url="http://wallet.test",
            api_key=KEY,
            signer=hmac_sha256(secret=SECRET),
            http_client=httpx.AsyncClient(transport=httpx.MockTransport(record)),
        ) as c:
            swap = await c.create_swap(from_="usdt", to="ngn", amount=3, password="p")
            assert swap.id == "s1"

    asyncio.run(run())
    assert json.loads(seen[0].content) == {"from": "usdt", "to": "ngn", "amount": 3, "password": "p"}
    assert seen[0].headers["x-signature"] == expected_signature(seen[0])


def test_random_values_are_sent_as_given_and_signed_over_the_bytes_sent() -> None:
    # Seeded: path, query and body values with reserved, non-ASCII and control characters.
    import random
    from urllib.parse import parse_qsl, unquote

    rng = random.Random(11272026)
    alphabet = "aZ09 -_.~!*'();:@&=+$,/?#[]%\"\\\n\täß€😀"
    client, seen = make(ok({"id": "x", "status": "confirmed"}))
    for _ in range(150):
        swap_id = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        client.with_raw_response.confirm_swap(id=swap_id)
        request = seen[-1]
        encoded = request.url.raw_path.decode("ascii").split("/")[4]
        assert unquote(encoded) == swap_id
        assert request.headers["x-signature"] == expected_signature(request)

        coin = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        client.with_raw_response.get_minimum_withdrawal_amount(coin=coin)
        request = seen[-1]
        assert dict(parse_qsl(request.url.raw_path.decode("ascii").split("?", 1)[1])) == {"coin": coin}
        assert request.headers["x-signature"] == expected_signature(request)

        password = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        amount = rng.choice([1, 2.5, 1e-7, 123456789.125])
        client.with_raw_response.create_swap(from_="usdt", to="ngn", amount=amount, password=password)
        request = seen[-1]
        assert json.loads(request.content) == {"from": "usdt", "to": "ngn", "amount": amount, "password": password}
        assert request.headers["x-signature"] == expected_signature(request)


def trickling_server(gap_s: float) -> tuple[str, Callable[[], int], int]:
    """Answers a complete, valid 200 one byte at a time, each well within any read limit; gives
    its URL, a function that stops it and tells how many bytes it had written, and the length
    of the status line and headers."""
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))
    body = envelope(MARKETS)
    answer = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n" % len(body) + body
    stopped = threading.Event()
    written = [0]

    def serve() -> None:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        with conn:
            conn.recv(65536)
            for byte in answer:
                if stopped.is_set():
                    return
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    return
                written[0] += 1
                time.sleep(gap_s)

    threading.Thread(target=serve, daemon=True).start()

    def stop() -> int:
        stopped.set()
        listener.close()
        return written[0]

    return f"http://127.0.0.1:{listener.getsockname()[1]}", stop, answer.index(b"\r\n\r\n") + 4


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_a_server_trickling_its_headers_cannot_hold_an_attempt_past_its_timeout(flavour: str) -> None:
    # The whole answer takes seconds to arrive, each byte within any read's limit: only a bound
    # of the attempt as a whole ends it, in the sync client as in the async one, before the
    # server has even written its headers (a bound of each read would wait for them all).
    url, stop, head = trickling_server(gap_s=0.05)
    options: dict[str, Any] = {
        "environment": "custom",
        "base_url": url,
        "api_key": KEY,
        "signer": hmac_sha256(secret=SECRET),
        "timeout": 0.3,
    }
    try:
        with pytest.raises(RequestTimeoutError):
            if flavour == "sync":
                with WalletApi(**options) as client:
                    client.list_markets()
            else:

                async def call() -> None:
                    async with AsyncWalletApi(**options) as client:
                        await client.list_markets()

                asyncio.run(call())
    finally:
        written = stop()
    assert written < head


def test_the_sync_clients_transport_runs_in_the_callers_context() -> None:
    import contextvars

    span: contextvars.ContextVar[str] = contextvars.ContextVar("span", default="none")
    seen: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(span.get())
        return httpx.Response(200, content=envelope(MARKETS))

    client, _ = make(answer)
    span.set("the caller's span")
    client.list_markets()
    assert seen == ["the caller's span"]
