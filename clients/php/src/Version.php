<?php

declare(strict_types=1);

namespace WalletApi;

final class Version
{
    /** The SDK's version, sent in the User-Agent (wallet-api-sdk-php/VERSION php/PHP_VERSION). */
    public const SDK = '0.2.0';
}
