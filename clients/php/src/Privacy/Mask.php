<?php

declare(strict_types=1);

namespace WalletApi\Privacy;

/**
 * How a personal identifier is masked: its shape and nothing else.
 *
 * @internal
 */
final class Mask
{
    /** Every letter becomes x (X when upper case), every digit 0; other characters stay. */
    public static function string(string $value): string
    {
        $unicode = preg_match('//u', $value) === 1;
        $masked = preg_replace_callback(
            $unicode ? '/\p{L}|\p{Nd}/u' : '/[A-Za-z0-9]/',
            static function (array $m) use ($unicode): string {
                $char = $m[0];
                if (preg_match($unicode ? '/\p{Nd}/u' : '/[0-9]/', $char) === 1) {
                    return '0';
                }
                return preg_match($unicode ? '/\p{Lu}/u' : '/[A-Z]/', $char) === 1 ? 'X' : 'x';
            },
            $value,
        );
        return $masked ?? $value;
    }

    /** A string identifier's mask; "[redacted]" when the mask would be the value itself (`000`, `x-0`). */
    public static function identifierString(string $value): string
    {
        $masked = self::string($value);
        return $masked === $value && $value !== '' ? Rules::REDACTED : $masked;
    }

    /**
     * A number with as many digits: the first becomes 1, the last decimal 1, the rest 0
     * (`123456` → `100000`, `12.34` → `10.01`).
     */
    public static function number(int|float $value): int|float
    {
        if (is_float($value) && !is_finite($value)) {
            return $value;
        }
        $text = self::numberText(abs($value));
        $exponent = '';
        if (preg_match('/^([^e]*)e(.*)$/', $text, $m) === 1) {
            [$text, $exponent] = [$m[1], $m[2]];
        }
        $parts = explode('.', $text, 2);
        $whole = $parts[0];
        $fraction = $parts[1] ?? '';
        $maskedWhole = strlen($whole) > 1 || $fraction === '' ? '1' . str_repeat('0', strlen($whole) - 1) : '0';
        $maskedFraction = $fraction !== '' ? '.' . str_repeat('0', strlen($fraction) - 1) . '1' : '';
        $masked = ($value < 0 ? '-' : '') . $maskedWhole . $maskedFraction . ($exponent !== '' ? 'e' . $exponent : '');
        if (is_int($value) && $maskedFraction === '' && $exponent === '' && strlen($maskedWhole) < 19) {
            return (int) $masked;
        }
        return (float) $masked;
    }

    /** A number as JavaScript's String() writes it (`1e+25`, `0.5`, `100`): the text a provider's JSON holds. */
    public static function numberText(int|float $value): string
    {
        if (is_int($value)) {
            return (string) $value;
        }
        if (floor($value) === $value && abs($value) < 1e21) {
            return sprintf('%.0f', $value);
        }
        $text = (string) json_encode($value);
        return str_replace(['.0e', 'E'], ['e', 'e'], $text);
    }
}
