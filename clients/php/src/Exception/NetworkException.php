<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/** No answer: connection refused or reset, unreadable headers, a body cut short. */
final class NetworkException extends WalletApiException
{
    public function getKind(): string
    {
        return 'network';
    }
}
