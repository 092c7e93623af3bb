<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Exception\ApiException;
use WalletApi\Generated\Model\Transaction;
use WalletApi\HmacSha256Signer;
use WalletApi\Tests\Support\Sandbox;

/** The client against the kit's sandbox (its replay guard on). */
final class SandboxTest extends TestCase
{
    public function testTwoHundredCallsInARowAreEachSignedAnew(): void
    {
        $client = Sandbox::get()->client();
        for ($i = 0; $i < 200; $i++) {
            $client->getRates();
        }
        $this->addToAssertionCount(200);
    }

    public function testTheWalkReadsEveryPageOnce(): void
    {
        $sandbox = Sandbox::get();
        $sandbox->reset();
        $client = $sandbox->client();
        for ($i = 0; $i < 5; $i++) {
            $client->previewLocalPayout(amount: 1000 + $i, coin: 'ngn', accountNumber: '0123456789', bankCode: '058');
        }
        $pages = iterator_to_array($client->paginateTransactions(limit: 2)->pages(), false);
        self::assertSame([1, 2, 3], array_map(static fn ($page): int => $page->page, $pages));
        $ids = array_map(
            static fn (Transaction $t): string => $t->id,
            iterator_to_array($client->paginateTransactions(limit: 2), false),
        );
        self::assertCount(5, $ids);
        self::assertCount(5, array_unique($ids));
        self::assertCount(2, iterator_to_array($client->paginateTransactions(limit: 1, maxPages: 2), false));
    }

    public function testAWrongSignatureIsRefusedAsAnApiException(): void
    {
        $client = Sandbox::get()->client(signer: new HmacSha256Signer('not-the-secret'));
        try {
            $client->listWallets();
            self::fail('a wrong signature was taken');
        } catch (ApiException $error) {
            self::assertSame(401, $error->getHttpStatus());
            self::assertStringNotContainsString('not-the-secret', (string) $error);
        }
    }

    public function testTheRawResponseOfTheSandbox(): void
    {
        $raw = Sandbox::get()->client()->withRawResponse()->listCoinNetworks(coin: 'usdt');
        self::assertSame(200, $raw->status);
        self::assertStringStartsWith('application/json', (string) $raw->header('content-type'));
        self::assertSame('success', $raw->envelope->status);
        self::assertNotEmpty($raw->data);
        self::assertSame($raw->envelope->data[0]->reference, $raw->data[0]->reference);
    }
}
