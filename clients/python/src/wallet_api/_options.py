"""The client's options and their checks: everything explicit, production never a default."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal, get_args
from urllib.parse import urlsplit

import httpx

from ._errors import ConfigurationError

Environment = Literal["staging", "production", "custom"]
ENVIRONMENTS: tuple[str, ...] = get_args(Environment)

#: Seconds for each attempt as a whole, signing included.
DEFAULT_TIMEOUT = 30.0
#: 4 MiB: far above any answer of this API (a page of transactions is tens of KiB), far below
#: what would hurt a backend if a server or proxy misbehaved.
DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024
DEFAULT_RETRY_STATUSES = (429, 502, 503, 504)

# RFC 9110 field-value: visible ASCII or Latin-1, spaces or tabs only between them.
_HEADER_VALUE = re.compile(r"^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$")
HEADER_VALUE_RULE = (
    "visible ASCII or Latin-1 characters with spaces or tabs only between them: "
    "no line breaks, control characters, or leading or trailing whitespace"
)


def is_header_value(value: str) -> bool:
    return _HEADER_VALUE.fullmatch(value) is not None


@dataclass(frozen=True, slots=True)
class RetryOptions:
    """Retries of GET calls (a POST is never retried: it moves value and has no idempotency key).

    Each retry waits a random 50 % to 100 % of min(max_delay_ms, initial_delay_ms * 2**(n-1)),
    or what a 429's or 503's ``Retry-After`` asks, capped by ``max_delay_ms``.
    """

    #: Total attempts, the first included (at least 1).
    attempts: int
    initial_delay_ms: float = 100
    max_delay_ms: float = 2000
    statuses: tuple[int, ...] = DEFAULT_RETRY_STATUSES

    def __post_init__(self) -> None:
        if isinstance(self.attempts, bool) or not isinstance(self.attempts, int) or self.attempts < 1:
            raise ConfigurationError("retry.attempts must be a whole number of at least 1")
        for name in ("initial_delay_ms", "max_delay_ms"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise ConfigurationError(f"retry.{name} must be a non-negative number of milliseconds")
        if self.max_delay_ms < self.initial_delay_ms:
            raise ConfigurationError("retry delays must satisfy 0 <= initial_delay_ms <= max_delay_ms")
        if not isinstance(self.statuses, tuple) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 100 <= s <= 599 for s in self.statuses
        ):
            raise ConfigurationError("retry.statuses must be a tuple of HTTP status codes")


@dataclass(frozen=True, slots=True)
class AttemptTimeout:
    """How long one attempt may take.

    A number of seconds bounds the attempt as a whole: signing, connecting, sending, the
    headers and the body. An ``httpx.Timeout`` is httpx's own limits, phase by phase
    (connect, write, each read, the wait for a pooled connection), applied as httpx applies them.
    """

    #: The whole attempt's bound in seconds; ``None`` for an ``httpx.Timeout``.
    seconds: float | None
    #: What httpx is given for each phase (what is left of ``seconds``, or the httpx.Timeout).
    phases: httpx.Timeout

    @property
    def given(self) -> float | httpx.Timeout:
        return self.seconds if self.seconds is not None else self.phases

    def __str__(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g} s"
        limits = {"connect": self.phases.connect, "read": self.phases.read, "write": self.phases.write, "pool": self.phases.pool}
        return "httpx.Timeout(" + ", ".join(f"{k}={v:g} s" for k, v in limits.items() if v is not None) + ")"


def _is_seconds(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value) and value > 0


def check_timeout(value: object, name: str) -> AttemptTimeout:
    if isinstance(value, httpx.Timeout):
        for phase in ("connect", "read", "write", "pool"):
            limit = getattr(value, phase)
            if limit is not None and not _is_seconds(limit):
                raise ConfigurationError(f"{name}.{phase} must be a positive number of seconds or None")
        return AttemptTimeout(None, value)
    if not _is_seconds(value):
        raise ConfigurationError(f"{name} must be a positive number of seconds or an httpx.Timeout")
    return AttemptTimeout(float(value), httpx.Timeout(float(value)))  # type: ignore[arg-type]


def check_retry(value: object, name: str) -> RetryOptions | None:
    if value is None or isinstance(value, RetryOptions):
        return value
    raise ConfigurationError(f"{name} must be a RetryOptions or None")


def check_base_url(environment: str, value: object) -> str:
    # The address is never quoted back: it could carry credentials.
    if not isinstance(value, str) or not value:
        raise ConfigurationError(f"base_url of the {environment} environment is required: an absolute URL")
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise ConfigurationError(f"base_url of the {environment} environment must be an absolute URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigurationError(f"base_url of the {environment} environment must be an absolute http(s) URL")
    if parts.username is not None or parts.password is not None:
        raise ConfigurationError("base_url must not contain credentials")
    if parts.query or parts.fragment or "?" in value or "#" in value:
        raise ConfigurationError("base_url must not contain a query or fragment")
    if environment != "custom" and parts.scheme != "https":
        raise ConfigurationError(f"base_url of the {environment} environment must use https")
    if any(c.isspace() for c in value):
        raise ConfigurationError("base_url must not contain whitespace")
    return value.rstrip("/")


def check_environment(value: object) -> str:
    if not isinstance(value, str) or value not in ENVIRONMENTS:
        raise ConfigurationError(f"environment must be chosen explicitly: one of {', '.join(repr(e) for e in ENVIRONMENTS)}")
    return value


def check_api_key(value: object) -> str:
    if not isinstance(value, str) or value.strip() == "":
        raise ConfigurationError("api_key is required (a non-empty string)")
    if not is_header_value(value):
        # Never quoted back.
        raise ConfigurationError(f"api_key is not a valid HTTP header value ({HEADER_VALUE_RULE})")
    return value


def check_max_response_bytes(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigurationError("max_response_bytes must be a positive whole number of bytes")
    return value


def check_user_agent(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not is_header_value(value):
        raise ConfigurationError(f"user_agent must be a valid HTTP header value ({HEADER_VALUE_RULE})")
    return value
