<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/** The sandbox and the credentials the runner was given. */
final class Settings
{
    public function __construct(public ?string $sandbox, public string $apiKey, public string $secret)
    {
    }
}
