<?php

declare(strict_types=1);

namespace WalletApi;

use WalletApi\Exception\ConfigurationException;

/**
 * Retries of GETs (never POSTs: they move value and the API has no idempotency key) after a
 * failure before the answer's headers and after the listed statuses, with exponential backoff
 * and jitter in [50 %, 100 %] of min(maxDelayMs, initialDelayMs × 2^(n−1)), or the Retry-After
 * of a 429 or 503 (digits or an HTTP date) capped by maxDelayMs. Every attempt is signed anew.
 */
final class RetryPolicy
{
    public const DEFAULT_STATUSES = [429, 502, 503, 504];

    /**
     * @param int $attempts the most requests one call sends, the first included (at least 1)
     * @param int $initialDelayMs the first backoff step (0: no wait)
     * @param int $maxDelayMs caps every wait, Retry-After included
     * @param list<int> $statuses the statuses retried
     */
    public function __construct(
        public readonly int $attempts = 3,
        public readonly int $initialDelayMs = 100,
        public readonly int $maxDelayMs = 2000,
        public readonly array $statuses = self::DEFAULT_STATUSES,
    ) {
        if ($attempts < 1) {
            throw new ConfigurationException('retry.attempts must be an integer of at least 1');
        }
        if ($initialDelayMs < 0 || $maxDelayMs < 0) {
            throw new ConfigurationException('retry.initialDelayMs and retry.maxDelayMs must not be negative');
        }
        if ($initialDelayMs > $maxDelayMs) {
            throw new ConfigurationException('retry.initialDelayMs must not exceed retry.maxDelayMs');
        }
        foreach ($statuses as $status) {
            if (!is_int($status) || $status < 100 || $status > 599) {
                throw new ConfigurationException('retry.statuses must hold HTTP statuses (100 to 599)');
            }
        }
    }

    /** The wait before attempt `attempt + 1`, in ms: the exponential step with jitter. */
    public function backoffMs(int $attempt): int
    {
        $step = $this->maxDelayMs;
        if ($attempt - 1 < 31) {
            $step = min($this->maxDelayMs, $this->initialDelayMs * (2 ** ($attempt - 1)));
        }
        $half = intdiv($step, 2);
        return $half + random_int(0, $step - $half);
    }
}
