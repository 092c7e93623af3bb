<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Conformance\Renderings;
use WalletApi\Environment;
use WalletApi\Exception\ConfigurationException;
use WalletApi\HmacSha256Signer;
use WalletApi\RequestOptions;
use WalletApi\RetryPolicy;
use WalletApi\WalletApiClient;

/** A wrong option is a ConfigurationException naming it, never quoting a credential. */
final class OptionsTest extends TestCase
{
    private const KEY = "key-with-line-break\r\nx-injected: 1";

    /** @return iterable<string, array{0: callable(): mixed, 1: string}> */
    public static function wrongOptions(): iterable
    {
        $signer = fn () => new HmacSha256Signer('s3cret-value');
        yield 'no environment' => [
            fn () => new WalletApiClient(baseUrl: 'https://x.test', apiKey: 'k', signer: $signer()),
            'environment must be chosen',
        ];
        yield 'unknown environment' => [
            fn () => new WalletApiClient(
                environment: 'prod',
                baseUrl: 'https://x.test',
                apiKey: 'k',
                signer: $signer(),
            ),
            'environment must be one of',
        ];
        yield 'no base URL' => [
            fn () => new WalletApiClient(environment: Environment::Staging, apiKey: 'k', signer: $signer()),
            'baseUrl is required',
        ];
        yield 'production over http' => [
            fn () => new WalletApiClient(
                environment: Environment::Production,
                baseUrl: 'http://x.test',
                apiKey: 'k',
                signer: $signer(),
            ),
            'baseUrl of the production environment must use https',
        ];
        yield 'credentials in the base URL' => [
            fn () => new WalletApiClient(
                environment: 'custom',
                baseUrl: 'http://u:p@x.test',
                apiKey: 'k',
                signer: $signer(),
            ),
            'baseUrl must not contain credentials',
        ];
        yield 'a query in the base URL' => [
            fn () => new WalletApiClient(
                environment: 'custom',
                baseUrl: 'http://x.test/?a=1',
                apiKey: 'k',
                signer: $signer(),
            ),
            'baseUrl must not contain a query',
        ];
        yield 'empty API key' => [
            fn () => new WalletApiClient(
                environment: 'custom',
                baseUrl: 'http://x.test',
                apiKey: ' ',
                signer: $signer(),
            ),
            'apiKey is required',
        ];
        yield 'API key with a line break' => [
            fn () => new WalletApiClient(
                environment: 'custom',
                baseUrl: 'http://x.test',
                apiKey: self::KEY,
                signer: $signer(),
            ),
            'apiKey is not a valid HTTP header value',
        ];
        yield 'no signer' => [
            fn () => new WalletApiClient(environment: 'custom', baseUrl: 'http://x.test', apiKey: 'k'),
            'signer is required',
        ];
        yield 'empty secret' => [fn () => new HmacSha256Signer(''), 'signer: the secret'];
        yield 'negative timeout' => [
            fn () => new WalletApiClient(
                environment: 'custom',
                baseUrl: 'http://x.test',
                apiKey: 'k',
                signer: $signer(),
                timeoutMs: -1,
            ),
            'timeoutMs must be a positive number',
        ];
        yield 'zero size cap' => [
            fn () => new WalletApiClient(
                environment: 'custom',
                baseUrl: 'http://x.test',
                apiKey: 'k',
                signer: $signer(),
                maxResponseBytes: 0,
            ),
            'maxResponseBytes must be',
        ];
        yield 'a logger that is not one' => [
            fn () => new WalletApiClient(
                environment: 'custom',
                baseUrl: 'http://x.test',
                apiKey: 'k',
                signer: $signer(),
                logger: new \stdClass(),
            ),
            'logger must be a PSR-3 logger',
        ];
        yield 'no attempt' => [fn () => new RetryPolicy(attempts: 0), 'retry.attempts'];
        yield 'initial over max' => [
            fn () => new RetryPolicy(initialDelayMs: 5, maxDelayMs: 1),
            'retry.initialDelayMs must not exceed',
        ];
        yield 'a status that is not one' => [fn () => new RetryPolicy(statuses: [99]), 'retry.statuses'];
        yield 'a call timeout of 0' => [fn () => new RequestOptions(timeoutMs: 0), 'options.timeoutMs'];
    }

    /**
     * @dataProvider wrongOptions
     * @param callable(): mixed $make
     */
    public function testAWrongOptionIsNamedAndNoCredentialQuoted(callable $make, string $named): void
    {
        try {
            $make();
            self::fail('the option was taken');
        } catch (ConfigurationException $error) {
            self::assertSame('configuration', $error->getKind());
            self::assertStringContainsString($named, $error->getMessage());
            foreach (Renderings::of($error) as $how => $text) {
                self::assertStringNotContainsString('s3cret-value', $text, $how);
                self::assertStringNotContainsString('key-with-line-break', $text, $how);
            }
        }
    }

    public function testAnOptionOfTheWrongTypeIsATypeError(): void
    {
        $this->expectException(\TypeError::class);
        new WalletApiClient(...[
            'environment' => 'custom',
            'baseUrl' => 'http://x.test',
            'apiKey' => 'k',
            'signer' => new HmacSha256Signer('s'),
            'timeoutMs' => '100',
        ]);
    }
}
