<?php

declare(strict_types=1);

namespace WalletApi\Transport;

/** An answer read whole: its status, its headers in order, its body (decompressed). */
final class TransportResponse
{
    /** @param list<array{0: string, 1: string}> $headers */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly string $body,
    ) {
    }

    /** The first value of a header, by name whatever its case. */
    public function header(string $name): ?string
    {
        foreach ($this->headers as [$key, $value]) {
            if (strcasecmp($key, $name) === 0) {
                return $value;
            }
        }
        return null;
    }
}
