<?php

declare(strict_types=1);

namespace WalletApi\Internal;

use WalletApi\Privacy\Policy;
use WalletApi\Privacy\Rules;

/**
 * What one call carried that its errors must not show (the API key, the signing secret, each
 * signature sent, its protected fields), and the policy built of it on the first failure: a
 * success pays nothing for it.
 *
 * @internal
 */
final class CallState
{
    private ?Policy $policy = null;

    /** @param list<array{0: string, 1: string}> $carried */
    public function __construct(public readonly string $name, private array $carried)
    {
    }

    public function carry(string $signature): void
    {
        $this->carried[] = [$signature, Rules::REDACTED];
        $this->policy = null;
    }

    public function policy(): Policy
    {
        return $this->policy ??= new Policy($this->carried);
    }

    /** @return array<string, string> */
    public function __debugInfo(): array
    {
        return ['name' => $this->name];
    }
}
