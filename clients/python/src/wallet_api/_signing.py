"""Request signing. The provider has not published its algorithm, so the signer is pluggable;
``hmac_sha256`` is the opt-in default and the scheme the local sandbox verifies."""

from __future__ import annotations

import hashlib
import hmac
from base64 import b64encode, urlsafe_b64encode
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ._errors import ConfigurationError


@dataclass(frozen=True, slots=True)
class SignatureInput:
    """Everything a signer may sign."""

    #: Upper-case HTTP method.
    method: str
    #: Path with query string exactly as sent, e.g. "/api/v1/transactions?limit=20&page=1".
    path_with_query: str
    #: The exact body sent, decoded as UTF-8; "" when there is none.
    body: str
    #: The x-timestamp header value (ISO 8601 UTC with milliseconds).
    timestamp: str
    #: The x-api-key header value.
    api_key: str

    def __repr__(self) -> str:
        # The key and the body (a password) never show.
        return (
            f"SignatureInput(method={self.method!r}, path_with_query=..., body=<{len(self.body)} characters>, timestamp={self.timestamp!r})"
        )


#: Computes the x-signature header value.
Signer = Callable[[SignatureInput], str]
SignatureEncoding = Literal["hex", "base64", "base64url"]


def default_canonical_string(signed: SignatureInput) -> str:
    """``timestamp\\nMETHOD\\npathWithQuery\\nbody``: what the local sandbox verifies."""
    return f"{signed.timestamp}\n{signed.method.upper()}\n{signed.path_with_query}\n{signed.body}"


class HmacSha256Signer:
    """An HMAC-SHA256 signer. Its ``repr`` never shows the secret."""

    __slots__ = ("_canonical_string", "_encoding", "_key")

    def __init__(self, secret: str, canonical_string: Callable[[SignatureInput], str], encoding: SignatureEncoding) -> None:
        self._key = secret.encode("utf-8")
        self._canonical_string = canonical_string
        self._encoding = encoding

    def __call__(self, signed: SignatureInput) -> str:
        digest = hmac.new(self._key, self._canonical_string(signed).encode("utf-8"), hashlib.sha256).digest()
        if self._encoding == "hex":
            return digest.hex()
        if self._encoding == "base64":
            return b64encode(digest).decode("ascii")
        return urlsafe_b64encode(digest).decode("ascii").rstrip("=")

    @property
    def secrets(self) -> tuple[str, ...]:
        """What the privacy policy masks wherever an answer would echo it."""
        return (self._key.decode("utf-8"),)

    def __repr__(self) -> str:
        return f"HmacSha256Signer(secret=<redacted>, encoding={self._encoding!r})"


def hmac_sha256(
    *,
    secret: str,
    canonical_string: Callable[[SignatureInput], str] = default_canonical_string,
    encoding: SignatureEncoding = "hex",
) -> HmacSha256Signer:
    """The opt-in default signer: HMAC-SHA256 over ``timestamp\\nMETHOD\\npathWithQuery\\nbody``, lower-case hex.

    The provider's algorithm is not published: confirm the canonical string and encoding with
    the provider before using staging or production.
    """
    if not isinstance(secret, str) or secret == "":
        raise ConfigurationError("hmac_sha256: secret is required (a non-empty string)")
    if not callable(canonical_string):
        raise ConfigurationError("hmac_sha256: canonical_string must be a function of SignatureInput")
    if encoding not in ("hex", "base64", "base64url"):
        raise ConfigurationError("hmac_sha256: encoding must be one of 'hex', 'base64', 'base64url'")
    return HmacSha256Signer(secret, canonical_string, encoding)
