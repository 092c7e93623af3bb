<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Generated\OperationTable;
use WalletApi\Tests\Support\Consumer;
use WalletApi\Tests\Support\Sandbox;

/**
 * An integrator's project installs the SDK through a Composer path repository with no
 * network and runs the quick start; the docs' PHP samples (examples/operations/<operationId>.php)
 * run in it against the sandbox, their printed JSON compared with what a request signed by
 * hand reads back, or with the sandbox's own records for what they created.
 */
final class ConsumerAndSamplesTest extends TestCase
{
    private const SAMPLES = __DIR__ . '/../../../examples/operations';

    /** @return mixed the sample's printed JSON */
    private static function sample(string $operationId, string ...$args): mixed
    {
        [$code, $out, $err] = Consumer::run(realpath(self::SAMPLES) . "/$operationId.php", array_values($args));
        self::assertSame(0, $code, "$operationId.php: $err");
        return json_decode($out, false, 512, JSON_THROW_ON_ERROR);
    }

    private static function withoutAt(mixed $value): mixed
    {
        if ($value instanceof \stdClass) {
            $out = new \stdClass();
            foreach (get_object_vars($value) as $key => $member) {
                if ($key !== 'at') {
                    $out->{$key} = self::withoutAt($member);
                }
            }
            return $out;
        }
        return is_array($value) ? array_map([self::class, 'withoutAt'], $value) : $value;
    }

    public function testTheQuickStartRunsInAProjectThatInstalledThePackageOffline(): void
    {
        $project = Consumer::project();
        self::assertFileExists(
            "$project/vendor/wallet-api/sdk/src/WalletApiClient.php",
            'a copy, not a link to the repository',
        );
        [$code, $out, $err] = Consumer::run('quickstart.php');
        self::assertSame(0, $code, $err);
        self::assertMatchesRegularExpression(
            '/^usdtngn last [0-9.]+; 100 usdt gives [0-9.]+ NGN\nrefused: HTTP 404 /',
            $out,
        );
    }

    public function testEveryOperationHasAPhpSampleCallingItsMethod(): void
    {
        $ids = array_keys(OperationTable::OPERATIONS);
        $files = array_map(static fn (string $f): string => basename($f, '.php'), glob(self::SAMPLES . '/*.php') ?: []);
        sort($ids);
        sort($files);
        self::assertSame($ids, $files);
        foreach ($ids as $id) {
            $text = (string) file_get_contents(self::SAMPLES . "/$id.php");
            $method = $id === 'listTransactions' ? 'paginateTransactions' : $id;
            self::assertStringContainsString("\$client->$method(", $text, $id);
            // Every option from the four WALLET_API_* variables, the same .env as every language.
            self::assertStringContainsString('$client = WalletApiClient::fromEnv();', $text, $id);
            exec('php -l ' . escapeshellarg(self::SAMPLES . "/$id.php") . ' 2>&1', $lint, $code);
            self::assertSame(0, $code, implode("\n", $lint));
        }
    }

    /** @return iterable<string, array{0: string, 1: list<string>, 2: string}> */
    public static function readSamples(): iterable
    {
        yield 'listMarkets' => ['listMarkets', [], '/api/v1/wallets/markets'];
        yield 'getRates' => ['getRates', [], '/api/v1/utils/rates'];
        yield 'getSwapMarket' => ['getSwapMarket', [], '/api/v1/swaps/market'];
        yield 'listCoinNetworks' => ['listCoinNetworks', ['usdt'], '/api/v1/utils/usdt/networks'];
        yield 'getMinimumWithdrawalAmount' => [
            'getMinimumWithdrawalAmount',
            ['usdt'],
            '/api/v1/wallets/minimum-withdrawal-amount?coin=usdt',
        ];
        yield 'getDepositAddress' => [
            'getDepositAddress',
            ['usdt'],
            '/api/v1/wallets/deposit-address?coin=usdt&chain=ethereum',
        ];
        yield 'getSwapQuote' => [
            'getSwapQuote',
            ['usdt', 'ngn', '100'],
            '/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100',
        ];
    }

    /**
     * @dataProvider readSamples
     * @param list<string> $args
     */
    public function testAReadSamplePrintsWhatTheApiAnswers(string $operationId, array $args, string $path): void
    {
        $printed = self::sample($operationId, ...$args);
        [$status, $envelope] = Sandbox::get()->helper('GET', $path);
        self::assertSame(200, $status);
        self::assertEquals(self::withoutAt($envelope->data), self::withoutAt($printed));
    }

    public function testWriteSamplesLeaveWhatTheyPrinted(): void
    {
        $sandbox = Sandbox::get();
        $sandbox->reset();
        $wallet = self::sample('createWallet', 'usdt', 'treasury');
        $listed = self::sample('listWallets');
        self::assertSame([$wallet->_id], array_map(static fn (\stdClass $w): string => $w->_id, $listed));

        $toConfirm = self::sample('createSwap', 'usdt', 'ngn', '100');
        $toCancel = self::sample('createSwap', 'usdt', 'ngn', '50');
        self::assertEquals(
            (object) ['id' => $toConfirm->id, 'status' => 'confirmed'],
            self::sample('confirmSwap', $toConfirm->id),
        );
        self::assertEquals(
            (object) ['id' => $toCancel->id, 'status' => 'cancelled'],
            self::sample('cancelSwap', $toCancel->id),
        );
        [, $swaps] = $sandbox->helper('GET', '/sandbox/swaps');
        $states = [];
        foreach ($swaps->data as $swap) {
            $states[$swap->id] = $swap->status;
        }
        self::assertSame('confirmed', $states[$toConfirm->id]);
        self::assertSame('cancelled', $states[$toCancel->id]);

        $withdrawal = self::sample('previewWithdrawal', 'usdt', '25', '0x8ba1f109551bD432803012645Ac136ddd64DBA72');
        $payout = self::sample('previewLocalPayout', '50000', '0123456789', '058');
        self::assertSame('pending', $withdrawal->status);
        $transaction = self::sample('getTransaction', $withdrawal->transactionId);
        self::assertSame($withdrawal->transactionId, $transaction->_id);
        $history = self::sample('listTransactions');
        self::assertSame($history->total, $history->walked);
        self::assertContains(
            $payout->transactionId,
            array_map(static fn (\stdClass $t): string => $t->_id, $history->data),
        );
    }
}
