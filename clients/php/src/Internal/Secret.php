<?php

declare(strict_types=1);

namespace WalletApi\Internal;

/**
 * A credential held by the client (the API key), kept off every property so that no dump of
 * the client, its options or its transport (var_dump, print_r, var_export, json_encode,
 * serialize) can show it.
 *
 * @internal
 */
final class Secret implements \JsonSerializable
{
    /** @var \WeakMap<Secret, string>|null */
    private static ?\WeakMap $values = null;

    public function __construct(#[\SensitiveParameter] string $value)
    {
        self::$values ??= new \WeakMap();
        self::$values[$this] = $value;
    }

    public function reveal(): string
    {
        return self::$values[$this] ?? '';
    }

    /** @return array<string, string> */
    public function __debugInfo(): array
    {
        return ['value' => '[redacted]'];
    }

    public function jsonSerialize(): string
    {
        return '[redacted]';
    }

    /** @return array<string, string> */
    public function __serialize(): array
    {
        throw new \LogicException('a credential of the client is not serialisable');
    }
}
