<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/** The signer failed or returned no valid signature; nothing was sent. */
final class SigningException extends WalletApiException
{
    public function getKind(): string
    {
        return 'signing';
    }
}
