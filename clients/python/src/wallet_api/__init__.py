"""Python client of the Wallet, Payout and Swap API.

from wallet_api import WalletApi
client = WalletApi()  # WALLET_API_ENVIRONMENT, WALLET_API_BASE_URL, WALLET_API_KEY, WALLET_API_SIGNING_SECRET
markets = client.list_markets()
"""

from ._client import ENVIRONMENT_VARIABLES, AsyncWalletApi, WalletApi
from ._core import USER_AGENT, RawResponse
from ._errors import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConfigurationError,
    ConflictError,
    ErrorKind,
    InternalServerError,
    InvalidArgumentError,
    InvalidResponseError,
    NetworkError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RequestTimeoutError,
    SigningError,
    UnprocessableEntityError,
    WalletApiError,
)
from ._generated import models
from ._options import DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT, Environment, RetryOptions
from ._paging import AsyncTransactionPages, TransactionPages
from ._signing import HmacSha256Signer, SignatureInput, Signer, default_canonical_string, hmac_sha256
from ._version import __version__

__all__ = [
    "DEFAULT_MAX_RESPONSE_BYTES",
    "DEFAULT_TIMEOUT",
    "ENVIRONMENT_VARIABLES",
    "USER_AGENT",
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "InternalServerError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "UnprocessableEntityError",
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
