<?php

declare(strict_types=1);

namespace WalletApi\Tests\Support;

use WalletApi\Conformance\ReplayServer;
use WalletApi\Environment;
use WalletApi\HmacSha256Signer;
use WalletApi\WalletApiClient;

/**
 * A client against the kit's replay server: answers written byte for byte, what arrived read
 * back after the call.
 */
final class Replay
{
    public const API_KEY = 'replay-api-key-1234';
    public const SECRET = 'replay-signing-secret';

    public readonly ReplayServer $server;

    /**
     * @var list<array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}>
     */
    public array $received = [];

    /** @var array<int, int> */
    public array $answered = [];

    /** @param list<array<string, mixed>> $answers answers as the kit's cases write them */
    public function __construct(array $answers)
    {
        $this->server = new ReplayServer(json_decode((string) json_encode($answers)));
    }

    public function client(mixed ...$options): WalletApiClient
    {
        return new WalletApiClient(...[
            'environment' => Environment::Custom,
            'baseUrl' => $this->server->url,
            'apiKey' => self::API_KEY,
            'signer' => new HmacSha256Signer(self::SECRET),
            ...$options,
        ]);
    }

    public function __destruct()
    {
        $this->server->stop();
    }

    /** Stops the server (after a moment for a request that should not come) and keeps what arrived. */
    public function stop(): void
    {
        usleep(50_000);
        [$this->received, $this->answered] = $this->server->stop();
    }

    /** @return array<string, mixed> an answer of the success envelope */
    public static function success(mixed $data, array $extra = []): array
    {
        return [
            'status' => 200,
            'headers' => [['content-type', 'application/json']],
            'body' => ['json' => ['status' => 'success', 'message' => 'OK', 'data' => $data]],
        ] + $extra;
    }

    /** @return array<string, mixed> an answer of the error envelope */
    public static function error(int $status, string $message, array $headers = [], array $extra = []): array
    {
        return [
            'status' => $status,
            'headers' => [['content-type', 'application/json'], ...$headers],
            'body' => ['json' => ['status' => 'error', 'message' => $message, 'data' => null]],
        ] + $extra;
    }
}
