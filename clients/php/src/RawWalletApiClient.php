<?php

declare(strict_types=1);

namespace WalletApi;

use WalletApi\Generated\RawOperations;
use WalletApi\Internal\Caller;

/**
 * The client's raw-response variant (`$client->withRawResponse()`): the same methods, the
 * same checks and exceptions, returning a RawResponse (status, headers, envelope) whose
 * `data` is the model.
 */
final class RawWalletApiClient
{
    use RawOperations;

    /** @internal made by WalletApiClient::withRawResponse() */
    public function __construct(private readonly Caller $caller)
    {
    }

    protected function caller(): Caller
    {
        return $this->caller;
    }

    /** @return array<string, string> */
    public function __debugInfo(): array
    {
        return ['client' => 'raw responses'];
    }
}
