"""Walking the paged transaction list, sync and async.

The interface publishes the page object (page, pages, limit, total), so the end is read from
the answer, not guessed from a short page: the walk stops after the page whose ``page`` reaches
``pages``, or at an empty page (a list that shrinks cannot keep it going).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING

import httpx

from ._errors import ConfigurationError, InvalidResponseError
from ._generated import models
from ._options import RetryOptions

if TYPE_CHECKING:
    from ._generated.operations import AsyncOperations, SyncOperations

_OPERATION = "GET /api/v1/transactions"


def _check(page: object, max_pages: object) -> None:
    for name, value in (("page", page), ("max_pages", max_pages)):
        if value is None and name == "max_pages":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ConfigurationError(f"paginate_transactions: {name} must be a positive whole number")


def _ends(asked: int, got: models.TransactionPage, read: int, max_pages: int | None) -> bool:
    if got.page != asked:
        # A server ignoring `page` would hand back the same records forever.
        raise InvalidResponseError(operation=_OPERATION, http_status=200, reason=f"page {got.page} when page {asked} was asked for")
    return not got.data or got.page >= got.pages or (max_pages is not None and read >= max_pages)


class TransactionPages:
    """``for transaction in client.paginate_transactions(limit=50)``; ``.pages()`` for whole pages.

    Every iteration is a new walk: it asks for the pages again.
    """

    def __init__(
        self,
        api: SyncOperations,
        *,
        limit: int | None,
        page: int,
        max_pages: int | None,
        timeout: float | httpx.Timeout | None,
        retry: RetryOptions | None,
    ) -> None:
        _check(page, max_pages)
        self._api, self._limit, self._page, self._max_pages = api, limit, page, max_pages
        self._timeout, self._retry = timeout, retry

    def pages(self) -> Iterator[models.TransactionPage]:
        asked, read = self._page, 0
        while True:
            got = self._api.list_transactions(limit=self._limit, page=asked, timeout=self._timeout, retry=self._retry)
            read += 1
            end = _ends(asked, got, read, self._max_pages)
            yield got
            if end:
                return
            asked += 1

    def __iter__(self) -> Iterator[models.Transaction]:
        for got in self.pages():
            yield from got.data


class AsyncTransactionPages:
    """``async for transaction in client.paginate_transactions(limit=50)``; ``.pages()`` for whole pages."""

    def __init__(
        self,
        api: AsyncOperations,
        *,
        limit: int | None,
        page: int,
        max_pages: int | None,
        timeout: float | httpx.Timeout | None,
        retry: RetryOptions | None,
    ) -> None:
        _check(page, max_pages)
        self._api, self._limit, self._page, self._max_pages = api, limit, page, max_pages
        self._timeout, self._retry = timeout, retry

    async def pages(self) -> AsyncIterator[models.TransactionPage]:
        asked, read = self._page, 0
        while True:
            got = await self._api.list_transactions(limit=self._limit, page=asked, timeout=self._timeout, retry=self._retry)
            read += 1
            end = _ends(asked, got, read, self._max_pages)
            yield got
            if end:
                return
            asked += 1

    async def __aiter__(self) -> AsyncIterator[models.Transaction]:
        async for got in self.pages():
            for transaction in got.data:
                yield transaction
