<?php

declare(strict_types=1);

namespace WalletApi;

use WalletApi\Exception\ConfigurationException;
use WalletApi\Generated\Operations;
use WalletApi\Internal\Caller;
use WalletApi\Internal\Secret;
use WalletApi\Transport\CurlTransport;
use WalletApi\Transport\Transport;

/**
 * The client of the Wallet, Payout and Swap API: one method per operation, named after its
 * operationId, each signing its request over the exact bytes sent, checking both the HTTP
 * status and the envelope's status, and returning the envelope's data as a model, or
 * throwing a WalletApiException of the failure's kind.
 *
 *     $client = new WalletApiClient(
 *         environment: Environment::Custom, // Staging or Production take the https address issued at onboarding
 *         baseUrl: 'http://127.0.0.1:4010',
 *         apiKey: getenv('WALLET_API_KEY'),
 *         signer: new HmacSha256Signer(getenv('WALLET_API_SIGNING_SECRET')),
 *     );
 *     $markets = $client->listMarkets();
 */
final class WalletApiClient
{
    use Operations;

    /** Bounds each attempt of a call, signing and reading the body included. */
    public const DEFAULT_TIMEOUT_MS = 30_000;

    /** The largest body read (after decompression): far above any answer of this API. */
    public const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

    private readonly Caller $caller;
    private readonly Environment $environment;
    private readonly string $baseUrl;

    /**
     * Every option is checked here; a wrong one is a ConfigurationException naming it (never
     * quoting a credential).
     *
     * @param Environment|string|null $environment staging, production or custom; nothing defaults to production
     * @param string|null $baseUrl the environment's address; https for staging and production
     * @param string|null $apiKey sent as x-api-key
     * @param Signer|null $signer computes x-signature, e.g. new HmacSha256Signer($secret)
     * @param int|null $timeoutMs bounds each attempt of a call (default 30 000)
     * @param int|null $maxResponseBytes the largest body read, after decompression (default 4 MiB)
     * @param RetryPolicy|null $retry the retry policy of GETs; null: no retry
     * @param Transport|null $transport sends the requests; null: a CurlTransport of the client's own
     * @param object|null $logger a PSR-3 logger (any object with debug($message, $context)): one line per attempt, per
     *     retry and per failure, never a credential
     * @param string|null $userAgent your product token(s), appended to the client's User-Agent
     */
    public function __construct(
        Environment|string|null $environment = null,
        ?string $baseUrl = null,
        #[\SensitiveParameter] ?string $apiKey = null,
        ?Signer $signer = null,
        ?int $timeoutMs = null,
        ?int $maxResponseBytes = null,
        ?RetryPolicy $retry = null,
        ?Transport $transport = null,
        ?object $logger = null,
        ?string $userAgent = null,
    ) {
        $this->environment = self::environment($environment);
        $this->baseUrl = self::baseUrl($this->environment, $baseUrl);
        if ($apiKey === null || trim($apiKey) === '') {
            throw new ConfigurationException('apiKey is required (a non-empty string)');
        }
        if (!Caller::isHeaderValue($apiKey)) {
            throw new ConfigurationException(
                'apiKey is not a valid HTTP header value (' . Caller::HEADER_VALUE_RULE . ')'
            );
        }
        if ($signer === null) {
            throw new ConfigurationException('signer is required: e.g. new HmacSha256Signer($secret)');
        }
        if ($timeoutMs !== null && $timeoutMs <= 0) {
            throw new ConfigurationException('timeoutMs must be a positive number of milliseconds');
        }
        if ($maxResponseBytes !== null && $maxResponseBytes <= 0) {
            throw new ConfigurationException('maxResponseBytes must be a positive number of bytes');
        }
        if ($userAgent !== null && !Caller::isHeaderValue($userAgent)) {
            throw new ConfigurationException(
                'userAgent must be a valid HTTP header value (' . Caller::HEADER_VALUE_RULE . ')'
            );
        }
        if ($logger !== null && !is_callable([$logger, 'debug'])) {
            throw new ConfigurationException(
                'logger must be a PSR-3 logger (an object with a debug($message, $context) method)'
            );
        }
        $agent = 'wallet-api-sdk-php/' . Version::SDK . ' php/' . PHP_VERSION;
        if ($userAgent !== null) {
            $agent .= ' ' . $userAgent;
        }
        $this->caller = new Caller(
            $this->baseUrl,
            new Secret($apiKey),
            $signer,
            $transport ?? new CurlTransport(),
            $timeoutMs ?? self::DEFAULT_TIMEOUT_MS,
            $maxResponseBytes ?? self::DEFAULT_MAX_RESPONSE_BYTES,
            $retry,
            $agent,
            $logger,
        );
    }

    /**
     * The same client whose methods return the answer as received: a RawResponse with the
     * status, the headers, the envelope, and the data as the model.
     */
    public function withRawResponse(): RawWalletApiClient
    {
        return new RawWalletApiClient($this->caller);
    }

    /**
     * Every transaction, page after page: `foreach ($client->paginateTransactions(limit: 50) as $transaction)`,
     * or `->pages()` for whole pages. Each iteration walks again from `page`.
     */
    public function paginateTransactions(
        ?int $limit = null,
        int $page = 1,
        ?int $maxPages = null,
        ?RequestOptions $options = null,
    ): TransactionPages {
        if ($limit !== null && $limit < 1) {
            throw new ConfigurationException('paginateTransactions: limit must be a positive whole number');
        }
        return new TransactionPages($this, $limit, $page, $maxPages, $options);
    }

    protected function caller(): Caller
    {
        return $this->caller;
    }

    /** @return array<string, string> what var_dump and print_r show: no credential */
    public function __debugInfo(): array
    {
        return ['environment' => $this->environment->value, 'baseUrl' => $this->baseUrl];
    }

    /** @return array<string, string> */
    public function __serialize(): array
    {
        throw new \LogicException('WalletApiClient is not serialisable: it holds credentials');
    }

    private static function environment(Environment|string|null $environment): Environment
    {
        if ($environment instanceof Environment) {
            return $environment;
        }
        if ($environment === null || $environment === '') {
            throw new ConfigurationException(
                'environment must be chosen explicitly: one of "staging", "production", "custom"'
            );
        }
        return Environment::tryFrom($environment)
            ?? throw new ConfigurationException('environment must be one of "staging", "production", "custom"');
    }

    private static function baseUrl(Environment $environment, ?string $baseUrl): string
    {
        $env = $environment->value;
        if ($baseUrl === null || $baseUrl === '') {
            throw new ConfigurationException("baseUrl is required for the $env environment");
        }
        $parts = parse_url($baseUrl);
        if (
            $parts === false
            || !isset($parts['scheme'], $parts['host'])
            || preg_match('/[\s\x00-\x1f\x7f]/', $baseUrl) === 1
        ) {
            throw new ConfigurationException("baseUrl of the $env environment must be an absolute URL");
        }
        if (isset($parts['user']) || isset($parts['pass'])) {
            throw new ConfigurationException('baseUrl must not contain credentials');
        }
        if (
            isset($parts['query'])
            || isset($parts['fragment'])
            || str_contains($baseUrl, '?')
            || str_contains($baseUrl, '#')
        ) {
            throw new ConfigurationException('baseUrl must not contain a query or fragment');
        }
        $scheme = strtolower($parts['scheme']);
        if ($environment === Environment::Custom) {
            if ($scheme !== 'http' && $scheme !== 'https') {
                throw new ConfigurationException('baseUrl of the custom environment must use http or https');
            }
        } elseif ($scheme !== 'https') {
            throw new ConfigurationException("baseUrl of the $env environment must use https");
        }
        return rtrim($baseUrl, '/');
    }
}
