<?php

declare(strict_types=1);

namespace WalletApi;

/** What a signer signs: the request exactly as it is sent. */
final class SignatureInput
{
    /**
     * @param string $method the HTTP method, upper case ("POST")
     * @param string $pathWithQuery the request target as written on the request line, percent-encoding included
     * @param string $body the exact bytes of the body; "" when none
     * @param string $timestamp the x-timestamp header (2026-01-01T00:00:00.000Z)
     * @param string $apiKey the x-api-key header
     */
    public function __construct(
        public readonly string $method,
        public readonly string $pathWithQuery,
        public readonly string $body,
        public readonly string $timestamp,
        #[\SensitiveParameter] public readonly string $apiKey,
    ) {
    }

    /** The string the default scheme signs: timestamp \n METHOD \n pathWithQuery \n body. */
    public function canonicalString(): string
    {
        return $this->timestamp . "\n" . $this->method . "\n" . $this->pathWithQuery . "\n" . $this->body;
    }

    /** @return array<string, string> without the API key */
    public function __debugInfo(): array
    {
        return [
            'method' => $this->method,
            'pathWithQuery' => $this->pathWithQuery,
            'timestamp' => $this->timestamp,
            'apiKey' => '[redacted]',
        ];
    }
}
