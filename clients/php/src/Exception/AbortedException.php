<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/** The caller's cancellation ended the call. */
final class AbortedException extends WalletApiException
{
    public function getKind(): string
    {
        return 'aborted';
    }
}
