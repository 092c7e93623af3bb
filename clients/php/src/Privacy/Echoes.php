<?php

declare(strict_types=1);

namespace WalletApi\Privacy;

/**
 * The values one call carried (the API key, the signing secret, each signature sent, the
 * request's protected fields), found wherever a provider repeats them, in the forms of
 * docs/privacy.md: as sent, JSON-escaped, in every URL encoding and encoded twice, case
 * insensitive; an identifier through separators and without its leading zeros; a secret of
 * 8 characters or more in base64, base64url and hex.
 *
 * @internal
 */
final class Echoes
{
    /** The shortest secret also looked for in base64 and hex. */
    private const ENCODED_SECRET_LENGTH = 8;

    /** @var array<string, string> folded form => replacement, longest first */
    private array $exact = [];
    /** @var array<string, string> folded encoded form => replacement, longest first */
    private array $encoded = [];
    /** @var array<string, string> loose form (lower-case letters and digits) => replacement, longest first */
    private array $loose = [];
    /**
     * @var array<string, true> digit forms that are another's without its leading zeros: found only where they stand as
     * a number
     */
    private array $asNumbers = [];
    private ?string $exactPattern = null;
    private ?string $encodedPattern = null;

    /**
     * @param list<array{0: string, 1: string}> $carried each value with what replaces it
     */
    public function __construct(array $carried)
    {
        foreach ($carried as [$value, $replacement]) {
            if ($value === '') {
                continue;
            }
            foreach (self::variantsOf($value) as $variant) {
                $this->exact[self::fold($variant)] ??= $replacement;
            }
            if ($replacement === Rules::REDACTED && mb_strlen($value) >= self::ENCODED_SECRET_LENGTH) {
                foreach (self::encodedForms($value) as $form) {
                    $this->encoded[self::fold($form)] ??= Rules::REDACTED;
                }
            }
            foreach (self::looseForms($value) as $form) {
                $this->loose[$form] ??= $replacement;
            }
        }
        $byLength = static fn (string $a, string $b): int => strlen($b) <=> strlen($a);
        uksort($this->exact, $byLength);
        uksort($this->encoded, $byLength);
        uksort($this->loose, $byLength);
        $digits = array_values(array_filter(
            array_map('strval', array_keys($this->loose)),
            static fn (string $v): bool => ctype_digit($v),
        ));
        foreach ($digits as $value) {
            foreach ($digits as $padded) {
                if (
                    strlen($padded) > strlen($value)
                    && str_ends_with($padded, $value)
                    && trim(substr($padded, 0, -strlen($value)), '0') === ''
                ) {
                    $this->asNumbers[$value] = true;
                }
            }
        }
        $this->exactPattern = self::pattern(array_keys($this->exact));
        $this->encodedPattern = self::pattern(array_keys($this->encoded));
    }

    public function isEmpty(): bool
    {
        return $this->exact === [];
    }

    /** Whether the text holds any carried value. */
    public function in(string $text): bool
    {
        return $this->replace($text) !== $text;
    }

    /** The text with every carried value replaced by its replacement, leftmost first, the longest at one place. */
    public function replace(string $text): string
    {
        if ($text === '') {
            return $text;
        }
        $out = $this->replaceExact($text, $this->exactPattern, $this->exact);
        $out = $this->replaceExact($out, $this->encodedPattern, $this->encoded);
        if ($this->loose !== [] && preg_match('/[0-9]/', $out) === 1) {
            $out = $this->replaceLoose($out);
        }
        return $out;
    }

    /**
     * @param array<string, string> $replacements
     */
    private function replaceExact(string $text, ?string $pattern, array $replacements): string
    {
        if ($pattern === null) {
            return $text;
        }
        $unicode = preg_match('//u', $text) === 1;
        $replaced = preg_replace_callback(
            $pattern . ($unicode ? 'iu' : 'i'),
            static fn (array $m): string => $replacements[self::fold($m[0])] ?? Rules::REDACTED,
            $text,
        );
        return $replaced ?? $text;
    }

    /**
     * The loose values replaced in the text read without its separators, each replacement spanning the separators it
     * took in.
     */
    private function replaceLoose(string $text): string
    {
        [$squeezed, $origins] = self::squeeze($text);
        $out = '';
        $from = 0;
        $searchFrom = 0;
        while (true) {
            $at = -1;
            $hit = '';
            foreach ($this->loose as $value => $_) {
                $value = (string) $value;
                $index = $this->nextLoose($text, $squeezed, $origins, $value, $searchFrom);
                if ($index !== -1 && ($at === -1 || $index < $at)) {
                    $at = $index;
                    $hit = $value;
                }
            }
            if ($at === -1) {
                return $out . substr($text, $from);
            }
            $last = $at + strlen($hit) - 1;
            $out .= substr($text, $from, $origins[$at] - $from) . $this->loose[$hit];
            $from = $origins[$last] + 1;
            $searchFrom = $last + 1;
        }
    }

    /**
     * Where `value` next stands in the squeezed text from `from`: anywhere, or for a number
     * form only where, in the text itself, no letter or digit touches it.
     *
     * @param list<int> $origins
     */
    private function nextLoose(string $text, string $squeezed, array $origins, string $value, int $from): int
    {
        $index = strpos($squeezed, $value, $from);
        for (; $index !== false; $index = strpos($squeezed, $value, $index + 1)) {
            if (!isset($this->asNumbers[$value])) {
                return $index;
            }
            $start = $origins[$index];
            $end = $origins[$index + strlen($value) - 1];
            $before = $start > 0 ? $text[$start - 1] : '';
            $after = $end + 1 < strlen($text) ? $text[$end + 1] : '';
            if (!ctype_alnum($before) && !ctype_alnum($after)) {
                return $index;
            }
        }
        return -1;
    }

    /**
     * The text in lower case without the separators that stand alone between two ASCII
     * letters or digits (`%20` and a no-break space count as one), and where each byte of it
     * came from in the text.
     *
     * @return array{0: string, 1: list<int>}
     */
    private static function squeeze(string $text): array
    {
        $squeezed = '';
        $origins = [];
        $length = strlen($text);
        for ($index = 0; $index < $length; $index++) {
            $char = $text[$index];
            $width = 0;
            if (str_contains(" \t.-+", $char)) {
                $width = 1;
            } elseif ($char === "\xC2" && ($text[$index + 1] ?? '') === "\xA0") {
                $width = 2;
            } elseif ($char === '%' && substr($text, $index, 3) === '%20') {
                $width = 3;
            }
            if (
                $width > 0
                && $index > 0
                && ctype_alnum($text[$index - 1])
                && ctype_alnum($text[$index + $width] ?? '')
            ) {
                $index += $width - 1;
                continue;
            }
            $squeezed .= strtolower($char);
            $origins[] = $index;
        }
        return [$squeezed, $origins];
    }

    /**
     * The forms a value takes where it reappears: as is; escaped in JSON text; in a URL by
     * every common encoding (encodeURIComponent with a space as `%20` or `+`, with `!'()*~`
     * encoded too, a form's, encodeURI's) and each encoded twice (every `%` as `%25`, by
     * encodeURIComponent or alone).
     *
     * @return list<string>
     */
    public static function variantsOf(string $value): array
    {
        if (preg_match('/^[A-Za-z0-9._-]*$/', $value) === 1) {
            return [$value];
        }
        $variants = [$value => true];
        $component = strtr(
            rawurlencode($value),
            ['%21' => '!', '%27' => "'", '%28' => '(', '%29' => ')', '%2A' => '*'],
        );
        $strict = strtr(rawurlencode($value), ['~' => '%7E']);
        $form = strtr(urlencode($value), ['%2A' => '*']);
        $uri = strtr(
            $component,
            [
                '%3B' => ';',
                '%2C' => ',',
                '%2F' => '/',
                '%3F' => '?',
                '%3A' => ':',
                '%40' => '@',
                '%26' => '&',
                '%3D' => '=',
                '%2B' => '+',
                '%24' => '$',
                '%23' => '#',
            ],
        );
        $once = [
            $component,
            str_replace('%20', '+', $component),
            $strict,
            str_replace('%20', '+', $strict),
            $form,
            $uri,
        ];
        foreach ($once as $encoded) {
            $variants[$encoded] = true;
        }
        // Encoded twice: the form through encodeURIComponent again, or only each `%` as `%25` (a `+` left as it was).
        foreach ($once as $encoded) {
            if ($encoded !== $value) {
                $variants[strtr(
                    rawurlencode($encoded),
                    ['%21' => '!', '%27' => "'", '%28' => '(', '%29' => ')', '%2A' => '*'],
                )] = true;
                if (str_contains($encoded, '%')) {
                    $variants[str_replace('%', '%25', $encoded)] = true;
                }
            }
        }
        foreach ([JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE, 0] as $flags) {
            $json = json_encode($value, $flags);
            if ($json !== false) {
                $variants[substr($json, 1, -1)] = true;
            }
        }
        return array_map('strval', array_keys($variants));
    }

    /**
     * An identifier's forms found whatever separators its echo has: its letters and digits in
     * lower case when, less its separators, it is ASCII letters and digits, at least half of
     * them digits, at most 34; without its leading zeros too when it is all digits.
     *
     * @return list<string>
     */
    public static function looseForms(string $value): array
    {
        $normal = str_replace(["\xC2\xA0", ' ', "\t", '.', '-', '+'], '', $value);
        if ($normal === '' || !ctype_alnum($normal)) {
            return [];
        }
        $normal = strtolower($normal);
        $digits = strlen((string) preg_replace('/[^0-9]/', '', $normal));
        if (strlen($normal) > 34 || $digits * 2 < strlen($normal)) {
            return [];
        }
        if ($digits < strlen($normal)) {
            return [$normal];
        }
        $unpadded = ltrim($normal, '0');
        $unpadded = $unpadded === '' ? '0' : $unpadded;
        return $unpadded === $normal ? [$normal] : [$normal, $unpadded];
    }

    /**
     * A secret's forms in the encodings credentials are shown in: its UTF-8 bytes in base64
     * (without padding), base64url and hex; and when it is hex or base64 itself (a
     * signature), its bytes in the others.
     *
     * @return list<string>
     */
    public static function encodedForms(string $secret): array
    {
        if (mb_strlen($secret) < self::ENCODED_SECRET_LENGTH) {
            return [];
        }
        $forms = self::encodings($secret);
        if (preg_match('/^(?:[0-9a-fA-F]{2})+$/', $secret) === 1) {
            $forms = [...$forms, ...self::encodings((string) hex2bin($secret))];
        } elseif (
            strlen($secret) >= 40
            && preg_match('/^[A-Za-z0-9+\/_-]+={0,2}$/', $secret) === 1
            && strlen(rtrim($secret, '=')) % 4 !== 1
        ) {
            $decoded = base64_decode(strtr(rtrim($secret, '='), '-_', '+/'), false);
            if ($decoded !== false) {
                $forms = [...$forms, ...self::encodings($decoded)];
            }
        }
        return array_values(array_unique(array_filter($forms, static fn (string $form): bool => $form !== $secret)));
    }

    /** @return list<string> */
    private static function encodings(string $bytes): array
    {
        $base64 = rtrim(base64_encode($bytes), '=');
        return [$base64, strtr($base64, '+/', '-_'), bin2hex($bytes)];
    }

    /** Lower case, the final sigma as any other. */
    private static function fold(string $text): string
    {
        $lower = preg_match('//u', $text) === 1 ? mb_strtolower($text, 'UTF-8') : strtolower($text);
        return str_replace('ς', 'σ', $lower);
    }

    /** @param list<int|string> $forms */
    private static function pattern(array $forms): ?string
    {
        $quoted = [];
        foreach ($forms as $form) {
            $form = (string) $form;
            if ($form !== '') {
                $quoted[] = preg_quote($form, '/');
            }
        }
        return $quoted === [] ? null : '/' . implode('|', $quoted) . '/';
    }
}
