<?php

declare(strict_types=1);

namespace WalletApi\Transport;

/**
 * No complete answer: what a transport throws. Never shown as it is: the client makes its
 * own exception of it, masked, and drops this one (its message may quote the request).
 */
final class TransportFailure extends \Exception
{
    public const NETWORK = 'network';
    public const TIMEOUT = 'timeout';
    public const ABORTED = 'aborted';
    public const TOO_LARGE = 'too-large';

    /**
     * @param string $failure one of the constants
     * @param bool $afterHeaders whether the answer's headers had been read (then never retried)
     * @param int|null $status the answer's status when its headers were read
     * @param list<array{0: string, 1: string}> $headers
     */
    public function __construct(
        public readonly string $failure,
        string $reason,
        public readonly bool $afterHeaders = false,
        public readonly ?int $status = null,
        public readonly array $headers = [],
    ) {
        parent::__construct($reason);
    }
}
