<?php

declare(strict_types=1);

namespace WalletApi\Internal;

/**
 * Reads decoded JSON (objects as stdClass) into the generated models' typed properties,
 * naming the field that is missing or of another type.
 *
 * @internal
 */
final class ModelData
{
    /** @return array<string, mixed> the object's members */
    public static function object(mixed $json, string $schema): array
    {
        if (!$json instanceof \stdClass) {
            throw new ModelDataException("$schema is not an object");
        }
        return get_object_vars($json);
    }

    public static function stringValue(mixed $value, string $label): string
    {
        return is_string($value) ? $value : throw new ModelDataException("$label is not a string");
    }

    public static function numberValue(mixed $value, string $label): int|float
    {
        return is_int($value) || is_float($value) ? $value : throw new ModelDataException("$label is not a number");
    }

    public static function integerValue(mixed $value, string $label): int
    {
        if (is_float($value) && floor($value) === $value && abs($value) < 2 ** 53) {
            return (int) $value;
        }
        return is_int($value) ? $value : throw new ModelDataException("$label is not an integer");
    }

    public static function booleanValue(mixed $value, string $label): bool
    {
        return is_bool($value) ? $value : throw new ModelDataException("$label is not a boolean");
    }

    /**
     * @template E of \BackedEnum
     * @param class-string<E> $enum
     * @return E
     */
    public static function enum(mixed $value, string $label, string $enum): \BackedEnum
    {
        $case = is_string($value) || is_int($value) ? $enum::tryFrom($value) : null;
        return $case ?? throw new ModelDataException("$label is not one of the values the spec lists");
    }

    public static function missing(string $label): never
    {
        throw new ModelDataException("$label is missing");
    }

    /**
     * The members the spec does not list, kept as received.
     *
     * @param array<string, mixed> $o
     * @param list<string> $known
     * @return array<string, mixed>
     */
    public static function rest(array $o, array $known): array
    {
        return array_diff_key($o, array_flip($known));
    }

    /**
     * A list of items each read by `item`.
     *
     * @template T
     * @param callable(mixed): T $item
     * @return list<T>
     */
    public static function items(mixed $json, callable $item, string $schema): array
    {
        if (!is_array($json) || !array_is_list($json)) {
            throw new ModelDataException("$schema is not an array");
        }
        return array_map($item, $json);
    }

    /**
     * A list of strings.
     *
     * @return list<string>
     */
    public static function strings(mixed $json, string $label): array
    {
        return self::items($json, static fn (mixed $item): string => self::stringValue($item, "{$label}[]"), $label);
    }

    /**
     * An object whose members are each read by `item`, keyed as received.
     *
     * @template T
     * @param callable(mixed): T $item
     * @return array<string, T>
     */
    public static function map(mixed $json, callable $item, string $schema): array
    {
        $out = [];
        foreach (self::object($json, $schema) as $key => $value) {
            $out[(string) $key] = $item($value);
        }
        return $out;
    }

    /**
     * A model as JSON: its members under their wire names, null optional ones left out, then
     * the members the spec does not list.
     *
     * @param array<string, mixed> $members
     * @param array<string, mixed> $rest
     */
    public static function toJson(array $members, array $rest): \stdClass
    {
        $out = new \stdClass();
        foreach ($members as $name => $value) {
            if ($value !== null) {
                $out->{$name} = $value;
            }
        }
        foreach ($rest as $name => $value) {
            $out->{$name} = $value;
        }
        return $out;
    }
}
