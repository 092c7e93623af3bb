"""A careless provider echoes everything a call carried, in every form systems print it: its
message, headers and body quote the API key, the signature, a password with spaces and ``+``,
and an account number with a leading zero (as sent, URL-encoded, and as the JSON number it
becomes). Each error is rendered every way a team logs one; no rendering may show any of them.

The oracle is a list of literal forms written here, not the client's policy."""

from __future__ import annotations

import asyncio
import json
import logging
import pickle
import threading
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import quote, quote_plus

import pytest

from wallet_api import AsyncWalletApi, SignatureInput, SigningError, WalletApi, WalletApiError, hmac_sha256

KEY, SECRET = "careless-key-7c41d09b", "careless-signing-secret-5e2a"
PASSWORD = "pass word+plus 9Q"
ACCOUNT = "0123456789"
ACCOUNT_AS_NUMBER = "123456789"


@dataclass
class Provider:
    """Answers every request with an error quoting it; ``html`` answers a gateway page instead of the envelope."""

    status: int
    html: bool
    signatures: list[str] = field(default_factory=list)


def echo_of(request_fields: dict[str, Any], key: str, signature: str) -> dict[str, str]:
    carried = str(request_fields.get("password") or request_fields.get("accountNumber") or "")
    words = {
        "key": key,
        "signature": signature,
        "carried": carried,
        "encoded": quote(carried, safe=""),
        "form": quote_plus(carried, safe=""),
    }
    if carried.isdigit():
        words["number"] = str(int(carried))
    return words


def serve(provider: Provider) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            fields = json.loads(body) if body else {}
            signature = self.headers.get("x-signature", "")
            provider.signatures.append(signature)
            words = echo_of(fields, self.headers.get("x-api-key", ""), signature)
            message = "refused: " + "; ".join(f"{name} {value}" for name, value in words.items())
            if provider.html:
                payload = f"<html><body><h1>{provider.status}</h1><p>{message}</p><pre>{body.decode()}</pre></body></html>".encode()
                kind = "text/html"
            else:
                number = int(words["number"]) if "number" in words else 0
                data = {"request": fields, "echo": words, "ref": number, "accountNumber": number, "note": message}
                payload = json.dumps({"status": "error", "message": message, "data": data}).encode()
                kind = "application/json"
            self.send_response(provider.status)
            self.send_header("content-type", kind)
            self.send_header("content-length", str(len(payload)))
            self.send_header("x-echo-key", words["key"])
            self.send_header("x-echo-signature", words["signature"])
            self.send_header("x-echo-carried", words["form"])
            self.send_header(f"x-seen-{words['encoded']}", "1")
            if "number" in words:
                self.send_header("x-echo-number", words["number"])
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def wallet_log() -> Iterator[Records]:
    handler = Records()
    log = logging.getLogger("wallet_api")
    level = log.level
    log.addHandler(handler)
    log.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        log.removeHandler(handler)
        log.setLevel(level)


def options(url: str) -> dict[str, Any]:
    return {"environment": "custom", "base_url": url, "api_key": KEY, "signer": hmac_sha256(secret=SECRET)}


def sync_call(url: str, operation: str) -> tuple[WalletApiError, list[object]]:
    client = WalletApi(**options(url))
    try:
        if operation == "create_swap":
            client.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
        else:
            client.preview_local_payout(amount=25000, coin="ngn", account_number=ACCOUNT, bank_code="058")
    except WalletApiError as error:
        return error, [client, client._caller, client._caller.config, client._caller.http, client.with_raw_response]
    finally:
        client.close()
    raise AssertionError("the call succeeded")


async def async_call(url: str, operation: str) -> tuple[WalletApiError, list[object]]:
    client = AsyncWalletApi(**options(url))
    try:
        if operation == "create_swap":
            await client.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
        else:
            await client.preview_local_payout(amount=25000, coin="ngn", account_number=ACCOUNT, bank_code="058")
    except WalletApiError as error:
        return error, [client, client._caller, client._caller.config, client._caller.http, client.with_raw_response]
    finally:
        await client.aclose()
    raise AssertionError("the call succeeded")


def renderings(error: WalletApiError, kept: list[object], records: list[logging.LogRecord]) -> dict[str, str]:
    """Every way a team renders an error, each as one text."""
    formatter = logging.Formatter("%(levelname)s %(name)s %(message)s")
    team_log = logging.LogRecord("team", logging.ERROR, __file__, 1, "the payout failed", None, (type(error), error, error.__traceback__))
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - bytes this test just made
    return {
        "str": str(error),
        "repr": repr(error),
        "args": repr(error.args),
        "traceback": "".join(traceback.format_exception(error)),
        "traceback capture_locals": "".join(traceback.TracebackException.from_exception(error, capture_locals=True).format()),
        "logging.exception": formatter.format(team_log),
        "wallet_api log": "\n".join(formatter.format(r) for r in records),
        "pickle bytes": pickle.dumps(error).decode("latin-1"),
        "pickled copy": f"{copy!s} {copy!r} {vars(copy)!r}",
        "vars": repr(vars(error)),
        "objects kept": " ".join(repr(o) for o in kept),
    }


def canaries(signatures: list[str]) -> list[str]:
    """The forms claimed: every one case-insensitively."""
    return [
        KEY,
        SECRET,
        *signatures,
        PASSWORD,
        quote(PASSWORD, safe=""),
        quote_plus(PASSWORD, safe=""),
        json.dumps(PASSWORD)[1:-1],
        ACCOUNT,
        ACCOUNT_AS_NUMBER,
    ]


CALLS = [(operation, status, html) for operation in ("create_swap", "preview_local_payout") for status, html in ((400, False), (500, True))]


def test_no_rendering_of_any_error_shows_what_a_careless_provider_echoed(wallet_log: Records) -> None:
    shown: dict[str, list[str]] = {}
    calls = 0
    for flavour in ("sync", "async"):
        for operation, status, html in CALLS:
            provider = Provider(status, html)
            server = serve(provider)
            url = f"http://127.0.0.1:{server.server_address[1]}"
            wallet_log.records.clear()
            try:
                error, kept = sync_call(url, operation) if flavour == "sync" else asyncio.run(async_call(url, operation))
            finally:
                server.shutdown()
                server.server_close()
            calls += 1
            assert provider.signatures, "the provider saw no request"
            texts = renderings(error, kept, wallet_log.records)
            assert {r.levelno for r in wallet_log.records} >= {logging.DEBUG}
            for rendering, text in texts.items():
                found = [form for form in canaries(provider.signatures) if form.lower() in text.lower()]
                shown.setdefault(rendering, [])
                if found:
                    shown[rendering].append(f"{flavour} {operation} HTTP {status}")
    table = "\n".join(f"  {rendering}: {len(where)} of {calls} calls {where}" for rendering, where in shown.items())
    assert all(not where for where in shown.values()), f"renderings showing an echoed value:\n{table}"


def failing_signer(signed: SignatureInput) -> str:
    key_store = {"secret": SECRET, "key": signed.api_key}
    raise RuntimeError(f"the key store is down: {key_store}")


def test_a_failing_signer_shows_neither_the_key_nor_the_secret_in_any_rendering(wallet_log: Records) -> None:
    client = WalletApi(environment="custom", base_url="http://127.0.0.1:9", api_key=KEY, signer=failing_signer)
    try:
        client.create_swap(from_="usdt", to="ngn", amount=100, password=PASSWORD)
    except SigningError as failed:
        error: WalletApiError = failed
    else:
        raise AssertionError("the call was sent")
    kept = [client, client._caller, client._caller.config, client._caller.http, client.with_raw_response]
    for rendering, text in renderings(error, kept, wallet_log.records).items():
        for form in (KEY, SECRET, PASSWORD, quote(PASSWORD, safe="")):
            assert form.lower() not in text.lower(), rendering
