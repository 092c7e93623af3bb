"""The Python client's conformance runner: runs the kit's cases against ``wallet_api`` and writes
one result per case (conformance/README.md). Exchange cases run in process against a local
server of raw sockets that writes each answer's bytes as the case gives them, so httpx's real
transport reads them; each runs through the sync client and again through the async one, and
passes only when both do. Scenarios run against the sandbox whose URL it is given.

    clients/python/.venv/bin/python clients/python/conformance/runner.py \\
        --cases FILE... --sandbox URL --api-key KEY --secret SECRET --out RESULT.json
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import logging
import os
import pickle
import re
import select
import socket
import struct
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, quote_plus

import httpx
from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from wallet_api import (
    ApiError,
    AsyncWalletApi,
    RetryOptions,
    SignatureInput,
    Signer,
    WalletApi,
    WalletApiError,
    default_canonical_string,
    hmac_sha256,
)
from wallet_api._generated.operations import OPERATIONS
from wallet_api._privacy import Redactor, carried_by_call, carried_fields
from wallet_api._timestamps import SYSTEM_CLOCK_SEQUENCE

CLIENT = "python"
REPLAY_KEY = "conformance-replay-key"
REPLAY_SECRET = "conformance-replay-secret"


class Mismatch(Exception):
    """A failed expectation; its message is what the matrix shows as "saw"."""


# --- values shared by the cases ---------------------------------------------------------------


def body_bytes(body: dict[str, Any] | None) -> bytes:
    if body is None:
        return b""
    if "json" in body:
        return json.dumps(body["json"], separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if "utf8" in body:
        return str(body["utf8"]).encode("utf-8")
    return base64.b64decode(body["base64"])


def snake(name: str) -> str:
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    import keyword

    return s + "_" if keyword.iskeyword(s) else s


def as_json(value: Any) -> Any:
    """What the client gave, as JSON: models by their wire names, extra fields included."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def same_scalar(a: Any, b: Any) -> bool:
    # JSON numbers compare by value (100 and 100.0), but true is not 1.
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


def json_equal(a: Any, b: Any) -> bool:
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) or isinstance(b, dict):
        return isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return same_scalar(a, b)


def includes(actual: Any, expected: Any) -> bool:
    if isinstance(expected, list):
        return (
            isinstance(actual, list) and len(actual) == len(expected) and all(includes(x, y) for x, y in zip(actual, expected, strict=True))
        )
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and includes(actual[k], v) for k, v in expected.items())
    return same_scalar(actual, expected)


def signer_of(settings: dict[str, Any] | None, secret: str) -> Signer:
    kind = (settings or {}).get("signer", "hmac")
    if kind == "throws":

        def throws(_: SignatureInput) -> str:
            raise RuntimeError(f"the key store is down (secret {secret})")

        return throws
    if kind == "returns-empty":
        return lambda _: ""
    if kind == "returns-line-break":
        return lambda _: "abc\r\ndef"
    return hmac_sha256(secret=(settings or {}).get("secret", secret))


def retry_of(settings: dict[str, Any] | None) -> RetryOptions | None:
    if not settings:
        return None
    return RetryOptions(
        attempts=settings["attempts"],
        initial_delay_ms=settings.get("initialDelayMs", 100),
        max_delay_ms=settings.get("maxDelayMs", 2000),
    )


def client_options(base_url: str, api_key: str, secret: str, settings: dict[str, Any] | None) -> dict[str, Any]:
    settings = settings or {}
    options: dict[str, Any] = {"environment": "custom", "base_url": base_url, "api_key": api_key, "signer": signer_of(settings, secret)}
    if "env" in settings:
        # Built from the environment: only the options client.explicit names are given (with
        # the runner's own values); every other one is left to the client to read.
        explicit = {"environment": "environment", "baseUrl": "base_url", "apiKey": "api_key", "secret": "signer"}
        given = {explicit[name] for name in settings.get("explicit", [])}
        options = {name: value for name, value in options.items() if name in given}
    if "timeoutMs" in settings:
        options["timeout"] = settings["timeoutMs"] / 1000
    if "maxResponseBytes" in settings:
        options["max_response_bytes"] = settings["maxResponseBytes"]
    if "retry" in settings:
        options["retry"] = retry_of(settings["retry"])
    return options


def arguments(call: dict[str, Any], options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """The method name and keyword arguments of a case's call: wire names become Python's."""
    if call["operationId"] not in OPERATIONS:
        raise Mismatch(f"no operation {call['operationId']} in the client")
    kwargs = {snake(name): value for name, value in call.get("params", {}).items()}
    options = options or {}
    if "timeoutMs" in options:
        kwargs["timeout"] = options["timeoutMs"] / 1000
    if "retry" in options:
        kwargs["retry"] = retry_of(options["retry"])
    return snake(call["operationId"]), kwargs


@dataclass
class Got:
    data: Any = None
    error: BaseException | None = None
    cancelled: bool = False


def describe(got: Got) -> str:
    if got.cancelled:
        return "aborted (the task was cancelled)"
    if got.error is None:
        return f"data {json.dumps(as_json(got.data))[:80]}"
    if isinstance(got.error, WalletApiError):
        status = getattr(got.error, "http_status", None)
        return f"{got.error.kind}{'' if status is None else f', HTTP {status}'}"
    return f"a {type(got.error).__name__} that is not a WalletApiError"


def check_outcome(got: Got, expected: dict[str, Any]) -> None:
    if "error" in expected:
        want = expected["error"]
        if want["kind"] == "aborted":
            if not got.cancelled:
                raise Mismatch(f"{describe(got)}, not aborted")
            return
        if got.error is None or got.cancelled:
            raise Mismatch(f"{describe(got)}, not {want['kind']}")
        check_error(got.error, want)
        return
    if got.error is not None or got.cancelled:
        raise Mismatch(describe(got))
    data = as_json(got.data)
    if "data" in expected and not json_equal(data, expected["data"]):
        raise Mismatch(f"other data: {json.dumps(data)[:120]}")
    if "dataIncludes" in expected and not includes(data, expected["dataIncludes"]):
        raise Mismatch(f"data without what was expected: {json.dumps(data)[:120]}")


def check_error(error: BaseException, want: dict[str, Any]) -> None:
    if not isinstance(error, WalletApiError):
        raise Mismatch(describe(Got(error=error)))
    if error.kind != want["kind"]:
        raise Mismatch(f"{describe(Got(error=error))}, not {want['kind']}")
    status = getattr(error, "http_status", None)
    if "httpStatus" in want and status != want["httpStatus"]:
        raise Mismatch(f"{error.kind} with HTTP {status}, not {want['httpStatus']}")
    if "apiMessage" in want and (not isinstance(error, ApiError) or error.api_message != want["apiMessage"]):
        raise Mismatch(f"{error.kind} with another provider message")
    if "retryAfter" in want and (not isinstance(error, ApiError) or error.retry_after != want["retryAfter"]):
        raise Mismatch(f"{error.kind} without Retry-After {want['retryAfter']}")
    if "names" in want and want["names"] not in re.sub(r"[^a-z0-9]", "", str(error).lower()):
        raise Mismatch(f"{error.kind} error naming no {want['names']}")


def check_not_contained(error: BaseException, values: list[str]) -> None:
    """``mustNotContain``: no rendering of the error holds any of the values."""
    for text in renderings(error).values():
        for value in values:
            if value in text:
                raise Mismatch(f"{describe(Got(error=error))} error quoting a refused value")


# --- the replay server ---------------------------------------------------------------------------


@dataclass
class Received:
    method: str
    target: str
    headers: dict[str, str]
    body: bytes
    arrived_at: float


@dataclass
class ReplayServer:
    answers: list[dict[str, Any]]
    received: list[Received] = field(default_factory=list)
    answered_at: dict[int, float] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.open: set[socket.socket] = set()
        self.stopped = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while not self.stopped:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.open.add(conn)
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def close(self) -> None:
        self.stopped = True
        self.listener.close()
        for conn in list(self.open):
            try:
                conn.close()
            except OSError:
                pass

    def serve(self, conn: socket.socket) -> None:
        try:
            request = read_request(conn)
            if request is None:
                return
            with self.lock:
                index = len(self.received)
                self.received.append(request)
            answer = self.answers[min(index, len(self.answers) - 1)]
            if write_answer(conn, answer, request):
                self.answered_at[index] = time.monotonic()
        except OSError:
            pass
        finally:
            self.open.discard(conn)
            try:
                conn.close()
            except OSError:
                pass


def read_request(conn: socket.socket) -> Received | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    arrived = time.monotonic()
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = lines[0].split(" ", 2)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        rest += chunk
    return Received(method, target, headers, rest[:length], arrived)


def echoed(text: str, request: Received) -> str:
    try:
        parsed = json.loads(request.body.decode("utf-8")) if request.body else {}
    except ValueError:
        parsed = {}
    fields = parsed if isinstance(parsed, dict) else {}
    text = re.sub(r"\{\{header:([^}]+)\}\}", lambda m: request.headers.get(m.group(1).lower(), ""), text)
    return re.sub(r"\{\{field:([^}]+)\}\}", lambda m: "" if m.group(1) not in fields else str(fields[m.group(1)]), text)


def peer_left(conn: socket.socket) -> bool:
    try:
        readable, _, _ = select.select([conn], [], [], 0)
        return bool(readable) and conn.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


def reset(conn: socket.socket) -> None:
    # SO_LINGER with a zero timeout: close() sends a RST instead of a FIN.
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()


def write_answer(conn: socket.socket, answer: dict[str, Any], request: Received) -> bool:
    """Writes one answer; True once it ended as the case says, False if the client left first."""
    if answer.get("delayMs"):
        time.sleep(answer["delayMs"] / 1000)
    if peer_left(conn):
        return False
    fault = answer.get("fault")
    if fault == "reset-before-headers":
        reset(conn)
        return True
    body = body_bytes(answer.get("body"))
    echo = bool(answer.get("echo"))
    if echo and not (answer.get("body") and "base64" in answer["body"]):
        body = echoed(body.decode("utf-8"), request).encode("utf-8")
    headers = [(echoed(n, request), echoed(v, request)) if echo else (n, v) for n, v in answer.get("headers", [])]
    if "retryAfterInSeconds" in answer:
        headers.append(("retry-after", format_datetime(datetime.now(UTC) + timedelta(seconds=answer["retryAfterInSeconds"]), usegmt=True)))
    framing = "content-length" if fault == "reset-after-headers" else answer.get("framing", "content-length")
    if framing == "content-length":
        headers.append(("content-length", str(len(body) + 64 if fault == "reset-after-headers" else len(body))))
    elif framing == "chunked":
        headers.append(("transfer-encoding", "chunked"))
    headers.append(("connection", "close"))
    status = answer["status"]
    try:
        reason = answer.get("reason") or HTTPStatus(status).phrase
    except ValueError:
        reason = "Unknown"
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{n}: {v}\r\n" for n, v in headers) + "\r\n"
    conn.sendall(head.encode("utf-8"))
    try:
        write_body(conn, body, framing, fault)
    except OSError:
        # The client hung up while the body was written (it had what it needed: a retried
        # status's headers): the answer ended all the same.
        pass
    return True


def write_body(conn: socket.socket, body: bytes, framing: str, fault: str | None) -> None:
    if fault == "reset-after-headers":
        conn.sendall(body[: len(body) // 2])
        time.sleep(0.02)
        reset(conn)
        return
    if framing == "chunked":
        for offset in range(0, len(body), 16 * 1024):
            chunk = body[offset : offset + 16 * 1024]
            conn.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        conn.sendall(b"0\r\n\r\n")
    elif body:
        conn.sendall(body)
    conn.shutdown(socket.SHUT_WR)


# --- renderings of an error ---------------------------------------------------------------------


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@contextmanager
def captured_log() -> Iterator[Capture]:
    """The records of the ``wallet_api`` logger at DEBUG, formatted with their exceptions."""
    capture = Capture()
    capture.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
    log = logging.getLogger("wallet_api")
    level = log.level
    log.addHandler(capture)
    log.setLevel(logging.DEBUG)
    try:
        yield capture
    finally:
        log.removeHandler(capture)
        log.setLevel(level)


def renderings(error: BaseException, kept: list[object] | None = None) -> dict[str, str]:
    """Every Python rendering of an error (conformance/README.md, Privacy), each as one text."""
    try:
        pickled = pickle.dumps(error)
        copy = pickle.loads(pickled)  # noqa: S301 - bytes this runner just made
        round_trip = f"{pickled.decode('latin-1')} {copy!s} {copy!r} {vars(copy)!r}"
    except Exception as failure:  # noqa: BLE001 - an error that does not pickle is its own finding
        round_trip = f"pickle failed: {type(failure).__name__}"
    return {
        "str": str(error),
        "repr": repr(error),
        "args": repr(error.args),
        "traceback": "".join(traceback.format_exception(error)),
        # From the client's frames on: the outermost is the runner's own, which holds the call's
        # arguments as any caller's frame does.
        "traceback with locals": "".join(
            traceback.TracebackException(
                type(error), error, error.__traceback__.tb_next if error.__traceback__ else None, capture_locals=True
            ).format()
        ),
        "pickle": round_trip,
        "vars()": repr(vars(error)),
        "objects the client keeps": " ".join(repr(o) for o in kept or []),
    }


def kept_by(client: WalletApi | AsyncWalletApi) -> list[object]:
    """The objects the client keeps: itself, its caller, options, transport, raw-response methods."""
    caller = client._caller
    return [client, caller, caller.config, caller.http, client.with_raw_response]


def claimed_forms(value: str, secret: bool) -> set[str]:
    """The runner's own forms of a protected value (docs/privacy.md), made with the standard
    library's encoders, not the client's policy: as sent, JSON-escaped, URL-encoded and twice,
    an all-digit one without its leading zeros, a secret's base64 and hex."""
    forms = {value, json.dumps(value)[1:-1]}
    for encoded in (quote(value, safe=""), quote(value, safe="!~*'()"), quote_plus(value, safe=""), quote(value, safe="/")):
        forms |= {encoded, encoded.replace("%", "%25")}
    if value.isdigit() and value.lstrip("0"):
        forms.add(value.lstrip("0"))
    if secret and len(value) >= 8:
        raw = value.encode("utf-8")
        padded = base64.b64encode(raw).decode()
        forms |= {padded, padded.rstrip("="), base64.urlsafe_b64encode(raw).decode().rstrip("="), raw.hex()}
    return {f for f in forms if f}


# --- the cases ------------------------------------------------------------------------------------


def run_signing(case: dict[str, Any]) -> str:
    given, expect = case["input"], case["expect"]
    signed = SignatureInput(
        method=given["method"],
        path_with_query=given["pathWithQuery"],
        body=given["body"]["utf8"],
        timestamp=given["timestamp"],
        api_key=given["apiKey"],
    )
    if default_canonical_string(signed) != expect["canonicalString"]:
        raise Mismatch("another canonical string")
    signature = hmac_sha256(secret=given["secret"])(signed)
    if signature != expect["signature"]:
        raise Mismatch(f"signature {signature[:12]}...")
    return f"signature {signature[:12]}..."


def run_mask(case: dict[str, Any]) -> str:
    """The client's own policy, the one its errors mask a provider's text with, given what the call carried."""
    carried = case["carried"]
    policy = Redactor(
        carried_by_call(
            api_key=carried.get("apiKey"),
            secrets=[carried["secret"]] if carried.get("secret") else [],
            # The client decides which names are protected, as it does for a request body.
            fields=carried_fields(carried.get("fields", {})),
            signatures=[carried["signature"]] if carried.get("signature") else [],
        )
    )
    masked = policy.text(case["text"])
    expect = case["expect"]
    remained = [f"absent[{i}]" for i, value in enumerate(expect.get("absent", [])) if value.lower() in masked.lower()]
    vanished = [f"kept[{i}]" for i, value in enumerate(expect.get("kept", [])) if value not in masked]
    if remained or vanished:
        raise Mismatch(", ".join([*(f"{r} remained" for r in remained), *(f"{v} vanished" for v in vanished)]))
    return f"{len(expect.get('absent', []))} masked, {len(expect.get('kept', []))} kept"


def call_sync(client: WalletApi, call: dict[str, Any]) -> list[Got]:
    name, kwargs = arguments(call)
    outcomes = []
    for _ in range(call.get("repeat", 1)):
        try:
            outcomes.append(Got(data=getattr(client, name)(**kwargs)))
        except Exception as error:  # noqa: BLE001 - the outcome is compared, whatever it is
            outcomes.append(Got(error=error))
    return outcomes


async def call_async(client: AsyncWalletApi, call: dict[str, Any]) -> list[Got]:
    name, kwargs = arguments(call)
    outcomes = []
    try:
        for _ in range(call.get("repeat", 1)):
            task = asyncio.ensure_future(getattr(client, name)(**kwargs))
            if "abortAfterMs" in call:
                asyncio.get_running_loop().call_later(call["abortAfterMs"] / 1000, task.cancel)
            try:
                outcomes.append(Got(data=await task))
            except asyncio.CancelledError:
                outcomes.append(Got(cancelled=True))
            except Exception as error:  # noqa: BLE001 - the outcome is compared, whatever it is
                outcomes.append(Got(error=error))
    finally:
        await client.aclose()
    return outcomes


def check_request(request: Received | None, expected: dict[str, Any]) -> None:
    if request is None:
        raise Mismatch("no request arrived")
    if request.method != expected["method"]:
        raise Mismatch(f"method {request.method}")
    if "pathWithQuery" in expected and request.target != expected["pathWithQuery"]:
        raise Mismatch(f"request target {request.target}")
    path, _, query = request.target.partition("?")
    if "path" in expected and path != expected["path"]:
        raise Mismatch(f"path {path}")
    if "query" in expected and dict(parse_qsl(query, keep_blank_values=True)) != expected["query"]:
        raise Mismatch(f"query {query}")
    if "bodyJson" in expected:
        body = None if not request.body else json.loads(request.body.decode("utf-8"))
        if not json_equal(body, expected["bodyJson"]):
            raise Mismatch(f"body {request.body[:80]!r}")
    if "userAgentMatches" in expected and not re.search(expected["userAgentMatches"], request.headers.get("user-agent", "")):
        raise Mismatch(f"User-Agent {request.headers.get('user-agent')}")
    if request.headers.get("x-api-key") != REPLAY_KEY:
        raise Mismatch("another x-api-key")
    timestamp = request.headers.get("x-timestamp", "")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z", timestamp):
        raise Mismatch(f"x-timestamp {timestamp}")
    # The oracle: the standard library's HMAC over the bytes that arrived, not the client's signer.
    canonical = f"{timestamp}\n{request.method}\n{request.target}\n".encode() + request.body
    if request.headers.get("x-signature") != hmac.new(REPLAY_SECRET.encode(), canonical, hashlib.sha256).hexdigest():
        raise Mismatch("x-signature is not the HMAC of the bytes received")


def check_exchange(case: dict[str, Any], server: ReplayServer, outcomes: list[Got], log: Capture, kept: list[object]) -> None:
    expect = case["expect"]
    for number, got in enumerate(outcomes, start=1):
        try:
            check_outcome(got, expect)
        except Mismatch as mismatch:
            raise Mismatch(f"call {number} of {len(outcomes)}: {mismatch}" if len(outcomes) > 1 else str(mismatch)) from None
    got = outcomes[-1]
    if got.error is not None:
        check_not_contained(got.error, expect.get("mustNotContain", []))
    # Requests still arriving (a retry the client should not make) are counted after a moment.
    time.sleep(0.05)
    if len(server.received) != expect["requests"]:
        raise Mismatch(f"{describe(got)} after {len(server.received)} requests, not {expect['requests']}")
    for name in expect.get("distinctHeaders", []):
        values = [r.headers.get(name.lower()) for r in server.received]
        if len(set(values)) != len(values):
            raise Mismatch(f"{name} repeated across the {len(values)} requests")
    for i, window in enumerate(expect.get("waitsMs", [])):
        answered = server.answered_at.get(i)
        if answered is None or i + 1 >= len(server.received):
            raise Mismatch(f"no wait {i + 1} to measure")
        waited = (server.received[i + 1].arrived_at - answered) * 1000
        # 5 ms below for timer and clock granularity, 300 ms above for scheduling (the kit's rule).
        if waited < window["min"] - 5 or waited > window["max"] + 300:
            raise Mismatch(f"waited {round(waited)} ms, not {window['min']}-{window['max']} ms")
    if "request" in expect:
        check_request(server.received[0] if server.received else None, expect["request"])
    if "privacy" in case:
        first = server.received[0] if server.received else None
        body = json.loads(first.body) if first and first.body else {}
        protected: list[tuple[str, str, bool]] = []
        for name in case["privacy"]["protected"]:
            if name == "apiKey":
                protected.append((name, REPLAY_KEY, True))
            elif name == "secret":
                protected.append((name, REPLAY_SECRET, True))
            elif name == "signature":
                protected.extend((name, r.headers.get("x-signature", ""), True) for r in server.received)
            else:
                field_name = name.removeprefix("field:")
                protected.append((name, str(body.get(field_name, "")), field_name == "password"))
        texts = renderings(got.error, kept) if got.error is not None else {"objects the client keeps": " ".join(map(repr, kept))}
        # The wallet_api logger's records at every level, formatted with their exceptions.
        texts["wallet_api log"] = "\n".join(log.lines)
        for rendering, text in texts.items():
            lowered = text.lower()
            for name, value, secret in protected:
                if value and any(form.lower() in lowered for form in claimed_forms(value, secret)):
                    raise Mismatch(f"{describe(got)}, but {rendering} shows {name}")


def case_environment(settings: dict[str, Any] | None, base_url: str) -> dict[str, str] | None:
    """``client.env`` with the runner's server URL, key and secret in place of {{baseUrl}}, {{apiKey}} and {{secret}}."""
    if not settings or "env" not in settings:
        return None
    own = {"{{baseUrl}}": base_url, "{{apiKey}}": REPLAY_KEY, "{{secret}}": REPLAY_SECRET}
    return {name: re.sub(r"\{\{(?:baseUrl|apiKey|secret)\}\}", lambda m: own[m.group(0)], value) for name, value in settings["env"].items()}


def run_exchange(case: dict[str, Any]) -> str:
    saw = []
    for flavour in ("sync", "async"):
        if flavour == "sync" and "abortAfterMs" in case["call"]:
            # A blocking call has no cancellation of its own in Python; the async client's task has.
            continue
        server = ReplayServer(case["answers"])
        try:
            with captured_log() as log:
                options = client_options(server.url, REPLAY_KEY, REPLAY_SECRET, case.get("client"))
                environment = case_environment(case.get("client"), server.url)
                try:
                    # client.env: the process's WALLET_API_* variables while the client is built, as the case gives them.
                    with nullcontext() if environment is None else wallet_api_variables(environment):
                        client: WalletApi | AsyncWalletApi = WalletApi(**options) if flavour == "sync" else AsyncWalletApi(**options)
                except Exception as error:  # noqa: BLE001 - a client refused while being built is the outcome; nothing is sent
                    outcomes, kept = [Got(error=error)], []
                else:
                    if isinstance(client, WalletApi):
                        with client:
                            outcomes = call_sync(client, case["call"])
                    else:
                        outcomes = asyncio.run(call_async(client, case["call"]))
                    kept = kept_by(client)
            try:
                check_exchange(case, server, outcomes, log, kept)
            except Mismatch as mismatch:
                raise Mismatch(f"{flavour}: {mismatch}") from None
            saw.append(describe(outcomes[-1]))
        finally:
            server.close()
    requests = case["expect"]["requests"]
    flavours = "async" if "abortAfterMs" in case["call"] else "sync and async"
    return f"{saw[0]}{'' if requests == 1 else f' after {requests} requests'} ({flavours})"


@contextmanager
def wallet_api_variables(variables: dict[str, str]) -> Iterator[None]:
    """The process's WALLET_API_* environment variables exactly as given (none but these) for a while."""
    saved = {k: v for k, v in os.environ.items() if k.startswith("WALLET_API_")}
    for name in saved:
        del os.environ[name]
    os.environ.update(variables)
    try:
        yield
    finally:
        for name in [k for k in os.environ if k.startswith("WALLET_API_")]:
            del os.environ[name]
        os.environ.update(saved)


def run_options(case: dict[str, Any]) -> str:
    given, expect = case["options"], case["expect"]
    # An option the case does not give is passed as None: Python's "not given", which reads its
    # environment variable; the case's own variables (if any) are the only ones set meanwhile.
    try:
        with wallet_api_variables(case.get("env", {})):
            WalletApi(
                environment=given.get("environment"),
                base_url=given.get("baseUrl"),
                api_key=given.get("apiKey"),
                signer=hmac_sha256(secret=given["secret"]) if "secret" in given else None,
            )
    except Exception as error:  # noqa: BLE001 - compared below
        check_error(error, expect["error"])
        check_not_contained(error, expect.get("mustNotContain", []))
        return "configuration"
    raise Mismatch("the client was created")


@dataclass
class Settings:
    sandbox: str | None
    api_key: str
    secret: str


def sandbox_request(settings: Settings, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """A signed request to a sandbox test helper, signed by hand with the standard library."""
    text = "" if body is None else json.dumps(body, separators=(",", ":"))
    # The client's own sequence: the sandbox refuses a replay, and a helper request signed at
    # the millisecond of another identical one would be one.
    timestamp = SYSTEM_CLOCK_SEQUENCE.next()
    canonical = f"{timestamp}\n{method}\n{path}\n{text}"
    headers = {
        "x-api-key": settings.api_key,
        "x-timestamp": timestamp,
        "x-signature": hmac.new(settings.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest(),
    }
    if body is not None:
        headers["content-type"] = "application/json"
    answer = httpx.request(
        method, f"{settings.sandbox}{path}", headers=headers, content=text.encode() if body is not None else None, timeout=30
    )
    return answer.status_code, answer.json()


def substitute(value: Any, saved: dict[str, Any]) -> Any:
    if isinstance(value, str):
        m = re.fullmatch(r"\{\{(\w+)\}\}", value)
        return saved[m.group(1)] if m and m.group(1) in saved else value
    if isinstance(value, list):
        return [substitute(v, saved) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, saved) for k, v in value.items()}
    return value


def pointer(data: Any, path: str) -> Any:
    for key in path.split("/")[1:]:
        key = key.replace("~1", "/").replace("~0", "~")
        data = data.get(key) if isinstance(data, dict) else None
    return data


def run_steps(
    steps: list[dict[str, Any]],
    client: WalletApi,
    settings: Settings,
    saved: dict[str, Any],
    armed: list[str],
    case_client: dict[str, Any] | None = None,
) -> None:
    for index, step in enumerate(steps):
        at = f"step {index + 1}"
        if "arm" in step:
            status, envelope = sandbox_request(settings, "POST", "/sandbox/scenarios", step["arm"])
            if status != 200:
                raise Mismatch(f"{at}: the sandbox refused the scenario (HTTP {status})")
            armed.append(envelope["data"]["id"])
        elif "call" in step:
            call = substitute(step["call"], saved)
            options = step.get("options", {})
            caller = client
            if "retry" in options and OPERATIONS[call["operationId"]].method != "GET":
                # A POST method takes no retry option (a POST is never retried); the rule holds
                # with retries configured, so they go on a client of their own for this step.
                caller = WalletApi(
                    **client_options(settings.sandbox or "", settings.api_key, settings.secret, {**(case_client or {}), **options})
                )
                options = {k: v for k, v in options.items() if k != "retry"}
            name, kwargs = arguments(call, options)
            times = step.get("times", 1)
            for number in range(1, times + 1):
                try:
                    got = Got(data=getattr(caller, name)(**kwargs))
                except Exception as error:  # noqa: BLE001 - compared below
                    got = Got(error=error)
                try:
                    check_outcome(got, substitute(step["expect"], saved))
                except Mismatch as mismatch:
                    which = f", call {number} of {times}" if times > 1 else ""
                    raise Mismatch(f"{at} ({call['operationId']}{which}): {mismatch}") from None
            for key, path in step.get("save", {}).items():
                saved[key] = pointer(as_json(got.data), path)
        elif "sandbox" in step:
            _, envelope = sandbox_request(settings, step["sandbox"]["method"], substitute(step["sandbox"]["path"], saved))
            data, expect = envelope.get("data"), step["expect"]
            if "length" in expect and (not isinstance(data, list) or len(data) != expect["length"]):
                raise Mismatch(
                    f"{at}: {step['sandbox']['path']} has {len(data) if isinstance(data, list) else 'no'} records, not {expect['length']}"
                )
            if "dataIncludes" in expect and not includes(data, substitute(expect["dataIncludes"], saved)):
                raise Mismatch(f"{at}: {step['sandbox']['path']} without what was expected")
        elif "expectScenario" in step:
            _, envelope = sandbox_request(settings, "GET", "/sandbox/scenarios")
            want = step["expectScenario"]
            found = [s for s in envelope["data"] if s["id"] == armed[want["index"]]]
            if not found:
                raise Mismatch(f"{at}: no scenario {want['index']}")
            seen = found[0]
            if ("matched" in want and seen["matched"] != want["matched"]) or ("answered" in want and seen["answered"] != want["answered"]):
                raise Mismatch(f"{at}: the sandbox saw {seen['matched']} calls and answered {seen['answered']} by the scenario")
        elif "walk" in step:
            pages = items = 0
            ids: set[str] = set()
            params = {snake(k): v for k, v in step["walk"].get("params", {}).items()}
            for page in client.paginate_transactions(**params).pages():
                pages += 1
                items += len(page.data)
                ids.update(t.id for t in page.data)
                after = step.get("afterPage", {}).get(str(pages))
                if after:
                    run_steps(after, client, settings, saved, armed, case_client)
            expect = step["expect"]
            if (pages, items, len(ids)) != (expect["pages"], expect["items"], expect["distinctIds"]):
                raise Mismatch(f"{at}: walked {pages} pages, {items} items, {len(ids)} distinct")
        else:
            time.sleep(step["sleepMs"] / 1000)


def run_scenario(case: dict[str, Any], settings: Settings) -> str:
    if not settings.sandbox:
        raise Mismatch("no sandbox URL was given (--sandbox)")
    status, _ = sandbox_request(settings, "POST", "/sandbox/reset")
    if status != 200:
        raise Mismatch(f"the sandbox did not reset (HTTP {status})")
    with WalletApi(**client_options(settings.sandbox, settings.api_key, settings.secret, case.get("client"))) as client:
        run_steps(case["steps"], client, settings, {}, [], case.get("client"))
    return f"{len(case['steps'])} steps as expected"


def run_case(case: dict[str, Any], settings: Settings) -> dict[str, str]:
    runners: dict[str, Callable[[], str]] = {
        "signing": lambda: run_signing(case),
        "mask": lambda: run_mask(case),
        "exchange": lambda: run_exchange(case),
        "options": lambda: run_options(case),
        "scenario": lambda: run_scenario(case, settings),
    }
    try:
        return {"case": case["id"], "outcome": "pass", "saw": runners[case["type"]]()}
    except Mismatch as mismatch:
        return {"case": case["id"], "outcome": "fail", "saw": str(mismatch)}
    except Exception as error:  # noqa: BLE001 - one case's failure is its cell, not the run's
        return {"case": case["id"], "outcome": "fail", "saw": f"the runner failed: {type(error).__name__}"}


def main() -> None:
    parser = argparse.ArgumentParser(description="The Python client's conformance runner")
    parser.add_argument("--cases", nargs="+", required=True, type=Path)
    parser.add_argument("--sandbox")
    parser.add_argument("--api-key", default="")
    parser.add_argument("--secret", default="")
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args()
    settings = Settings(args.sandbox, args.api_key, args.secret)
    results = []
    for path in args.cases:
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            if CLIENT in case.get("unsupported", {}):
                continue
            results.append(run_case(case, settings))
    args.out.write_text(json.dumps({"client": CLIENT, "results": results}, indent=2) + "\n", encoding="utf-8")
    failed = [r for r in results if r["outcome"] != "pass"]
    print(f"conformance (python): {len(results) - len(failed)} passed, {len(failed)} failed", file=sys.stderr)


if __name__ == "__main__":
    main()
