"""What every call goes through: arguments checked, the request built, signed over the exact
bytes sent, retried (GET only, above the transport, signed afresh), the answer read within the
size limit and the timeout, and classified by both the HTTP status and the envelope's status."""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import math
import os
import queue
import random
import re
import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, TypeAdapter, ValidationError

from ._errors import (
    InvalidArgumentError,
    InvalidResponseError,
    NetworkError,
    RequestTimeoutError,
    SigningError,
    WalletApiError,
    api_error_class,
)
from ._options import AttemptTimeout, RetryOptions, check_retry, check_timeout, is_header_value
from ._privacy import Redactor, carried_by_call, carried_fields
from ._signing import SignatureInput, Signer
from ._timestamps import TimestampSequence
from ._version import __version__

T = TypeVar("T")

logger = logging.getLogger("wallet_api")
# A library's logger stays silent unless the application configures logging: without this,
# Python's last-resort handler would print warnings to stderr.
logger.addHandler(logging.NullHandler())

USER_AGENT = f"wallet-api-sdk-python/{__version__} python/{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"

# encodeURIComponent's unreserved set, so a path or query value reaches the server as the
# TypeScript client sends it.
_URI_COMPONENT_SAFE = "!'()*"


@dataclass(eq=False)
class Operation(Generic[T]):
    """One operation of the spec, as the generated code describes it."""

    operation_id: str
    method: str
    path: str
    arguments: type[BaseModel]
    path_fields: tuple[tuple[str, str], ...]
    query_fields: tuple[tuple[str, str], ...]
    body_model: type[BaseModel] | None
    body_fields: tuple[tuple[str, str], ...]
    data_type: Any
    unwrap_root: bool
    label: str = field(init=False)
    _adapter: TypeAdapter[Any] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.label = f"{self.method} {self.path}"

    def parse_data(self, data: Any) -> T:
        if self._adapter is None:
            # Built on first use: importing the package stays cheap.
            self._adapter = TypeAdapter(self.data_type)
        value = self._adapter.validate_python(data)
        return value.root if self.unwrap_root else value  # type: ignore[no-any-return]


class CallArguments(dict[str, Any]):
    """A call's arguments by their Python names. Its ``repr`` names them without their values:
    a traceback that records locals (Sentry's default) prints it, and one may be a password."""

    def __repr__(self) -> str:
        return f"CallArguments({', '.join(self)})"


@dataclass(frozen=True, slots=True)
class Config:
    environment: str
    base_url: str
    api_key: str
    signer: Signer
    timeout: AttemptTimeout
    retry: RetryOptions | None
    max_response_bytes: int
    clock: Callable[[], datetime]
    #: Where each request's x-timestamp comes from: distinct within the process (or this client's own clock).
    timestamps: TimestampSequence
    #: Values the privacy policy masks in every error and log line (the signer's secret).
    secrets: tuple[str, ...]
    #: The whole User-Agent, set on each request (a caller's httpx client is never modified).
    user_agent: str

    def __repr__(self) -> str:
        # Never the key, the signer or its secrets: a traceback that records locals prints this.
        return (
            f"Config(environment={self.environment!r}, base_url={self.base_url!r}, timeout={self.timeout.given!r}, "
            f"retry={self.retry!r}, max_response_bytes={self.max_response_bytes!r})"
        )


@dataclass(slots=True)
class Prepared:
    operation: Operation[Any]
    target: str
    body: bytes | None
    #: ``(kind, value)`` of the request's protected fields: masked wherever echoed.
    fields: list[tuple[str, str]]
    #: Each signature sent, masked wherever echoed.
    signatures: list[str] = field(default_factory=list)
    #: Requests sent so far (each attempt that was signed).
    attempts: int = 0

    def __repr__(self) -> str:
        # Not the target, the body or what they carried.
        return f"Prepared(operation={self.operation.label!r}, attempts={self.attempts})"


def _describe_validation(op: Operation[Any], error: ValidationError, names: Mapping[str, str]) -> str:
    """Which arguments are wrong and why, never their values (a password may be one)."""
    problems = []
    for item in error.errors(include_url=False, include_input=False, include_context=False):
        loc = item["loc"]
        name = names.get(str(loc[0]), str(loc[0])) if loc else "arguments"
        problems.append(f"argument {name}: {item['msg']}")
    return f"{op.operation_id}: {'; '.join(problems)}; nothing was sent"


def _format_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return str(int(value))
    return str(value)


def _integral_floats_as_ints(value: Any) -> Any:
    """100.0 is written 100, as JSON and the TypeScript client write it."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, dict):
        return {k: _integral_floats_as_ints(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_integral_floats_as_ints(v) for v in value]
    return value


def prepare(op: Operation[Any], values: Mapping[str, Any]) -> Prepared:
    """Checks the arguments and builds the path with query and the body bytes."""
    given = {k: v for k, v in values.items() if v is not None}
    argument_names = [py for py, _ in op.path_fields + op.query_fields]
    try:
        arguments = op.arguments.model_validate({k: given[k] for k in argument_names if k in given})
    except ValidationError as error:
        raise InvalidArgumentError(_describe_validation(op, error, {})) from None
    path = op.path
    for py, wire in op.path_fields:
        path = path.replace("{" + wire + "}", quote(_format_scalar(getattr(arguments, py)), safe=_URI_COMPONENT_SAFE))
    query = [
        f"{quote(wire, safe=_URI_COMPONENT_SAFE)}={quote(_format_scalar(value), safe=_URI_COMPONENT_SAFE)}"
        for py, wire in op.query_fields
        if (value := getattr(arguments, py)) is not None
    ]
    target = path + ("?" + "&".join(query) if query else "")
    body: bytes | None = None
    carried = carried_fields({wire: getattr(arguments, py) for py, wire in op.path_fields + op.query_fields})
    if op.body_model is not None:
        body_values = {py: given[py] for py, _ in op.body_fields if py in given}
        try:
            model = op.body_model.model_validate(body_values, strict=True, by_name=True)
        except ValidationError as error:
            raise InvalidArgumentError(_describe_validation(op, error, {wire: py for py, wire in op.body_fields})) from None
        document = _integral_floats_as_ints(model.model_dump(mode="json", by_alias=True, exclude_unset=True))
        carried += carried_fields(document)
        body = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return Prepared(op, target, body, carried)


def _utc(moment: datetime) -> datetime:
    """A clock's reading in UTC; a naive one is read as UTC (not as the machine's local time)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def timed_out(label: str, timeout: AttemptTimeout) -> RequestTimeoutError:
    return RequestTimeoutError(label, timeout.given, str(timeout))


def deadline_of(timeout: AttemptTimeout) -> float:
    """The attempt's end on the monotonic clock (never, for an httpx.Timeout: httpx bounds each phase)."""
    return math.inf if timeout.seconds is None else time.monotonic() + timeout.seconds


class _SigningAuth(httpx.Auth):
    """Signs the request httpx is about to send, over its exact path and body bytes.

    It runs inside ``send``, so each attempt (retries live above the transport) is signed over
    a new timestamp; the signer's time counts against the attempt's deadline.
    """

    requires_request_body = True

    def __init__(self, config: Config, prepared: Prepared, deadline: float, timeout: AttemptTimeout) -> None:
        self._config = config
        self._prepared = prepared
        self._deadline = deadline
        self._timeout = timeout

    def __repr__(self) -> str:
        return f"_SigningAuth({self._prepared.operation.label!r})"

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        config, label = self._config, self._prepared.operation.label
        # Every attempt, a retry included, gets a timestamp no other request of the sequence had.
        timestamp = config.timestamps.next()
        signed = SignatureInput(
            method=request.method,
            path_with_query=request.url.raw_path.decode("ascii"),
            body=request.content.decode("utf-8"),
            timestamp=timestamp,
            api_key=config.api_key,
        )
        try:
            signature = config.signer(signed)
        except Exception as error:  # noqa: BLE001 - any failure of the integrator's signer
            # Not chained: the signer's exception may quote the secret or the canonical string.
            raise SigningError(
                f"{label} was not sent: the signer raised {type(error).__name__} (its message is withheld because it may contain secrets)",
                label,
            ) from None
        if not isinstance(signature, str) or signature == "":
            what = "an empty string" if isinstance(signature, str) else type(signature).__name__
            raise SigningError(f"{label} was not sent: the signer returned {what} instead of a signature", label)
        if not is_header_value(signature):
            raise SigningError(
                f"{label} was not sent: the signer returned a signature that is not a valid HTTP header value (the value is withheld)",
                label,
            )
        self._prepared.signatures.append(signature)
        self._prepared.attempts += 1
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise timed_out(label, self._timeout)
        request.headers["x-api-key"] = config.api_key
        request.headers["x-timestamp"] = timestamp
        request.headers["x-signature"] = signature
        # What is left of the attempt's time after signing bounds connecting, writing and each
        # read; an httpx.Timeout is httpx's, as given.
        phases = httpx.Timeout(remaining) if self._timeout.seconds is not None else self._timeout.phases
        request.extensions["timeout"] = phases.as_dict()
        yield request


class RawResponse(Generic[T]):
    """A successful answer as received: status, headers, the envelope; ``parse()`` gives the typed data."""

    def __init__(
        self,
        operation: Operation[T],
        status_code: int,
        headers: httpx.Headers,
        envelope: dict[str, Any],
        attempts: int,
        redactor: Callable[[], Redactor],
    ) -> None:
        self.operation = operation.label
        self.status_code = status_code
        self.headers = headers
        self.envelope = envelope
        #: How many requests the call sent (more than 1 after retries).
        self.attempts = attempts
        self._op = operation
        self._redactor = redactor
        self._parsed: tuple[T] | None = None

    @property
    def message(self) -> str:
        return str(self.envelope.get("message", ""))

    def parse(self) -> T:
        """The envelope's ``data`` as the spec's type; an ``InvalidResponseError`` when it does not match."""
        if self._parsed is None:
            try:
                self._parsed = (self._op.parse_data(self.envelope["data"]),)
            except ValidationError as error:
                places = sorted(
                    {"/".join(str(p) for p in item["loc"]) or "data" for item in error.errors(include_url=False, include_input=False)}
                )
                reason = self._redactor().text(f"with data that does not match the spec ({len(places)} place(s): {', '.join(places[:5])})")
                raise InvalidResponseError(operation=self.operation, http_status=self.status_code, reason=reason) from None
        return self._parsed[0]

    def __repr__(self) -> str:
        return f"RawResponse(operation={self.operation!r}, status_code={self.status_code})"


def _is_envelope(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("status"), str) and isinstance(value.get("message"), str) and "data" in value


def _classify(
    prepared: Prepared, redactor: Callable[[], Redactor], response: httpx.Response, body: bytes, attempts: int
) -> RawResponse[Any]:
    op, status = prepared.operation, response.status_code

    def invalid(reason: str) -> InvalidResponseError:
        return InvalidResponseError(operation=op.label, http_status=status, reason=reason)

    # A redirect is never followed (credentials are never replayed elsewhere), and what it says
    # is not the provider's decision on the call, whatever its body.
    if 300 <= status < 400:
        raise invalid("(a redirect, which the client never follows)")
    if body.strip() == b"":
        raise invalid("with an empty body")
    try:
        envelope = json.loads(body.decode("utf-8"))
    except ValueError:
        raise invalid("with a body that is not JSON") from None
    if not _is_envelope(envelope):
        raise invalid("with JSON that is not the {status, message, data} envelope")
    if 200 <= status < 300 and envelope["status"] == "success":
        return RawResponse(op, status, response.headers, envelope, attempts, redactor)
    if envelope["status"] not in ("success", "error"):
        raise invalid("with an unknown envelope status")
    raise api_error_class(status)(operation=op.label, http_status=status, envelope=envelope, headers=response.headers, redactor=redactor())


_DELAY_SECONDS = re.compile(r"[0-9]+")


def _retry_after_ms(value: str | None, now: datetime) -> float | None:
    """RFC 9110 Retry-After: delay-seconds or an HTTP date (read against the client's clock)."""
    if value is None:
        return None
    # ASCII digits only: str.isdigit() also takes "²" and other scripts' digits, which int() refuses.
    if _DELAY_SECONDS.fullmatch(value):
        return int(value) * 1000.0
    try:
        moment = parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError, OverflowError):
        # Neither form: the normal backoff applies.
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max(0.0, (moment - now).total_seconds() * 1000)


def _backoff_ms(policy: RetryOptions, retry_number: int) -> float:
    ceiling = min(float(policy.max_delay_ms), float(policy.initial_delay_ms) * 2.0 ** (retry_number - 1))
    return ceiling * random.uniform(0.5, 1.0)


def _delay_after_status(policy: RetryOptions, response: httpx.Response, retry_number: int, now: datetime) -> tuple[float, bool]:
    if response.status_code in (429, 503):
        asked = _retry_after_ms(response.headers.get("retry-after"), now)
        if asked is not None:
            return min(asked, policy.max_delay_ms), True
    return _backoff_ms(policy, retry_number), False


@dataclass(frozen=True, slots=True)
class Send:
    """Build, sign and send the next attempt; answered with its response (headers read, body
    not) or with the failure that left no answer."""

    deadline: float


@dataclass(frozen=True, slots=True)
class Read:
    """Read the response's body by the attempt's deadline; answered with its bytes. A failure
    here is raised, never retried: the answer had begun."""

    response: httpx.Response
    deadline: float


@dataclass(frozen=True, slots=True)
class Wait:
    """Let the response go (if one is open) and wait this long before the next attempt."""

    seconds: float


Step = Send | Read | Wait


def forget_locals(error: BaseException) -> None:
    """Clears the locals of the finished frames an error came through (the answer's bytes, the
    envelope, the request), and of its context's: a traceback that records locals (Sentry's
    default, ``capture_locals=True``) prints each one's repr. The frames stay, so the traceback
    still shows where the call failed; the frames still running refuse and are left alone."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if current.__traceback__ is not None:
            traceback.clear_frames(current.__traceback__)
        current = current.__cause__ or current.__context__


class _BaseCaller:
    def __init__(self, config: Config) -> None:
        self.config = config

    def exchange(self, prepared: Prepared, timeout: AttemptTimeout, policy: RetryOptions | None) -> Generator[Step, Any, RawResponse[Any]]:
        """Every decision of a call, for the sync and the async client alike, as steps their I/O
        carries out: when to send, which failure or status is retried and after how long, when
        the body is read, and what the answer means. Each attempt has its own deadline."""
        attempts = policy.attempts if policy else 1
        self.log_request(prepared)
        for attempt in range(1, attempts + 1):
            retry_left = policy is not None and attempt < attempts
            deadline = deadline_of(timeout)
            sent = yield Send(deadline)
            if isinstance(sent, WalletApiError):
                if policy is None or not retry_left:
                    raise sent
                delay = _backoff_ms(policy, attempt)
                self.log_retry(prepared, attempt, delay, f"failed ({sent.kind})", False)
                yield Wait(delay / 1000)
                continue
            response: httpx.Response = sent
            if policy is not None and retry_left and response.status_code in policy.statuses:
                delay, asked = _delay_after_status(policy, response, attempt, _utc(self.config.clock()))
                self.log_retry(prepared, attempt, delay, f"answered HTTP {response.status_code}", asked)
                yield Wait(delay / 1000)
                continue
            body: bytes = yield Read(response, deadline)
            self.log_response(prepared, response, body)
            return _classify(prepared, self.redactor_for(prepared), response, body, prepared.attempts)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def undecodable(self, prepared: Prepared, response: httpx.Response) -> InvalidResponseError:
        return InvalidResponseError(
            operation=prepared.operation.label,
            http_status=response.status_code,
            reason="with a body that cannot be decoded as its Content-Encoding says",
        )

    def redactor_for(self, prepared: Prepared) -> Callable[[], Redactor]:
        made: list[Redactor] = []

        def get() -> Redactor:
            if not made:
                carried = carried_by_call(
                    api_key=self.config.api_key, secrets=self.config.secrets, fields=prepared.fields, signatures=prepared.signatures
                )
                made.append(Redactor(carried))
            return made[0]

        return get

    def plan(
        self, op: Operation[Any], values: Mapping[str, Any], timeout: float | httpx.Timeout | None, retry: RetryOptions | None
    ) -> tuple[Prepared, AttemptTimeout, RetryOptions | None]:
        attempt_timeout = self.config.timeout if timeout is None else check_timeout(timeout, "timeout")
        policy = self.config.retry if retry is None else check_retry(retry, "retry")
        # POSTs are never retried: they move value and the interface has no idempotency key.
        return prepare(op, values), attempt_timeout, policy if op.method == "GET" else None

    def url(self, prepared: Prepared) -> str:
        return self.config.base_url + prepared.target

    def headers(self, prepared: Prepared) -> dict[str, str]:
        headers = {"accept": "application/json", "user-agent": self.config.user_agent}
        if prepared.body is not None:
            headers["content-type"] = "application/json"
        return headers

    def too_large(self, prepared: Prepared, response: httpx.Response) -> InvalidResponseError | None:
        # The declared length is trusted to refuse early only for an identity body: a compressed
        # one is held to the limit at its inflated size, as it is read.
        declared = response.headers.get("content-length", "")
        encoding = response.headers.get("content-encoding", "identity").strip().lower()
        if encoding in ("", "identity") and declared.isdigit() and int(declared) > self.config.max_response_bytes:
            return self.over_limit(prepared, response, int(declared))
        return None

    def over_limit(self, prepared: Prepared, response: httpx.Response, size: int) -> InvalidResponseError:
        return InvalidResponseError(
            operation=prepared.operation.label,
            http_status=response.status_code,
            reason=f"with a body of {size}+ bytes, over the client's limit of {self.config.max_response_bytes} bytes (max_response_bytes)",
        )

    def transport_error(self, prepared: Prepared, error: Exception, while_reading: bool) -> WalletApiError:
        label = prepared.operation.label
        when = "while its body was read" if while_reading else "before an answer arrived"
        text = self.redactor_for(prepared)().text(str(error))
        return NetworkError(f"{label} failed {when}: {type(error).__name__}{': ' + text if text else ''}", label)

    def log_retry(self, prepared: Prepared, attempt: int, delay_ms: float, why: str, retry_after: bool) -> None:
        # INFO: a retry is the client handling it; the call may still succeed.
        if logger.isEnabledFor(logging.INFO):
            logger.info(
                "%s: attempt %d %s; retrying in %.0f ms%s",
                prepared.operation.label,
                attempt,
                why,
                delay_ms,
                " (Retry-After)" if retry_after else "",
            )

    def log_request(self, prepared: Prepared) -> None:
        if logger.isEnabledFor(logging.DEBUG):
            redact = self.redactor_for(prepared)()
            body = "" if prepared.body is None else json.dumps(redact.json(json.loads(prepared.body)), separators=(",", ":"))
            logger.debug("%s: request %s %s %s", prepared.operation.label, prepared.operation.method, redact.text(prepared.target), body)

    def log_response(self, prepared: Prepared, response: httpx.Response, body: bytes) -> None:
        if logger.isEnabledFor(logging.DEBUG):
            redact = self.redactor_for(prepared)()
            try:
                shown = json.dumps(redact.json(json.loads(body)), separators=(",", ":"), ensure_ascii=False)
            except ValueError:
                shown = redact.text(body.decode("utf-8", errors="replace"))
            headers = ", ".join(f"{k}: {v}" for k, v in redact.headers(response.headers.multi_items()))
            logger.debug("%s: answer HTTP %d [%s] %s", prepared.operation.label, response.status_code, headers, shown)

    def log_end(self, prepared: Prepared, started: float, outcome: RawResponse[Any] | WalletApiError) -> None:
        """One line per call at DEBUG, a failure too: the caller decides what a failure means (an
        expected 404 is no error of the service's), and raises it; the client never logs above INFO."""
        if not logger.isEnabledFor(logging.DEBUG):
            return
        ms, attempts = (time.monotonic() - started) * 1000, prepared.attempts
        if isinstance(outcome, RawResponse):
            logger.debug("%s: HTTP %d in %.0f ms (attempt %d)", prepared.operation.label, outcome.status_code, ms, attempts)
            return
        status = getattr(outcome, "http_status", None)
        # The message was made through the privacy policy.
        logger.debug(
            "%s failed (%s, %s) in %.0f ms (attempt %d): %s",
            prepared.operation.label,
            outcome.kind,
            "no answer" if status is None else f"HTTP {status}",
            ms,
            attempts,
            outcome.message,
        )


#: Sends a request signed beforehand as it is.
_AS_SIGNED = httpx.Auth()


class _AttemptWorkers:
    """The threads that carry out the sync client's attempts: an idle one is reused (starting a
    thread costs more than the hand-over), a new one started when none is idle, so that an
    attempt given up, whose thread waits for the server to let go, never holds up another. A
    thread idle for a minute ends; a forked child starts with none."""

    _IDLE_SECONDS = 60.0

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: list[queue.SimpleQueue[Callable[[], None]]] = []
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        self._lock = threading.Lock()
        self._idle = []

    def run(self, job: Callable[[], None]) -> None:
        with self._lock:
            jobs = self._idle.pop() if self._idle else None
        if jobs is None:
            jobs = queue.SimpleQueue()
            threading.Thread(target=self._serve, args=(jobs,), name="wallet_api attempt", daemon=True).start()
        jobs.put(job)

    def _serve(self, jobs: queue.SimpleQueue[Callable[[], None]]) -> None:
        while True:
            try:
                job = jobs.get(timeout=self._IDLE_SECONDS)
            except queue.Empty:
                with self._lock:
                    if jobs in self._idle:
                        self._idle.remove(jobs)
                        return
                # Taken from the idle list just now: its job is on the way.
                continue
            job()
            del job
            with self._lock:
                self._idle.append(jobs)


_WORKERS = _AttemptWorkers()


class _AttemptThread:
    """One attempt of the sync client, sent and read on a thread of its own, so that the caller
    waits for it no longer than the attempt's deadline: httpx bounds each socket read, not their
    sum, and a server that trickles its status line, headers or body a few bytes at a time,
    each within a read's limit, would otherwise hold the caller without end.

    The thread owns the response: it reads the body as soon as the headers are in (the caller
    takes it, or lets it go when the status is retried), then closes the response; given up,
    it ends by the per-read limit, what was left of the deadline when the attempt was signed.
    """

    def __init__(self, send: Callable[[], httpx.Response | WalletApiError], read: Callable[[httpx.Response], bytes]) -> None:
        self._send, self._read = send, read
        self._headers_read, self._body_read = threading.Event(), threading.Event()
        self._given_up = False
        self._answer: httpx.Response | WalletApiError | None = None
        self._body: bytes | None = None
        self._failure: BaseException | None = None
        # In the caller's context: tracing (OpenTelemetry's httpx spans) and other context
        # variables see the call's, not an empty one.
        context = contextvars.copy_context()
        _WORKERS.run(lambda: context.run(self._work))

    def _work(self) -> None:
        try:
            self._answer = self._send()
        except BaseException as failure:  # noqa: BLE001 - handed to the caller's thread as it is
            self._failure = failure
        self._headers_read.set()
        response = self._answer if isinstance(self._answer, httpx.Response) else None
        if response is None:
            return
        try:
            if not self._given_up:
                self._body = self._read(response)
        except BaseException as failure:  # noqa: BLE001 - handed to the caller's thread as it is
            self._failure = failure
        finally:
            response.close()
            self._body_read.set()

    def _wait(self, event: threading.Event, deadline: float) -> bool:
        if event.wait(max(0.0, deadline - time.monotonic())):
            return True
        self.release()
        return False

    def headers(self, deadline: float) -> httpx.Response | WalletApiError | None:
        """The response (its headers read) or the failure; None when the deadline came first."""
        if not self._wait(self._headers_read, deadline):
            return None
        if self._failure is not None:
            raise self._failure
        return self._answer

    def body(self, deadline: float) -> bytes | None:
        """The body's bytes; None when the deadline came first."""
        if not self._wait(self._body_read, deadline):
            return None
        if self._failure is not None:
            raise self._failure
        return self._body

    def release(self) -> None:
        """Gives the attempt up: its thread closes the response once its read ends (or at once, before one)."""
        self._given_up = True

    def __repr__(self) -> str:
        return "_AttemptThread()"


class SyncCaller(_BaseCaller):
    def __init__(self, config: Config, http: httpx.Client) -> None:
        super().__init__(config)
        self.http = http

    def call(self, op: Operation[T], values: Mapping[str, Any], timeout: float | httpx.Timeout | None, retry: RetryOptions | None) -> T:
        return self.call_raw(op, values, timeout, retry).parse()

    def call_raw(
        self, op: Operation[T], values: Mapping[str, Any], timeout: float | httpx.Timeout | None, retry: RetryOptions | None
    ) -> RawResponse[T]:
        prepared, attempt_timeout, policy = self.plan(op, values, timeout, retry)
        started = time.monotonic()
        try:
            outcome = self._run(prepared, attempt_timeout, self.exchange(prepared, attempt_timeout, policy))
        except WalletApiError as error:
            forget_locals(error)
            self.log_end(prepared, started, error)
            raise
        self.log_end(prepared, started, outcome)
        return outcome

    def _run(self, prepared: Prepared, timeout: AttemptTimeout, steps: Generator[Step, Any, RawResponse[Any]]) -> RawResponse[Any]:
        """Carries out the decisions of ``exchange`` with blocking I/O."""
        answer: Any = None
        response: httpx.Response | None = None
        attempt: _AttemptThread | None = None
        try:
            while True:
                step = steps.send(answer)
                if isinstance(step, Send):
                    if timeout.seconds is None:
                        # An httpx.Timeout: httpx bounds each phase, as it was asked to.
                        answer = self._send(prepared, timeout, step.deadline)
                        response = answer if isinstance(answer, httpx.Response) else None
                    else:
                        attempt, answer = self._send_bounded(prepared, timeout, step.deadline)
                elif isinstance(step, Read):
                    if attempt is not None:
                        body = attempt.body(step.deadline)
                        if body is None:
                            raise timed_out(prepared.operation.label, timeout)
                        answer = body
                    else:
                        try:
                            answer = self._read(prepared, step.response, step.deadline, timeout)
                        finally:
                            step.response.close()
                            response = None
                else:
                    if response is not None:
                        response.close()
                        response = None
                    if attempt is not None:
                        attempt.release()
                        attempt = None
                    time.sleep(step.seconds)
                    answer = None
        except StopIteration as done:
            result: RawResponse[Any] = done.value
            return result
        finally:
            steps.close()
            if response is not None:
                response.close()
            if attempt is not None:
                attempt.release()

    def _send(
        self, prepared: Prepared, timeout: AttemptTimeout, deadline: float, signed: httpx.Request | None = None
    ) -> httpx.Response | WalletApiError:
        """Sends one attempt (signing it, unless ``signed``) and returns once its headers are read."""
        request = signed or self.http.build_request(
            prepared.operation.method, self.url(prepared), content=prepared.body, headers=self.headers(prepared)
        )
        auth = _AS_SIGNED if signed is not None else _SigningAuth(self.config, prepared, deadline, timeout)
        try:
            return self.http.send(request, auth=auth, stream=True, follow_redirects=False)
        except (httpx.TimeoutException, RequestTimeoutError):
            return timed_out(prepared.operation.label, timeout)
        except httpx.TransportError as error:
            return self.transport_error(prepared, error, False)

    def _send_bounded(
        self, prepared: Prepared, timeout: AttemptTimeout, deadline: float
    ) -> tuple[_AttemptThread | None, httpx.Response | WalletApiError]:
        """Signs the attempt here, in the caller's thread (a signer may hold state bound to it),
        then sends it on a thread of its own and waits for its headers until the deadline."""
        request = self.http.build_request(
            prepared.operation.method, self.url(prepared), content=prepared.body, headers=self.headers(prepared)
        )
        try:
            signed = next(_SigningAuth(self.config, prepared, deadline, timeout).sync_auth_flow(request))
        except RequestTimeoutError:
            return None, timed_out(prepared.operation.label, timeout)
        attempt = _AttemptThread(
            send=lambda: self._send(prepared, timeout, deadline, signed),
            read=lambda response: self._read(prepared, response, deadline, timeout),
        )
        answer = attempt.headers(deadline)
        if answer is None:
            return None, timed_out(prepared.operation.label, timeout)
        return (attempt, answer) if isinstance(answer, httpx.Response) else (None, answer)

    def _read(self, prepared: Prepared, response: httpx.Response, deadline: float, timeout: AttemptTimeout) -> bytes:
        refused = self.too_large(prepared, response)
        if refused is not None:
            raise refused
        limit, size, chunks = self.config.max_response_bytes, 0, []
        try:
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > limit:
                    raise self.over_limit(prepared, response, size)
                chunks.append(chunk)
                # httpx bounds each read, not their sum: the attempt's deadline is checked between them.
                if time.monotonic() > deadline:
                    raise timed_out(prepared.operation.label, timeout)
        except httpx.TimeoutException:
            raise timed_out(prepared.operation.label, timeout) from None
        except httpx.DecodingError:
            raise self.undecodable(prepared, response) from None
        except httpx.TransportError as error:
            raise self.transport_error(prepared, error, True) from None
        return b"".join(chunks)


class AsyncCaller(_BaseCaller):
    def __init__(self, config: Config, http: httpx.AsyncClient) -> None:
        super().__init__(config)
        self.http = http

    async def call(
        self, op: Operation[T], values: Mapping[str, Any], timeout: float | httpx.Timeout | None, retry: RetryOptions | None
    ) -> T:
        return (await self.call_raw(op, values, timeout, retry)).parse()

    async def call_raw(
        self, op: Operation[T], values: Mapping[str, Any], timeout: float | httpx.Timeout | None, retry: RetryOptions | None
    ) -> RawResponse[T]:
        prepared, attempt_timeout, policy = self.plan(op, values, timeout, retry)
        started = time.monotonic()
        try:
            outcome = await self._run(prepared, attempt_timeout, self.exchange(prepared, attempt_timeout, policy))
        except WalletApiError as error:
            forget_locals(error)
            self.log_end(prepared, started, error)
            raise
        self.log_end(prepared, started, outcome)
        return outcome

    async def _run(self, prepared: Prepared, timeout: AttemptTimeout, steps: Generator[Step, Any, RawResponse[Any]]) -> RawResponse[Any]:
        """Carries out the decisions of ``exchange`` on the event loop; cancelling the task cancels the call."""
        answer: Any = None
        response: httpx.Response | None = None
        try:
            while True:
                step = steps.send(answer)
                if isinstance(step, Send):
                    answer = await self._send(prepared, timeout, step.deadline)
                    response = answer if isinstance(answer, httpx.Response) else None
                elif isinstance(step, Read):
                    answer = await self._read(prepared, step.response, step.deadline, timeout)
                else:
                    if response is not None:
                        await response.aclose()
                        response = None
                    await asyncio.sleep(step.seconds)
                    answer = None
        except StopIteration as done:
            result: RawResponse[Any] = done.value
            return result
        finally:
            steps.close()
            if response is not None:
                await response.aclose()

    @staticmethod
    def _loop_deadline(deadline: float) -> float | None:
        """The attempt's deadline on the event loop's clock (None: no bound of the attempt's own)."""
        if math.isinf(deadline):
            return None
        return asyncio.get_running_loop().time() + (deadline - time.monotonic())

    async def _send(self, prepared: Prepared, timeout: AttemptTimeout, deadline: float) -> httpx.Response | WalletApiError:
        request = self.http.build_request(
            prepared.operation.method, self.url(prepared), content=prepared.body, headers=self.headers(prepared)
        )
        try:
            # One deadline for the whole attempt: signing, connecting, the headers, and (in _read) the body.
            async with asyncio.timeout_at(self._loop_deadline(deadline)):
                return await self.http.send(
                    request, auth=_SigningAuth(self.config, prepared, deadline, timeout), stream=True, follow_redirects=False
                )
        except (TimeoutError, httpx.TimeoutException):
            return timed_out(prepared.operation.label, timeout)
        except httpx.TransportError as error:
            return self.transport_error(prepared, error, False)

    async def _read(self, prepared: Prepared, response: httpx.Response, deadline: float, timeout: AttemptTimeout) -> bytes:
        refused = self.too_large(prepared, response)
        if refused is not None:
            raise refused
        limit, size, chunks = self.config.max_response_bytes, 0, []
        try:
            async with asyncio.timeout_at(self._loop_deadline(deadline)):
                async for chunk in response.aiter_bytes():
                    size += len(chunk)
                    if size > limit:
                        raise self.over_limit(prepared, response, size)
                    chunks.append(chunk)
        except (TimeoutError, httpx.TimeoutException):
            raise timed_out(prepared.operation.label, timeout) from None
        except httpx.DecodingError:
            raise self.undecodable(prepared, response) from None
        except httpx.TransportError as error:
            raise self.transport_error(prepared, error, True) from None
        return b"".join(chunks)
