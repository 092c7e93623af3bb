"""pytest fixtures that run the local sandbox for a test session (``pip install "wallet-api-sdk[sandbox]"``).

- ``wallet_api_sandbox`` (session): the running sandbox, ``.base_url``, ``.api_key``, ``.secret``,
  ``.arm(definition)`` (a failure scenario), ``.reset()``.
- ``wallet_api`` and ``async_wallet_api``: a client bound to it, the sandbox's state reset
  before each test. ``async_wallet_api`` is an async fixture: run the tests that use it with
  anyio (``@pytest.mark.anyio``; anyio comes with httpx) or another async plugin.

Registered through the ``pytest11`` entry point; nothing starts until a test asks for a fixture.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from ._client import AsyncWalletApi, WalletApi
from .sandbox import LocalSandbox, SandboxStartError


@pytest.fixture(scope="session")
def wallet_api_sandbox() -> Iterator[LocalSandbox]:
    """One sandbox for the test session, on a free port, ready once ``/sandbox/health`` answers; stopped at the end."""
    try:
        sandbox = LocalSandbox.start()
    except SandboxStartError as error:
        pytest.fail(f"wallet_api_sandbox: {error}", pytrace=False)
    try:
        yield sandbox
    finally:
        sandbox.stop()


@pytest.fixture
def wallet_api(wallet_api_sandbox: LocalSandbox) -> Iterator[WalletApi]:
    """A client of the session's sandbox, whose state is reset before the test."""
    wallet_api_sandbox.reset()
    with wallet_api_sandbox.client() as client:
        yield client


@pytest.fixture
async def async_wallet_api(wallet_api_sandbox: LocalSandbox) -> AsyncIterator[AsyncWalletApi]:
    """The asynchronous client of the session's sandbox, whose state is reset before the test."""
    wallet_api_sandbox.reset()
    async with wallet_api_sandbox.async_client() as client:
        yield client
