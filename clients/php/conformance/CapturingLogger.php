<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/** A PSR-3-style logger that keeps each line as an integrator's logger would write it. */
final class CapturingLogger
{
    /** @var list<string> */
    public array $lines = [];

    /** @param array<string, mixed> $context */
    public function debug(string $message, array $context = []): void
    {
        $this->log('debug', $message, $context);
    }

    /** @param array<string, mixed> $context */
    public function log(string $level, string $message, array $context = []): void
    {
        $rendered = [];
        foreach ($context as $key => $value) {
            $rendered[$key] = $value instanceof \Throwable ? (string) $value : $value;
        }
        $this->lines[] = "[$level] $message " . json_encode(
            $rendered,
            JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PARTIAL_OUTPUT_ON_ERROR,
        );
    }
}
