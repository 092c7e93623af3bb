<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/** Values shared by the cases (conformance/README.md): bodies, JSON comparisons, the client's output as JSON. */
final class Cases
{
    public static function bodyBytes(?\stdClass $body): string
    {
        if ($body === null) {
            return '';
        }
        if (property_exists($body, 'json')) {
            return (string) json_encode(
                $body->json,
                JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION,
            );
        }
        if (isset($body->utf8)) {
            return (string) $body->utf8;
        }
        return (string) base64_decode((string) ($body->base64 ?? ''));
    }

    /** What the client gave, as JSON: models by their wire names, extra members included. */
    public static function asJson(mixed $value): mixed
    {
        if ($value instanceof \JsonSerializable) {
            return self::asJson($value->jsonSerialize());
        }
        if (is_array($value)) {
            if (array_is_list($value)) {
                return array_map([self::class, 'asJson'], $value);
            }
            $out = new \stdClass();
            foreach ($value as $key => $member) {
                $out->{$key} = self::asJson($member);
            }
            return $out;
        }
        if ($value instanceof \stdClass) {
            $out = new \stdClass();
            foreach (get_object_vars($value) as $key => $member) {
                $out->{$key} = self::asJson($member);
            }
            return $out;
        }
        return $value;
    }

    private static function sameScalar(mixed $a, mixed $b): bool
    {
        if (is_bool($a) || is_bool($b)) {
            return $a === $b;
        }
        if ((is_int($a) || is_float($a)) && (is_int($b) || is_float($b))) {
            return $a == $b;
        }
        return $a === $b;
    }

    public static function equal(mixed $a, mixed $b): bool
    {
        if (is_array($a) || is_array($b)) {
            if (!is_array($a) || !is_array($b) || count($a) !== count($b)) {
                return false;
            }
            foreach (array_values($a) as $i => $item) {
                if (!self::equal($item, array_values($b)[$i])) {
                    return false;
                }
            }
            return true;
        }
        if ($a instanceof \stdClass || $b instanceof \stdClass) {
            if (!$a instanceof \stdClass || !$b instanceof \stdClass) {
                return false;
            }
            $av = get_object_vars($a);
            $bv = get_object_vars($b);
            $ak = array_keys($av);
            $bk = array_keys($bv);
            sort($ak);
            sort($bk);
            if ($ak !== $bk) {
                return false;
            }
            foreach ($av as $key => $value) {
                if (!self::equal($value, $bv[$key])) {
                    return false;
                }
            }
            return true;
        }
        return self::sameScalar($a, $b);
    }

    public static function includes(mixed $actual, mixed $expected): bool
    {
        if (is_array($expected)) {
            if (!is_array($actual) || count($actual) !== count($expected)) {
                return false;
            }
            foreach (array_values($expected) as $i => $item) {
                if (!self::includes(array_values($actual)[$i], $item)) {
                    return false;
                }
            }
            return true;
        }
        if ($expected instanceof \stdClass) {
            if (!$actual instanceof \stdClass) {
                return false;
            }
            foreach (get_object_vars($expected) as $key => $value) {
                if (!property_exists($actual, (string) $key) || !self::includes($actual->{$key}, $value)) {
                    return false;
                }
            }
            return true;
        }
        return self::sameScalar($actual, $expected);
    }

    public static function short(mixed $value, int $length = 80): string
    {
        return substr((string) json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), 0, $length);
    }
}
