"""The clients: ``WalletApi`` (sync) and ``AsyncWalletApi`` (async)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Any

import httpx

from ._core import USER_AGENT, AsyncCaller, Config, SyncCaller, forget_locals
from ._errors import ConfigurationError
from ._generated.operations import AsyncOperations, AsyncRawOperations, SyncOperations, SyncRawOperations
from ._options import (
    DEFAULT_MAX_RESPONSE_BYTES,
    DEFAULT_TIMEOUT_MS,
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
from ._signing import Signer
from ._timestamps import sequence_for, utc_now


def _config(
    environment: object,
    base_url: object,
    api_key: object,
    signer: object,
    timeout_ms: object,
    retry: object,
    max_response_bytes: object,
    user_agent: object,
    clock: object,
) -> Config:
    env = check_environment(environment)
    url = check_base_url(env, base_url)
    key = check_api_key(api_key)
    if not callable(signer):
        raise ConfigurationError("signer is required: a function computing x-signature, e.g. hmac_sha256(secret=...)")
    if clock is not None and not callable(clock):
        raise ConfigurationError("clock must be a function returning the current datetime")
    secrets = getattr(signer, "secrets", ())
    agent = check_user_agent(user_agent)
    config = Config(
        environment=env,
        base_url=url,
        api_key=key,
        signer=signer,
        timeout_ms=check_timeout(timeout_ms, "timeout_ms"),
        retry=check_retry(retry, "retry"),
        max_response_bytes=check_max_response_bytes(max_response_bytes),
        clock=clock if clock is not None else utc_now,
        timestamps=sequence_for(clock),
        secrets=tuple(s for s in secrets if isinstance(s, str)),
        user_agent=USER_AGENT if agent is None else f"{USER_AGENT} {agent}",
    )
    return config


def _environment_of(client: object) -> str:
    # A client whose options were refused is half made; a traceback that records locals still
    # prints it as the __init__ frame's self.
    caller = getattr(client, "_caller", None)
    return repr(caller.config.environment) if caller is not None else "<not configured>"


class WalletApi(SyncOperations):
    """The synchronous client: one method per operation, each returning the envelope's ``data``.

    ``environment`` and ``base_url`` are both required; nothing defaults to production, and
    staging and production take only https. ``signer`` computes x-signature; ``hmac_sha256(secret=...)``
    is the opt-in default scheme (the local sandbox verifies it).
    """

    def __init__(
        self,
        *,
        environment: Environment,
        base_url: str,
        api_key: str,
        signer: Signer,
        timeout_ms: float = DEFAULT_TIMEOUT_MS,
        retry: RetryOptions | None = None,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        user_agent: str | None = None,
        clock: Callable[[], datetime] | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        try:
            config = _config(environment, base_url, api_key, signer, timeout_ms, retry, max_response_bytes, user_agent, clock)
        except ConfigurationError as error:
            # A traceback that records locals (Sentry's default) would print the refused values.
            forget_locals(error)
            del base_url, api_key, signer
            raise
        if http_client is not None and not isinstance(http_client, httpx.Client):
            raise ConfigurationError("http_client must be an httpx.Client")
        self._owns_http = http_client is None
        http = http_client if http_client is not None else httpx.Client(follow_redirects=False)
        self._caller = SyncCaller(config, http)
        #: The same methods, returning the answer as received (status, headers, envelope; ``parse()`` for the data).
        self.with_raw_response = SyncRawOperations()
        self.with_raw_response._caller = self._caller

    def paginate_transactions(
        self,
        *,
        limit: int | None = None,
        page: int = 1,
        max_pages: int | None = None,
        timeout_ms: float | None = None,
        retry: RetryOptions | None = None,
    ) -> TransactionPages:
        """Every transaction, page after page (``.pages()`` for whole pages), from ``page`` on."""
        return TransactionPages(self, limit=limit, page=page, max_pages=max_pages, timeout_ms=timeout_ms, retry=retry)

    def close(self) -> None:
        """Closes the connections, unless the httpx client was given by the caller."""
        if self._owns_http:
            self._caller.http.close()

    def __enter__(self) -> WalletApi:
        return self

    def __exit__(self, *exc: tuple[type[BaseException] | None, BaseException | None, TracebackType | None]) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"WalletApi(environment={_environment_of(self)})"


class AsyncWalletApi(AsyncOperations):
    """The asyncio client: the same methods as ``WalletApi``, awaited. Cancelling the task cancels the call."""

    def __init__(
        self,
        *,
        environment: Environment,
        base_url: str,
        api_key: str,
        signer: Signer,
        timeout_ms: float = DEFAULT_TIMEOUT_MS,
        retry: RetryOptions | None = None,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        user_agent: str | None = None,
        clock: Callable[[], datetime] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        try:
            config = _config(environment, base_url, api_key, signer, timeout_ms, retry, max_response_bytes, user_agent, clock)
        except ConfigurationError as error:
            # A traceback that records locals (Sentry's default) would print the refused values.
            forget_locals(error)
            del base_url, api_key, signer
            raise
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):
            raise ConfigurationError("http_client must be an httpx.AsyncClient")
        self._owns_http = http_client is None
        http = http_client if http_client is not None else httpx.AsyncClient(follow_redirects=False)
        self._caller = AsyncCaller(config, http)
        #: The same methods, returning the answer as received (status, headers, envelope; ``parse()`` for the data).
        self.with_raw_response = AsyncRawOperations()
        self.with_raw_response._caller = self._caller

    def paginate_transactions(
        self,
        *,
        limit: int | None = None,
        page: int = 1,
        max_pages: int | None = None,
        timeout_ms: float | None = None,
        retry: RetryOptions | None = None,
    ) -> AsyncTransactionPages:
        """Every transaction, page after page (``.pages()`` for whole pages), from ``page`` on."""
        return AsyncTransactionPages(self, limit=limit, page=page, max_pages=max_pages, timeout_ms=timeout_ms, retry=retry)

    async def aclose(self) -> None:
        if self._owns_http:
            await self._caller.http.aclose()

    async def __aenter__(self) -> AsyncWalletApi:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"AsyncWalletApi(environment={_environment_of(self)})"
