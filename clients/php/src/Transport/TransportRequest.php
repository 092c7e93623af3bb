<?php

declare(strict_types=1);

namespace WalletApi\Transport;

use WalletApi\Cancellation;

/** One attempt's request, exactly as it is sent and signed. */
final class TransportRequest
{
    /**
     * @param list<array{0: string, 1: string}> $headers
     * @param string|null $body the exact bytes; null for none
     * @param int $timeoutMs what is left of the attempt's time
     */
    public function __construct(
        public readonly string $method,
        public readonly string $url,
        public readonly array $headers,
        public readonly ?string $body,
        public readonly int $timeoutMs,
        public readonly int $maxResponseBytes,
        public readonly ?Cancellation $cancellation = null,
    ) {
    }

    /** @return array<string, mixed> without the headers' values (the API key, the signature) nor the body */
    public function __debugInfo(): array
    {
        return [
            'method' => $this->method,
            'headers' => array_map(static fn (array $h): string => $h[0], $this->headers),
            'timeoutMs' => $this->timeoutMs,
        ];
    }
}
