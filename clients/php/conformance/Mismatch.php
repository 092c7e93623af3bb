<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/** A failed expectation; its message is what the matrix shows as "saw". */
final class Mismatch extends \Exception
{
}
