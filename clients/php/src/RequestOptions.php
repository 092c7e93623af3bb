<?php

declare(strict_types=1);

namespace WalletApi;

use WalletApi\Exception\ConfigurationException;

/** Options of one call: its timeout, its retry policy (GETs only), its cancellation. */
final class RequestOptions
{
    /**
     * @param int|null $timeoutMs bounds this call's attempts (signing and the body included) instead of the client's
     * @param RetryPolicy|false|null $retry this call's retry policy; false turns retries off for it; null keeps the
     *     client's
     * @param Cancellation|null $cancellation ends the call as aborted once cancelled
     */
    public function __construct(
        public readonly ?int $timeoutMs = null,
        public readonly RetryPolicy|false|null $retry = null,
        public readonly ?Cancellation $cancellation = null,
    ) {
        if ($timeoutMs !== null && $timeoutMs <= 0) {
            throw new ConfigurationException('options.timeoutMs must be a positive number of milliseconds');
        }
    }
}
