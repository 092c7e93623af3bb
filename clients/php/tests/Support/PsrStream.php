<?php

declare(strict_types=1);

namespace WalletApi\Tests\Support;

/**
 * The smallest PSR-7 / PSR-17 / PSR-18 shapes (immutable messages, a string stream, a client
 * answering what it is given): enough to drive Psr18Transport as a real PSR-18 client would.
 */
final class PsrStream
{
    private int $at = 0;

    public function __construct(private readonly string $bytes)
    {
    }

    public function eof(): bool
    {
        return $this->at >= strlen($this->bytes);
    }

    public function read(int $length): string
    {
        $chunk = substr($this->bytes, $this->at, $length);
        $this->at += strlen($chunk);
        return $chunk;
    }

    public function __toString(): string
    {
        return $this->bytes;
    }
}
