<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Environment;
use WalletApi\Exception\ConfigurationException;
use WalletApi\Exception\InvalidResponseException;
use WalletApi\Exception\NetworkException;
use WalletApi\HmacSha256Signer;
use WalletApi\Tests\Support\PsrMessage;
use WalletApi\Transport\Psr18Transport;
use WalletApi\WalletApiClient;

/** A team's PSR-18 client as the transport: the same signed request, the same checks. */
final class Psr18TransportTest extends TestCase
{
    /** @var list<PsrMessage> */
    private array $sent = [];

    private function client(PsrMessage|\Throwable $answer, int $maxResponseBytes = 4096): WalletApiClient
    {
        $sent = &$this->sent;
        $psr18 = new class ($answer, $sent) {
            /** @param list<PsrMessage> $sent */
            public function __construct(private readonly PsrMessage|\Throwable $answer, private array &$sent)
            {
            }

            public function sendRequest(PsrMessage $request): PsrMessage
            {
                $this->sent[] = $request;
                return $this->answer instanceof \Throwable ? throw $this->answer : $this->answer;
            }
        };
        $factory = new PsrMessage();
        return new WalletApiClient(
            environment: Environment::Custom,
            baseUrl: 'https://wallet.example',
            apiKey: 'psr-key',
            signer: new HmacSha256Signer('psr-secret'),
            transport: new Psr18Transport($psr18, $factory, $factory),
            maxResponseBytes: $maxResponseBytes,
        );
    }

    private static function answer(string $body, int $status = 200): PsrMessage
    {
        return (new PsrMessage(status: $status))
            ->withHeader('Content-Type', 'application/json')
            ->withBody((new PsrMessage())->createStream($body));
    }

    public function testSendsTheSignedRequestAndReadsTheEnvelope(): void
    {
        $client = $this->client(
            self::answer('{"status":"success","message":"OK","data":{"_id":"w-1","token":"usdt","status":"active"}}')
        );
        self::assertSame('w-1', $client->createWallet(token: 'usdt')->id);
        [$request] = $this->sent;
        self::assertSame('POST', $request->method);
        self::assertSame('https://wallet.example/api/v1/wallets/generate-wallet', $request->uri);
        self::assertSame('{"token":"usdt"}', (string) $request->body);
        $timestamp = $request->headers['x-timestamp'][0];
        $expected = hash_hmac(
            'sha256',
            "$timestamp\nPOST\n/api/v1/wallets/generate-wallet\n{\"token\":\"usdt\"}",
            'psr-secret',
        );
        self::assertTrue(hash_equals($expected, $request->headers['x-signature'][0]));
    }

    public function testItsFailuresAreTheClientsKinds(): void
    {
        $error = null;
        try {
            $this->client(new \RuntimeException('connection refused'))->getRates();
        } catch (NetworkException $error) {
        }
        self::assertInstanceOf(NetworkException::class, $error);
        try {
            $this->client(self::answer(str_repeat(' ', 5000) . '{}'))->getRates();
            self::fail('a body over the cap was read');
        } catch (InvalidResponseException $error) {
            self::assertStringContainsString('maxResponseBytes', $error->getMessage());
        }
        try {
            $this->client(self::answer('{"status":"success","message":"OK","data":null}', 302))->getRates();
            self::fail('a redirect was taken');
        } catch (InvalidResponseException $error) {
            self::assertStringContainsString('never follows', $error->getMessage());
        }
    }

    public function testAnObjectThatIsNoPsr18ClientIsNamed(): void
    {
        $this->expectException(ConfigurationException::class);
        $this->expectExceptionMessage('transport: Psr18Transport needs an object with a sendRequest() method');
        new Psr18Transport(new \stdClass(), new PsrMessage(), new PsrMessage());
    }
}
