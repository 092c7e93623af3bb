<?php

declare(strict_types=1);

namespace WalletApi\Privacy;

/**
 * What the privacy policy protects, as data (docs/privacy.md is the one statement; the
 * TypeScript kit's packages/sdk/src/privacy/rules.ts holds the same lists).
 *
 * @internal
 */
final class Rules
{
    /** What replaces a secret: neither its value, its length nor a digest is kept. */
    public const REDACTED = '[redacted]';

    /** What replaces a body that is neither JSON nor a form and names a protected field. */
    public const UNREADABLE_BODY = '[redacted: a body that is neither JSON nor a form names a protected field]';

    /** Headers whose values are secret, in requests and in answers. */
    public const SECRET_HEADERS = [
        'x-api-key',
        'x-signature',
        'authorization',
        'proxy-authorization',
        'cookie',
        'set-cookie',
    ];

    /** Fields whose values are secrets (normalised names); a name ending in one is one too. */
    public const SECRET_FIELDS = [
        'password', 'passwd', 'passcode', 'passphrase', 'pin', 'otp', 'cvv', 'cvc', 'secret', 'apikey',
        'accesstoken', 'refreshtoken', 'authtoken', 'privatekey', 'mnemonic', 'seedphrase',
    ];

    /** Fields whose values are personal identifiers (normalised names), masked to their shape. */
    public const IDENTIFIER_FIELDS = [
        'accountnumber', 'accountno', 'accountname', 'iban', 'bankcode', 'bvn', 'address', 'destination',
        'email', 'phone', 'phonenumber',
    ];

    /** Wallet addresses by their shape: EVM, bech32 (either case), Tron. Solana's is BASE58_RUN. */
    public const ADDRESS_SOURCES = [
        '0x[0-9a-fA-F]{40}',
        '(?:bc1|tb1)[02-9ac-hj-np-z]{11,87}',
        '(?:BC1|TB1)[02-9AC-HJ-NP-Z]{11,87}',
        'T[1-9A-HJ-NP-Za-km-z]{33}',
    ];

    public const BASE58_RUN = '[1-9A-HJ-NP-Za-km-z]{32,44}';

    /** Headers whose value is a URL. */
    public const URL_HEADERS = ['location', 'content-location', 'referer', 'link'];

    /** A name as the policy compares it: lower case, without `-`, `_`, `.` or white space. */
    public static function normaliseName(string $name): string
    {
        return (string) preg_replace('/[-_.\s]/', '', strtolower($name));
    }

    /** 'secret', 'identifier' or null: what a field of this name holds. */
    public static function classOf(string $name): ?string
    {
        $normal = self::normaliseName($name);
        foreach (self::SECRET_FIELDS as $secret) {
            if (str_ends_with($normal, $secret)) {
                return 'secret';
            }
        }
        foreach (self::IDENTIFIER_FIELDS as $identifier) {
            if (str_ends_with($normal, $identifier)) {
                return 'identifier';
            }
        }
        return null;
    }

    public static function isSecretHeader(string $name): bool
    {
        return in_array(strtolower($name), self::SECRET_HEADERS, true);
    }

    /**
     * Whether a run of 32 to 44 base58 characters is taken for a Solana address: it holds a
     * digit, or a quarter of its letters in each case.
     */
    public static function solanaShaped(string $run): bool
    {
        if (preg_match('/[1-9]/', $run) === 1) {
            return true;
        }
        $upper = strlen((string) preg_replace('/[^A-Z]/', '', $run));
        return $upper >= strlen($run) / 4 && strlen($run) - $upper >= strlen($run) / 4;
    }
}
