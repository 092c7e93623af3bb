<?php

declare(strict_types=1);

namespace WalletApi;

use WalletApi\Exception\ConfigurationException;
use WalletApi\Exception\InvalidResponseException;
use WalletApi\Generated\Model\Transaction;
use WalletApi\Generated\Model\TransactionPage;

/**
 * The transaction list walked page by page: iterate it for the transactions, or pages() for
 * whole pages. The end is read from the answer (the page whose `page` reaches `pages`, or an
 * empty page), not guessed from a short one. Every iteration asks for the pages again.
 *
 * @implements \IteratorAggregate<int, Transaction>
 */
final class TransactionPages implements \IteratorAggregate
{
    /** @internal made by WalletApiClient::paginateTransactions() */
    public function __construct(
        private readonly WalletApiClient $client,
        private readonly ?int $limit,
        private readonly int $page,
        private readonly ?int $maxPages,
        private readonly ?RequestOptions $options,
    ) {
        if ($page < 1) {
            throw new ConfigurationException('paginateTransactions: page must be a positive whole number');
        }
        if ($maxPages !== null && $maxPages < 1) {
            throw new ConfigurationException('paginateTransactions: maxPages must be a positive whole number');
        }
    }

    /** @return \Generator<int, TransactionPage> */
    public function pages(): \Generator
    {
        $asked = $this->page;
        for ($read = 1;; $read++) {
            $got = $this->client->listTransactions(limit: $this->limit, page: $asked, options: $this->options);
            if ($got->page !== $asked) {
                // A server ignoring `page` would hand back the same records forever.
                $name = 'GET /api/v1/transactions';
                $reason = "page {$got->page} when page $asked was asked for";
                throw new InvalidResponseException(
                    "$name answered HTTP 200 with $reason",
                    $name,
                    200,
                    null,
                    $reason,
                    null,
                    null,
                );
            }
            yield $got;
            if (
                $got->data === []
                || $got->page >= $got->pages
                || ($this->maxPages !== null && $read >= $this->maxPages)
            ) {
                return;
            }
            $asked++;
        }
    }

    /** @return \Generator<int, Transaction> */
    public function getIterator(): \Generator
    {
        foreach ($this->pages() as $page) {
            foreach ($page->data as $transaction) {
                yield $transaction;
            }
        }
    }
}
