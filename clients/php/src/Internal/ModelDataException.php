<?php

declare(strict_types=1);

namespace WalletApi\Internal;

/**
 * The data of a success envelope is not what the spec describes: the client turns it into
 * an InvalidResponseException. Its message names the field, never a value.
 *
 * @internal
 */
final class ModelDataException extends \Exception
{
}
