<?php

declare(strict_types=1);

namespace WalletApi\Internal;

/**
 * The x-timestamp of every request: ISO 8601 UTC with milliseconds, never the same twice in
 * one process. When the clock has not moved past the last timestamp issued, the next is that
 * one plus 1 ms: two equal requests signed within one millisecond would otherwise carry the
 * same signature, and a provider's replay guard refuses the second.
 *
 * @internal
 */
final class Timestamps
{
    private static int $lastMs = 0;

    public static function next(): string
    {
        $now = (int) floor(microtime(true) * 1000);
        if ($now <= self::$lastMs) {
            $now = self::$lastMs + 1;
        }
        self::$lastMs = $now;
        return gmdate('Y-m-d\TH:i:s', intdiv($now, 1000)) . sprintf('.%03dZ', $now % 1000);
    }
}
