"""The clients: ``WalletApi`` (sync) and ``AsyncWalletApi`` (async)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from datetime import datetime
from types import TracebackType
from typing import Any

import httpx

from ._core import USER_AGENT, AsyncCaller, Config, SyncCaller, forget_locals
from ._errors import ConfigurationError
from ._generated.operations import AsyncOperations, AsyncRawOperations, SyncOperations, SyncRawOperations
from ._options import (
    DEFAULT_MAX_RESPONSE_BYTES,
    DEFAULT_TIMEOUT,
    Environment,
    RetryOptions,
    check_api_key,
    check_base_url,
    check_environment,
    check_max_response_bytes,
    check_retry,
    check_timeout,
    check_user_agent,
)
from ._paging import AsyncTransactionPages, TransactionPages
from ._signing import Signer, hmac_sha256
from ._timestamps import sequence_for, utc_now

#: What each option reads when it is not given (one .env drives every language's client).
ENVIRONMENT_VARIABLES = {
    "environment": "WALLET_API_ENVIRONMENT",
    "base_url": "WALLET_API_BASE_URL",
    "api_key": "WALLET_API_KEY",
    "signer": "WALLET_API_SIGNING_SECRET",
}


def _given_or_read(option: str, given: object, environ: Mapping[str, str]) -> tuple[object, str | None]:
    """The option as given, or its environment variable's value and that variable's name."""
    if given is not None:
        return given, None
    variable = ENVIRONMENT_VARIABLES[option]
    value = environ.get(variable, "")
    if value == "":
        how = "e.g. signer=hmac_sha256(secret=...)" if option == "signer" else f"{option}=..."
        raise ConfigurationError(f"{option} is required: pass {how} or set the environment variable {variable}")
    return value, variable


def _checked(variable: str | None, check: Callable[[], Any]) -> Any:
    """A check whose refusal names the environment variable the value came from, if it did."""
    if variable is None:
        return check()
    try:
        return check()
    except ConfigurationError as error:
        raise ConfigurationError(f"{variable}: {error.message}") from None


def _config(
    environment: object,
    base_url: object,
    api_key: object,
    signer: object,
    timeout: object,
    retry: object,
    max_response_bytes: object,
    user_agent: object,
    clock: object,
) -> Config:
    environ = os.environ
    env_value, env_variable = _given_or_read("environment", environment, environ)
    env = _checked(env_variable, lambda: check_environment(env_value))
    url_value, url_variable = _given_or_read("base_url", base_url, environ)
    url = _checked(url_variable, lambda: check_base_url(env, url_value))
    key_value, key_variable = _given_or_read("api_key", api_key, environ)
    key = _checked(key_variable, lambda: check_api_key(key_value))
    signing, secret_variable = _given_or_read("signer", signer, environ)
    if secret_variable is not None:
        signing = hmac_sha256(secret=str(signing))
    if not callable(signing):
        raise ConfigurationError("signer is required: a function computing x-signature, e.g. hmac_sha256(secret=...)")
    if clock is not None and not callable(clock):
        raise ConfigurationError("clock must be a function returning the current datetime")
    secrets = getattr(signing, "secrets", ())
    agent = check_user_agent(user_agent)
    return Config(
        environment=env,
        base_url=url,
        api_key=key,
        signer=signing,
        timeout=check_timeout(timeout, "timeout"),
        retry=check_retry(retry, "retry"),
        max_response_bytes=check_max_response_bytes(max_response_bytes),
        clock=clock if clock is not None else utc_now,
        timestamps=sequence_for(clock),
        secrets=tuple(s for s in secrets if isinstance(s, str)),
        user_agent=USER_AGENT if agent is None else f"{USER_AGENT} {agent}",
    )


def _derived(config: Config, timeout: object, max_retries: object) -> Config:
    """The options of ``with_options``: what is not given stays as it is."""
    changes: dict[str, Any] = {}
    if timeout is not None:
        changes["timeout"] = check_timeout(timeout, "with_options: timeout")
    if max_retries is not None:
        if isinstance(max_retries, bool) or not isinstance(max_retries, int) or max_retries < 0:
            raise ConfigurationError("with_options: max_retries must be a whole number of at least 0")
        base = config.retry or RetryOptions(attempts=1)
        changes["retry"] = None if max_retries == 0 else dataclasses.replace(base, attempts=max_retries + 1)
    return dataclasses.replace(config, **changes)


def _environment_of(client: object) -> str:
    # A client whose options were refused is half made; a traceback that records locals still
    # prints it as the __init__ frame's self.
    caller = getattr(client, "_caller", None)
    return repr(caller.config.environment) if caller is not None else "<not configured>"


class WalletApi(SyncOperations):
    """The synchronous client: one method per operation, each returning the envelope's ``data``.

    Every option not given is read from the environment: ``WALLET_API_ENVIRONMENT``,
    ``WALLET_API_BASE_URL``, ``WALLET_API_KEY`` and ``WALLET_API_SIGNING_SECRET`` (which makes
    the ``hmac_sha256`` signer); what is given wins, and one missing from both is a
    ``ConfigurationError`` naming the variable. Nothing defaults to production, and staging
    and production take only https.
    """

    def __init__(
        self,
        *,
        environment: Environment | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        signer: Signer | None = None,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        retry: RetryOptions | None = None,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        user_agent: str | None = None,
        clock: Callable[[], datetime] | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        try:
            config = _config(environment, base_url, api_key, signer, timeout, retry, max_response_bytes, user_agent, clock)
        except ConfigurationError as error:
            # A traceback that records locals (Sentry's default) would print the refused values.
            forget_locals(error)
            del base_url, api_key, signer
            raise
        if http_client is not None and not isinstance(http_client, httpx.Client):
            raise ConfigurationError("http_client must be an httpx.Client")
        self._bind(
            SyncCaller(config, http_client if http_client is not None else httpx.Client(follow_redirects=False)), http_client is None
        )

    def _bind(self, caller: SyncCaller, owns_http: bool) -> None:
        self._caller = caller
        self._owns_http = owns_http
        #: The same methods, returning the answer as received (status, headers, envelope; ``parse()`` for the data).
        self.with_raw_response = SyncRawOperations()
        self.with_raw_response._caller = caller

    def with_options(self, *, timeout: float | httpx.Timeout | None = None, max_retries: int | None = None) -> WalletApi:
        """A client with other per-call settings, sharing this one's connections (close this one, not it).

        ``max_retries``: how many times a GET is retried (0: never), with this client's delays.
        """
        derived = WalletApi.__new__(WalletApi)
        derived._bind(SyncCaller(_derived(self._caller.config, timeout, max_retries), self._caller.http), owns_http=False)
        return derived

    def paginate_transactions(
        self,
        *,
        limit: int | None = None,
        page: int = 1,
        max_pages: int | None = None,
        timeout: float | httpx.Timeout | None = None,
        retry: RetryOptions | None = None,
    ) -> TransactionPages:
        """Every transaction, page after page (``.pages()`` for whole pages), from ``page`` on."""
        return TransactionPages(self, limit=limit, page=page, max_pages=max_pages, timeout=timeout, retry=retry)

    def close(self) -> None:
        """Closes the connections, unless the httpx client was given by the caller or shared by ``with_options``."""
        if self._owns_http:
            self._caller.http.close()

    def __enter__(self) -> WalletApi:
        return self

    def __exit__(self, *exc: tuple[type[BaseException] | None, BaseException | None, TracebackType | None]) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"WalletApi(environment={_environment_of(self)})"


class AsyncWalletApi(AsyncOperations):
    """The asyncio client: the same methods and options as ``WalletApi``, awaited. Cancelling the task cancels the call."""

    def __init__(
        self,
        *,
        environment: Environment | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        signer: Signer | None = None,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        retry: RetryOptions | None = None,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        user_agent: str | None = None,
        clock: Callable[[], datetime] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        try:
            config = _config(environment, base_url, api_key, signer, timeout, retry, max_response_bytes, user_agent, clock)
        except ConfigurationError as error:
            # A traceback that records locals (Sentry's default) would print the refused values.
            forget_locals(error)
            del base_url, api_key, signer
            raise
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):
            raise ConfigurationError("http_client must be an httpx.AsyncClient")
        http = http_client if http_client is not None else httpx.AsyncClient(follow_redirects=False)
        self._bind(AsyncCaller(config, http), http_client is None)

    def _bind(self, caller: AsyncCaller, owns_http: bool) -> None:
        self._caller = caller
        self._owns_http = owns_http
        #: The same methods, returning the answer as received (status, headers, envelope; ``parse()`` for the data).
        self.with_raw_response = AsyncRawOperations()
        self.with_raw_response._caller = caller

    def with_options(self, *, timeout: float | httpx.Timeout | None = None, max_retries: int | None = None) -> AsyncWalletApi:
        """A client with other per-call settings, sharing this one's connections (close this one, not it)."""
        derived = AsyncWalletApi.__new__(AsyncWalletApi)
        derived._bind(AsyncCaller(_derived(self._caller.config, timeout, max_retries), self._caller.http), owns_http=False)
        return derived

    def paginate_transactions(
        self,
        *,
        limit: int | None = None,
        page: int = 1,
        max_pages: int | None = None,
        timeout: float | httpx.Timeout | None = None,
        retry: RetryOptions | None = None,
    ) -> AsyncTransactionPages:
        """Every transaction, page after page (``.pages()`` for whole pages), from ``page`` on."""
        return AsyncTransactionPages(self, limit=limit, page=page, max_pages=max_pages, timeout=timeout, retry=retry)

    async def aclose(self) -> None:
        if self._owns_http:
            await self._caller.http.aclose()

    async def __aenter__(self) -> AsyncWalletApi:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"AsyncWalletApi(environment={_environment_of(self)})"
