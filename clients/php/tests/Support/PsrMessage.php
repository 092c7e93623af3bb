<?php

declare(strict_types=1);

namespace WalletApi\Tests\Support;

/** A PSR-7-shaped request or response: immutable, headers by name, a body stream. */
final class PsrMessage
{
    /** @param array<string, list<string>> $headers */
    public function __construct(
        public readonly string $method = '',
        public readonly string $uri = '',
        public readonly array $headers = [],
        public readonly ?PsrStream $body = null,
        public readonly int $status = 200,
    ) {
    }

    public function withHeader(string $name, string $value): self
    {
        return new self($this->method, $this->uri, [$name => [$value]] + $this->headers, $this->body, $this->status);
    }

    public function withBody(PsrStream $body): self
    {
        return new self($this->method, $this->uri, $this->headers, $body, $this->status);
    }

    public function getStatusCode(): int
    {
        return $this->status;
    }

    /** @return array<string, list<string>> */
    public function getHeaders(): array
    {
        return $this->headers;
    }

    public function getBody(): PsrStream
    {
        return $this->body ?? new PsrStream('');
    }

    /** PSR-17: createRequest and createStream. */
    public function createRequest(string $method, string $uri): self
    {
        return new self($method, $uri);
    }

    public function createStream(string $content): PsrStream
    {
        return new PsrStream($content);
    }
}
