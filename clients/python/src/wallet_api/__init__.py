"""Python client of the Wallet, Payout and Swap API.

from wallet_api import WalletApi, hmac_sha256
client = WalletApi(environment="custom", base_url=..., api_key=..., signer=hmac_sha256(secret=...))
markets = client.list_markets()
"""

from ._client import AsyncWalletApi, WalletApi
from ._core import USER_AGENT, RawResponse
from ._errors import (
    ApiError,
    ConfigurationError,
    ErrorKind,
    InvalidArgumentError,
    InvalidResponseError,
    NetworkError,
    RequestTimeoutError,
    SigningError,
    WalletApiError,
)
from ._generated import models
from ._options import DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, Environment, RetryOptions
from ._paging import AsyncTransactionPages, TransactionPages
from ._signing import HmacSha256Signer, SignatureInput, Signer, default_canonical_string, hmac_sha256
from ._version import __version__

__all__ = [
    "DEFAULT_MAX_RESPONSE_BYTES",
    "DEFAULT_TIMEOUT_MS",
    "USER_AGENT",
    "ApiError",
    "AsyncTransactionPages",
    "AsyncWalletApi",
    "ConfigurationError",
    "Environment",
    "ErrorKind",
    "HmacSha256Signer",
    "InvalidArgumentError",
    "InvalidResponseError",
    "NetworkError",
    "RawResponse",
    "RequestTimeoutError",
    "RetryOptions",
    "SignatureInput",
    "Signer",
    "SigningError",
    "TransactionPages",
    "WalletApi",
    "WalletApiError",
    "__version__",
    "default_canonical_string",
    "hmac_sha256",
    "models",
]
