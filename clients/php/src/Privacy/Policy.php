<?php

declare(strict_types=1);

namespace WalletApi\Privacy;

/**
 * The privacy policy of the client's errors and log lines, ported from the kit's
 * packages/sdk/src/privacy/policy.ts (docs/privacy.md is the one statement of it): protected fields by
 * name at any depth, `name: value` pairs in prose, wallet addresses by shape, and the values
 * the call carried wherever and however the provider repeats them.
 *
 * @internal
 */
final class Policy
{
    /** `name: value`, `name=value`, `"name": "value"` in text, the name up to four words. */
    private const PAIR = '/(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]*(?:[-_ ][A-Za-z0-9]+){0,3})'
        . '(["\']?[ \t]*[:=][ \t]*)'
        . '("(?:[^"\\\\\n]|\\\\.)*"?|\'[^\'\n]*\'?|(?![{[("\'])[^\s&,;]*[^\s&,;)}\]"\'])/';

    private readonly ?Echoes $echoes;

    /**
     * @param list<array{0: string, 1: string}> $carried each carried value with what replaces it
     */
    public function __construct(array $carried = [])
    {
        $echoes = new Echoes($carried);
        $this->echoes = $echoes->isEmpty() ? null : $echoes;
    }

    /**
     * What one call carried that its errors must not show: the client's API key, the
     * signing secret (when the client knows it), each signature sent, and the protected
     * fields of its body and query. What the client's errors are masked with, and what the
     * kit's `mask` vectors are run through.
     *
     * @param list<string> $signatures
     * @param array<array-key, mixed>|object|null $body
     * @return list<array{0: string, 1: string}>
     */
    public static function carriedByCall(
        ?string $apiKey,
        ?string $secret,
        array $signatures,
        array|object|null $body,
        string $query = '',
    ): array {
        $carried = [];
        foreach ([$apiKey, $secret, ...$signatures] as $value) {
            if ($value !== null && $value !== '') {
                $carried[] = [$value, Rules::REDACTED];
            }
        }
        return [...$carried, ...self::carriedBy($body, $query)];
    }

    /**
     * The values a request carries in protected fields of its JSON body or query, and in its
     * secret headers, each with what replaces it ("[redacted]" for a secret, the mask of an
     * identifier).
     *
     * @param array<array-key, mixed>|object|null $body the request body as decoded JSON
     * @param list<array{0: string, 1: string}> $headers
     * @return list<array{0: string, 1: string}>
     */
    public static function carriedBy(array|object|null $body, string $query = '', array $headers = []): array
    {
        $found = [];
        $add = static function (mixed $value, string $kind) use (&$found, &$add): void {
            if ($value === null || is_bool($value)) {
                return;
            }
            if (is_array($value) || is_object($value)) {
                foreach ((array) $value as $member) {
                    $add($member, $kind);
                }
                return;
            }
            $text = is_float($value) ? Mask::numberText($value) : (string) $value;
            if ($text !== '') {
                $found[] = [$text, $kind === 'secret' ? Rules::REDACTED : Mask::identifierString($text)];
            }
        };
        $visit = static function (mixed $value) use (&$visit, $add): void {
            if (!is_array($value) && !is_object($value)) {
                return;
            }
            foreach ((array) $value as $key => $member) {
                $kind = Rules::classOf((string) $key);
                if ($kind !== null) {
                    $add($member, $kind);
                } else {
                    $visit($member);
                }
            }
        };
        $visit($body);
        if ($query !== '') {
            foreach (explode('&', $query) as $pair) {
                $parts = explode('=', $pair, 2);
                $kind = Rules::classOf(urldecode($parts[0]));
                if ($kind !== null && isset($parts[1])) {
                    $add(urldecode($parts[1]), $kind);
                }
            }
        }
        foreach ($headers as [$name, $value]) {
            if (!Rules::isSecretHeader($name) || $value === '' || $value === Rules::REDACTED) {
                continue;
            }
            $found[] = [$value, Rules::REDACTED];
            foreach (preg_split('/[\s;,=]+/', $value) ?: [] as $piece) {
                if (strlen($piece) >= 6 && $piece !== $value) {
                    $found[] = [$piece, Rules::REDACTED];
                }
            }
        }
        return $found;
    }

    /** Free text with carried values, addresses and `name: value` pairs of protected names masked. */
    public function text(string $text, bool $pairs = true): string
    {
        $out = $text;
        if ($pairs && (str_contains($out, ':') || str_contains($out, '='))) {
            $out = $this->pairs($out);
        }
        if ($this->echoes !== null) {
            $out = $this->echoes->replace($out);
        }
        if (strlen($out) >= 14) {
            $addresses = '/(?<![0-9A-Za-z])(?:' . implode('|', Rules::ADDRESS_SOURCES) . ')(?![0-9A-Za-z])/';
            $out = preg_replace_callback($addresses, static fn (array $m): string => Mask::string($m[0]), $out) ?? $out;
            if (strlen($out) >= 32) {
                $out = preg_replace_callback(
                    '/(?<![0-9A-Za-z])' . Rules::BASE58_RUN . '(?![0-9A-Za-z])/',
                    static fn (array $m): string => Rules::solanaShaped($m[0]) ? Mask::string($m[0]) : $m[0],
                    $out,
                ) ?? $out;
            }
        }
        return $out;
    }

    /** A name (a header's, a JSON key): carried values and addresses masked, no pair read. */
    public function name(string $name): string
    {
        return $this->text($name, false);
    }

    /** `name: value` pairs of protected names masked. */
    private function pairs(string $text): string
    {
        $out = '';
        $from = 0;
        $offset = 0;
        while (preg_match(self::PAIR, $text, $m, PREG_OFFSET_CAPTURE, $offset) === 1) {
            [$whole, $at] = $m[0];
            $name = $m[1][0];
            $separator = $m[2][0];
            $given = $m[3][0];
            $kind = Rules::classOf($name);
            if ($kind === null) {
                // The next name may start inside this one (`the password`) or after it.
                $space = strpos($name, ' ');
                $offset = $at + max(1, $space !== false ? $space + 1 : strlen($name));
                continue;
            }
            $offset = $at + max(1, strlen($whole));
            $quote = $given !== '' && ($given[0] === '"' || $given[0] === "'") ? $given[0] : '';
            $closed = $quote !== '' && strlen($given) > 1 && str_ends_with($given, $quote);
            $value = $quote === '' ? $given : substr($given, 1, $closed ? -1 : null);
            if ($value === Rules::REDACTED) {
                continue;
            }
            if ($kind === 'secret') {
                $masked = Rules::REDACTED;
            } elseif (preg_match('/^-?\d+(?:\.\d+)?$/', $value) === 1) {
                $number = str_contains($value, '.') ? (float) $value : self::integer($value);
                $masked = Mask::numberText(Mask::number($number));
            } else {
                $masked = Mask::identifierString($value);
            }
            if ($masked === $value) {
                continue;
            }
            $out .= substr($text, $from, $at - $from) . $name . $separator . $quote . $masked . ($closed ? $quote : '');
            $from = $at + strlen($whole);
        }
        return $from === 0 ? $text : $out . substr($text, $from);
    }

    private static function integer(string $digits): int|float
    {
        $value = ltrim($digits, '-0');
        $number = $value === '' ? 0 : (strlen($value) > 18 ? (float) $value : (int) $value);
        return str_starts_with($digits, '-') ? -$number : $number;
    }

    /**
     * A JSON value (as decoded, objects as stdClass) with protected fields, identifier-shaped
     * strings and carried values masked at any depth, keys included.
     */
    public function json(mixed $value): mixed
    {
        if (is_string($value)) {
            return $this->text($value);
        }
        if (is_int($value) || is_float($value)) {
            if ($this->echoes !== null && $this->echoes->in(Mask::numberText($value))) {
                $masked = Mask::number($value);
                return $masked == $value ? 0 : $masked;
            }
            return $value;
        }
        if (is_array($value) && array_is_list($value)) {
            return array_map(fn (mixed $item): mixed => $this->json($item), $value);
        }
        if (is_array($value) || $value instanceof \stdClass) {
            $out = [];
            foreach ((array) $value as $key => $member) {
                $out[$this->name((string) $key)] = $this->field((string) $key, $member);
            }
            return is_array($value) ? $out : (object) $out;
        }
        return $value;
    }

    /** The value of a field of this name, masked as the field and its contents require. */
    public function field(string $name, mixed $value): mixed
    {
        return match (Rules::classOf($name)) {
            'secret' => $this->secret($value),
            'identifier' => $this->identifier($value),
            default => $this->json($value),
        };
    }

    private function secret(mixed $value): mixed
    {
        if (is_string($value)) {
            return Rules::REDACTED;
        }
        if (is_int($value) || is_float($value)) {
            return 0;
        }
        return $this->members($value, fn (mixed $member): mixed => $this->secret($member));
    }

    private function identifier(mixed $value): mixed
    {
        if (is_string($value)) {
            return Mask::identifierString($value);
        }
        if (is_int($value) || is_float($value)) {
            return Mask::number($value);
        }
        return $this->members($value, fn (mixed $member): mixed => $this->identifier($member));
    }

    /** @param callable(mixed): mixed $each */
    private function members(mixed $value, callable $each): mixed
    {
        if (is_array($value) && array_is_list($value)) {
            return array_map($each, $value);
        }
        if (is_array($value) || $value instanceof \stdClass) {
            $out = [];
            foreach ((array) $value as $key => $member) {
                $out[$this->name((string) $key)] = $each($member);
            }
            return is_array($value) ? $out : (object) $out;
        }
        return $value;
    }

    /**
     * Header pairs with secret headers' values replaced and carried values masked in the
     * others' names and values. A name that held a carried value is renamed whole
     * (`redacted-header-1`, …): the rest of it beside a mask could still spell a short value.
     *
     * @param list<array{0: string, 1: string}> $headers
     * @return list<array{0: string, 1: string}>
     */
    public function headers(array $headers): array
    {
        $out = [];
        $renamed = 0;
        foreach ($headers as [$name, $value]) {
            $maskedName = $this->name($name);
            if ($maskedName !== $name) {
                $maskedName = 'redacted-header-' . (++$renamed);
            }
            $lower = strtolower($name);
            if (Rules::isSecretHeader($lower)) {
                $out[] = [$maskedName, Rules::REDACTED];
            } elseif (in_array($lower, Rules::URL_HEADERS, true)) {
                $out[] = [$maskedName, $this->url($value)];
            } else {
                $out[] = [$maskedName, $this->text($value)];
            }
        }
        return $out;
    }

    /** A URL with its origin kept (less any user and password) and the rest masked. */
    public function url(string $url): string
    {
        if (preg_match('~^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?[^/?#]*~', $url, $m) !== 1) {
            return $this->text($url);
        }
        $kept = (string) preg_replace('~//[^/?#@]*@~', '//', $m[0]);
        $rest = substr($url, strlen($m[0]));
        $masked = $this->text($rest);
        if ($rest !== '' && $rest[0] === '/' && ($masked === '' || $masked[0] !== '/')) {
            $masked = '/' . $masked;
        }
        return $kept . $masked;
    }

    /** A body: JSON first, then a form, else text (withheld whole when it names a protected field). */
    public function body(string $text, ?string $contentType = null): string
    {
        if ($text === '') {
            return $text;
        }
        $first = ltrim($text)[0] ?? '';
        if ($first === '{' || $first === '[' || $first === '"') {
            try {
                $parsed = json_decode($text, false, 512, JSON_THROW_ON_ERROR);
                $written = json_encode(
                    $this->json($parsed),
                    JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION,
                );
                $original = json_encode(
                    $parsed,
                    JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION,
                );
                if ($written !== false) {
                    return $written === $original ? $text : $written;
                }
            } catch (\JsonException) {
                // not JSON: read as text below
            }
        }
        if ($contentType !== null && preg_match('~^application/x-www-form-urlencoded\b~i', $contentType) === 1) {
            return $this->form($text);
        }
        if (
            self::namesProtectedField($text)
            || self::namesProtectedField((string) preg_replace('/[-_\s]/', '', $text))
        ) {
            return Rules::UNREADABLE_BODY;
        }
        return $this->text($text);
    }

    private function form(string $text): string
    {
        $pairs = [];
        foreach (explode('&', $text) as $pair) {
            $parts = explode('=', $pair, 2);
            $name = urldecode($parts[0]);
            $value = urldecode($parts[1] ?? '');
            $kind = Rules::classOf($name);
            $masked = match ($kind) {
                'secret' => Rules::REDACTED,
                'identifier' => Mask::identifierString($value),
                default => $this->text($value),
            };
            $pairs[] = urlencode($this->text($name)) . '=' . urlencode($masked);
        }
        return implode('&', $pairs);
    }

    private static function namesProtectedField(string $text): bool
    {
        $long = [];
        $short = [];
        foreach ([...Rules::SECRET_FIELDS, ...Rules::IDENTIFIER_FIELDS] as $name) {
            if (strlen($name) <= 3) {
                $short[] = preg_quote($name, '/');
            } else {
                $long[] = preg_quote($name, '/');
            }
        }
        return preg_match('/' . implode('|', $long) . '|\b(?:' . implode('|', $short) . ')\b/i', $text) === 1;
    }
}
