"""The errors the client raises: every one a ``WalletApiError`` with a ``kind`` and the operation.

Their messages go through the privacy policy before they are made: no API key, signing secret,
signature, password or protected request value appears in ``str``, ``repr`` or a traceback.
Causes that could quote a secret (a signer's exception, a validation error quoting its input)
are not chained.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal

import httpx

from ._privacy import Carried, Redactor

ErrorKind = Literal["api", "invalid-response", "network", "timeout", "aborted", "signing", "configuration"]

# Response headers never kept on an ApiError: a gateway that echoes the request's headers would
# otherwise put the key or the signature into every logged error.
_CREDENTIAL_HEADERS = frozenset({"x-api-key", "x-signature", "x-timestamp", "authorization", "proxy-authorization", "cookie", "set-cookie"})


class WalletApiError(Exception):
    """Base class of every error the client raises."""

    kind: ClassVar[ErrorKind]

    def __init__(self, message: str, operation: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        #: "METHOD /path/template" of the failed call, e.g. "POST /api/v1/swaps".
        self.operation = operation

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (multiprocessing, task queues, result stores) as the error shows itself: the
        # masked message and plain fields, never what the provider echoed of the request.
        return (_restore, (type(self), self._pickled_state()))

    def _pickled_state(self) -> dict[str, Any]:
        return dict(vars(self))


def _restore(cls: type[WalletApiError], state: dict[str, Any]) -> WalletApiError:
    error = cls.__new__(cls)
    Exception.__init__(error, state["message"])
    error.__dict__.update(state)
    return error


class ApiError(WalletApiError):
    """The service answered an error envelope (any HTTP status but a 3xx, a 200 with status "error" included).

    Its attributes hold the answer through the privacy policy (``api_message``, ``envelope``,
    ``headers``); the answer as received is only returned by ``raw_envelope()`` and
    ``raw_headers()``, which nothing of the client logs.
    """

    kind: ClassVar[ErrorKind] = "api"

    def __init__(
        self,
        *,
        operation: str,
        http_status: int,
        envelope: Mapping[str, Any],
        headers: httpx.Headers,
        redactor: Redactor | None = None,
    ) -> None:
        # An error made outside a client knows of no carried value: protected fields are masked by name.
        redact = redactor if redactor is not None else Redactor(Carried())
        masked_envelope = redact.json(dict(envelope))
        message = str(masked_envelope.get("message", ""))
        super().__init__(f"{operation} failed with HTTP {http_status}: {message}", operation)
        self.http_status = http_status
        #: The provider's message, masked (``raw_envelope()["message"]`` as received).
        self.api_message = message
        #: The envelope, masked.
        self.envelope: Mapping[str, Any] = masked_envelope
        #: The answer's headers, masked, less any named like a credential.
        self.headers = httpx.Headers(redact.headers((k, v) for k, v in headers.multi_items() if k.lower() not in _CREDENTIAL_HEADERS))
        raw = (envelope, headers)
        # Held by a closure, not an attribute: vars(), pickle and every repr see a function.
        self._raw: Callable[[], tuple[Mapping[str, Any], httpx.Headers]] = lambda: raw

    def raw_envelope(self) -> Mapping[str, Any]:
        """The envelope exactly as received (a copy unpickled elsewhere has only the masked one)."""
        raw = vars(self).get("_raw")
        return raw()[0] if raw is not None else self.envelope

    def raw_headers(self) -> httpx.Headers:
        """The answer's headers exactly as received, credentials included."""
        raw = vars(self).get("_raw")
        return raw()[1] if raw is not None else self.headers

    def _pickled_state(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k != "_raw"}

    @property
    def retry_after(self) -> str | None:
        """The answer's ``Retry-After`` header as received (seconds or an HTTP date), if any."""
        value: str | None = self.headers.get("retry-after")
        return value


class BadRequestError(ApiError):
    """HTTP 400: the request was refused as malformed or invalid."""


class AuthenticationError(ApiError):
    """HTTP 401: the API key, timestamp or signature was refused."""


class PermissionDeniedError(ApiError):
    """HTTP 403: the key may not do this."""


class NotFoundError(ApiError):
    """HTTP 404: no such record."""


class ConflictError(ApiError):
    """HTTP 409: the record's state does not allow it (a swap no longer pending)."""


class UnprocessableEntityError(ApiError):
    """HTTP 422: understood, but refused (an amount under the minimum, a closed account)."""


class RateLimitError(ApiError):
    """HTTP 429: too many requests; ``retry_after`` says when to come back, if the answer did."""


class InternalServerError(ApiError):
    """HTTP 500 or above: the service failed."""


_API_ERROR_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def api_error_class(http_status: int) -> type[ApiError]:
    """The ``ApiError`` subclass of a status; ``ApiError`` itself for the others (a 200 with status "error", a 402)."""
    if http_status >= 500:
        return InternalServerError
    return _API_ERROR_BY_STATUS.get(http_status, ApiError)


class InvalidResponseError(WalletApiError):
    """The answer is not the envelope: not JSON, empty, another shape, a redirect, or over the size limit."""

    kind: ClassVar[ErrorKind] = "invalid-response"

    def __init__(self, *, operation: str, http_status: int, reason: str) -> None:
        super().__init__(f"{operation} answered HTTP {http_status} {reason}", operation)
        self.http_status = http_status
        #: What is wrong with the answer, in words.
        self.reason = reason


class NetworkError(WalletApiError):
    """No answer: connection refused or reset, or the answer broke off."""

    kind: ClassVar[ErrorKind] = "network"


class RequestTimeoutError(WalletApiError, builtins.TimeoutError):
    """No complete answer within the timeout (signing included). Also a builtin ``TimeoutError``."""

    kind: ClassVar[ErrorKind] = "timeout"

    def __init__(self, operation: str, timeout: float | httpx.Timeout, described: str) -> None:
        super().__init__(f"{operation} timed out after {described}", operation)
        #: The timeout the attempt had: seconds, or the httpx.Timeout given.
        self.timeout = timeout


class SigningError(WalletApiError):
    """The signer failed: it raised, or returned something that cannot be sent. Nothing was sent."""

    kind: ClassVar[ErrorKind] = "signing"


class ConfigurationError(WalletApiError, ValueError):
    """The client's options, or a call's arguments, cannot be used. The message names the option, never its value."""

    kind: ClassVar[ErrorKind] = "configuration"


class InvalidArgumentError(ConfigurationError, TypeError):
    """A call's argument has the wrong type or value; refused before anything is sent."""
