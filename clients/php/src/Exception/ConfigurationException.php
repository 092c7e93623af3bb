<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/** An option or argument is wrong; nothing was sent. The message names the option, never a secret's value. */
final class ConfigurationException extends WalletApiException
{
    public function getKind(): string
    {
        return 'configuration';
    }
}
