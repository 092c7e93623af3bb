<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/** No complete answer within the timeout (the client's or the call's), signing included. */
final class TimeoutException extends WalletApiException
{
    public function getKind(): string
    {
        return 'timeout';
    }
}
