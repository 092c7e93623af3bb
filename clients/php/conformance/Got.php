<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/** What a call gave: its data, or what it threw. */
final class Got
{
    public function __construct(public mixed $data = null, public ?\Throwable $error = null)
    {
    }
}
