<?php

declare(strict_types=1);

namespace WalletApi;

/**
 * Cancels a call from outside it: the client looks at it while it waits for the answer and
 * ends the call with an AbortedException once it says so. PHP runs one thing at a time, so a
 * cancellation is a condition looked at, not a signal sent: cancel() from a signal handler, a
 * condition of your own (`Cancellation::when(fn () => $shutdown)`), or a point in time
 * (`Cancellation::after(250)`).
 */
final class Cancellation
{
    private bool $cancelled = false;

    /** @param (\Closure(): bool)|null $condition */
    private function __construct(private readonly ?\Closure $condition = null)
    {
    }

    public static function create(): self
    {
        return new self();
    }

    /** @param \Closure(): bool $condition cancelled once it returns true */
    public static function when(\Closure $condition): self
    {
        return new self($condition);
    }

    /** Cancelled once `milliseconds` have passed from now. */
    public static function after(int $milliseconds): self
    {
        $at = hrtime(true) + $milliseconds * 1_000_000;
        return new self(static fn (): bool => hrtime(true) >= $at);
    }

    public function cancel(): void
    {
        $this->cancelled = true;
    }

    public function isCancelled(): bool
    {
        if (!$this->cancelled && $this->condition !== null && ($this->condition)()) {
            $this->cancelled = true;
        }
        return $this->cancelled;
    }
}
