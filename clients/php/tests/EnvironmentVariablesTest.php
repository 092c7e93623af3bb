<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Conformance\Renderings;
use WalletApi\Environment;
use WalletApi\Exception\ConfigurationException;
use WalletApi\HmacSha256Signer;
use WalletApi\Tests\Support\Replay;
use WalletApi\WalletApiClient;

/**
 * WalletApiClient::fromEnv reads the four WALLET_API_* variables every client of the kit reads
 * for the options not given; a problem names the variable, never its value.
 */
final class EnvironmentVariablesTest extends TestCase
{
    private const VARIABLES = [
        'WALLET_API_ENVIRONMENT',
        'WALLET_API_BASE_URL',
        'WALLET_API_KEY',
        'WALLET_API_SIGNING_SECRET',
    ];
    private const MARKETS = [
        'usdtngn' => ['at' => 1767225600, 'ticker' => ['buy' => '1545.5', 'sell' => '1539.0', 'last' => '1542.25']],
    ];
    private const ENV_KEY = 'env-key-4e1d';
    private const ENV_SECRET = 'env-secret-88c2';

    /** @var array<string, string|false> the process's own values, put back after each test */
    private array $saved = [];

    protected function setUp(): void
    {
        foreach (self::VARIABLES as $name) {
            $this->saved[$name] = getenv($name);
        }
    }

    protected function tearDown(): void
    {
        foreach ($this->saved as $name => $value) {
            putenv($value === false ? $name : "$name=$value");
        }
    }

    /** @param array<string, string> $values exactly these WALLET_API_* variables, the others unset */
    private static function environment(array $values): void
    {
        foreach (self::VARIABLES as $name) {
            putenv(isset($values[$name]) ? "$name={$values[$name]}" : $name);
        }
    }

    /** The test's own oracle: this key, and the HMAC-SHA256 under this secret of the bytes that arrived. */
    private static function assertSignedWith(Replay $replay, string $key, string $secret): void
    {
        self::assertCount(1, $replay->received);
        $request = $replay->received[0];
        $headers = $request['headers'];
        self::assertSame($key, $headers['x-api-key'] ?? null);
        $canonical = $headers['x-timestamp'] . "\n" . $request['method'] . "\n" . $request['target'] . "\n"
            . $request['body'];
        self::assertSame(hash_hmac('sha256', $canonical, $secret), $headers['x-signature'] ?? null);
    }

    public function testEveryOptionNotGivenComesFromTheEnvironment(): void
    {
        $replay = new Replay([Replay::success(self::MARKETS)]);
        self::environment([
            'WALLET_API_ENVIRONMENT' => 'custom',
            'WALLET_API_BASE_URL' => $replay->server->url,
            'WALLET_API_KEY' => self::ENV_KEY,
            'WALLET_API_SIGNING_SECRET' => self::ENV_SECRET,
        ]);
        $client = WalletApiClient::fromEnv();
        $client->listMarkets();
        $replay->stop();
        self::assertSignedWith($replay, self::ENV_KEY, self::ENV_SECRET);
    }

    /** @return iterable<string, array{0: array<string, mixed>, 1: string, 2: string}> */
    public static function explicitOptions(): iterable
    {
        yield 'key and secret explicit' => [
            ['apiKey' => Replay::API_KEY, 'signer' => new HmacSha256Signer(Replay::SECRET)],
            Replay::API_KEY,
            Replay::SECRET,
        ];
        yield 'key explicit' => [['apiKey' => Replay::API_KEY], Replay::API_KEY, self::ENV_SECRET];
        yield 'signer explicit' => [
            ['signer' => new HmacSha256Signer(Replay::SECRET)],
            self::ENV_KEY,
            Replay::SECRET,
        ];
        yield 'neither' => [[], self::ENV_KEY, self::ENV_SECRET];
    }

    /**
     * @dataProvider explicitOptions
     * @param array<string, mixed> $given
     */
    public function testExplicitOptionsWinOneByOne(array $given, string $key, string $secret): void
    {
        $replay = new Replay([Replay::success(self::MARKETS)]);
        self::environment([
            'WALLET_API_ENVIRONMENT' => 'production', // explicit custom wins, or http would be refused
            'WALLET_API_BASE_URL' => 'http://127.0.0.1:9/',
            'WALLET_API_KEY' => self::ENV_KEY,
            'WALLET_API_SIGNING_SECRET' => self::ENV_SECRET,
        ]);
        $client = WalletApiClient::fromEnv(
            ...['environment' => Environment::Custom, 'baseUrl' => $replay->server->url, ...$given]
        );
        $client->listMarkets();
        $replay->stop();
        self::assertSignedWith($replay, $key, $secret);
    }

    /** @return iterable<string, array{0: array<string, string>, 1: array<string, mixed>, 2: string}> */
    public static function problems(): iterable
    {
        yield 'no environment' => [['WALLET_API_ENVIRONMENT' => ''], [], 'WALLET_API_ENVIRONMENT is not set'];
        yield 'unknown environment' => [
            ['WALLET_API_ENVIRONMENT' => 'sandbox'],
            [],
            'WALLET_API_ENVIRONMENT must be one of',
        ];
        yield 'no base URL' => [['WALLET_API_BASE_URL' => ''], [], 'WALLET_API_BASE_URL is not set'];
        yield 'production over http' => [
            ['WALLET_API_ENVIRONMENT' => 'production'],
            [],
            'WALLET_API_BASE_URL of the production environment (WALLET_API_ENVIRONMENT) must use https',
        ];
        yield 'staging given, http from the environment' => [
            [],
            ['environment' => Environment::Staging],
            'WALLET_API_BASE_URL of the staging environment must use https',
        ];
        yield 'ftp base URL' => [['WALLET_API_BASE_URL' => 'ftp://127.0.0.1'], [], 'WALLET_API_BASE_URL of the custom'];
        yield 'no key' => [['WALLET_API_KEY' => ''], [], 'WALLET_API_KEY is not set'];
        yield 'key with a line break' => [
            ['WALLET_API_KEY' => self::ENV_KEY . "\r\nx-injected: 1"],
            [],
            'WALLET_API_KEY is not a valid HTTP header value',
        ];
        yield 'no secret' => [['WALLET_API_SIGNING_SECRET' => ''], [], 'WALLET_API_SIGNING_SECRET is not set'];
        yield 'explicit base URL over http with production from the environment' => [
            ['WALLET_API_ENVIRONMENT' => 'production'],
            ['baseUrl' => 'http://api.example.invalid'],
            'baseUrl of the production environment (WALLET_API_ENVIRONMENT) must use https',
        ];
    }

    /**
     * @dataProvider problems
     * @param array<string, string> $change
     * @param array<string, mixed> $given
     */
    public function testAProblemNamesTheVariableNeverTheValue(array $change, array $given, string $message): void
    {
        $values = array_filter([
            'WALLET_API_ENVIRONMENT' => 'custom',
            'WALLET_API_BASE_URL' => 'http://127.0.0.1:4020',
            'WALLET_API_KEY' => self::ENV_KEY,
            'WALLET_API_SIGNING_SECRET' => self::ENV_SECRET,
            ...$change,
        ], static fn (string $value): bool => $value !== '');
        self::environment($values);
        try {
            WalletApiClient::fromEnv(...$given);
            self::fail('the client was created');
        } catch (ConfigurationException $error) {
            self::assertStringContainsString($message, $error->getMessage());
            foreach (Renderings::of($error) as $rendering => $text) {
                foreach ([self::ENV_KEY, self::ENV_SECRET, '127.0.0.1', 'sandbox', 'ftp:'] as $value) {
                    self::assertStringNotContainsString($value, $text, "$rendering quotes a value");
                }
            }
        }
    }

    public function testTheConstructorReadsNoEnvironment(): void
    {
        self::environment([
            'WALLET_API_ENVIRONMENT' => 'custom',
            'WALLET_API_BASE_URL' => 'http://127.0.0.1:4020',
            'WALLET_API_KEY' => self::ENV_KEY,
            'WALLET_API_SIGNING_SECRET' => self::ENV_SECRET,
        ]);
        $this->expectException(ConfigurationException::class);
        new WalletApiClient();
    }
}
