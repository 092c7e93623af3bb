<?php

declare(strict_types=1);

namespace WalletApi;

use WalletApi\Exception\ConfigurationException;

/**
 * The default signer: HMAC-SHA256 of the canonical string keyed by the secret, as lower-case
 * hex. The provider has not published its signature algorithm; this is what the local
 * sandbox verifies. Confirm the real scheme before using staging or production.
 *
 * The secret stays out of var_dump, print_r, var_export, json_encode and serialize.
 */
final class HmacSha256Signer implements Signer, \JsonSerializable
{
    /** @var \WeakMap<HmacSha256Signer, string>|null the secrets, kept off the object's properties */
    private static ?\WeakMap $secrets = null;

    public function __construct(#[\SensitiveParameter] string $secret)
    {
        if ($secret === '') {
            throw new ConfigurationException('signer: the secret of HmacSha256Signer is empty');
        }
        self::$secrets ??= new \WeakMap();
        self::$secrets[$this] = $secret;
    }

    public function sign(SignatureInput $input): string
    {
        return hash_hmac(
            'sha256',
            $input->timestamp . "\n" . $input->method . "\n" . $input->pathWithQuery . "\n" . $input->body,
            $this->secret(),
        );
    }

    /** @internal the secret, for the client's privacy policy (masked wherever a provider echoes it) */
    public function secret(): string
    {
        return self::$secrets[$this] ?? '';
    }

    /** @return array<string, string> */
    public function __debugInfo(): array
    {
        return ['secret' => '[redacted]'];
    }

    /** @return array<string, string> */
    public function jsonSerialize(): array
    {
        return ['signer' => 'hmacSha256'];
    }

    /** @return array<string, string> */
    public function __serialize(): array
    {
        throw new \LogicException('HmacSha256Signer is not serialisable: it holds the signing secret');
    }
}
