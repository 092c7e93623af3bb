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

    /** The variables fromEnv reads: the same four in every client of this API (docs/configuration.md). */
    public const ENV_ENVIRONMENT = 'WALLET_API_ENVIRONMENT';
    public const ENV_BASE_URL = 'WALLET_API_BASE_URL';
    public const ENV_API_KEY = 'WALLET_API_KEY';
    public const ENV_SIGNING_SECRET = 'WALLET_API_SIGNING_SECRET';

    /**
     * The client with every connection option not given taken from the environment:
     * environment from WALLET_API_ENVIRONMENT, baseUrl from WALLET_API_BASE_URL, apiKey from
     * WALLET_API_KEY and, when no signer is given, a HmacSha256Signer of
     * WALLET_API_SIGNING_SECRET. A named argument wins over its variable, one by one; a variable
     * set to the empty string counts as not set. The other options are the constructor's.
     *
     *     $client = WalletApiClient::fromEnv(timeoutMs: 10_000);
     *
     * A value needed and found nowhere, or a variable's value refused, is a
     * ConfigurationException naming the variable, never quoting its value.
     *
     * A named constructor rather than the constructor's defaults: the constructor stays the
     * explicit form a framework's container fills from its own configuration, where a stray
     * variable of the process must not slip in; calling fromEnv says where the values come from.
     */
    public static function fromEnv(
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
    ): self {
        $environmentFromVariable = $environment === null || $environment === '';
        if ($environmentFromVariable) {
            $environment = Environment::tryFrom(self::variable(self::ENV_ENVIRONMENT, 'environment'));
            if ($environment === null) {
                throw new ConfigurationException(
                    self::ENV_ENVIRONMENT . ' must be one of "staging", "production", "custom"'
                );
            }
        }
        $environment = self::environment($environment);
        $baseUrlFromVariable = $baseUrl === null || $baseUrl === '';
        if ($baseUrlFromVariable) {
            $baseUrl = self::variable(self::ENV_BASE_URL, 'baseUrl');
        }
        if ($environmentFromVariable || $baseUrlFromVariable) {
            // Checked here so that the error names the variables the value depends on.
            self::baseUrl(
                $environment,
                $baseUrl,
                $baseUrlFromVariable ? self::ENV_BASE_URL : 'baseUrl',
                $environmentFromVariable ? ' (' . self::ENV_ENVIRONMENT . ')' : '',
            );
        }
        if ($apiKey === null || $apiKey === '') {
            $apiKey = self::variable(self::ENV_API_KEY, 'apiKey');
            if (trim($apiKey) === '' || !Caller::isHeaderValue($apiKey)) {
                throw new ConfigurationException(
                    self::ENV_API_KEY . ' is not a valid HTTP header value (' . Caller::HEADER_VALUE_RULE . ')'
                );
            }
        }
        $signer ??= new HmacSha256Signer(self::variable(self::ENV_SIGNING_SECRET, 'signer'));
        return new self(
            $environment,
            $baseUrl,
            $apiKey,
            $signer,
            $timeoutMs,
            $maxResponseBytes,
            $retry,
            $transport,
            $logger,
            $userAgent,
        );
    }

    /** The variable's value; not set, or set to the empty string, is an error naming it. */
    private static function variable(string $name, string $option): string
    {
        $value = getenv($name);
        if ($value === false || $value === '') {
            throw new ConfigurationException("$name is not set and no $option was given");
        }
        return $value;
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

    /**
     * @param string $name what errors call the base URL: the option or the variable it came from
     * @param string $source after the environment's name, the variable it came from, if any
     */
    private static function baseUrl(
        Environment $environment,
        ?string $baseUrl,
        string $name = 'baseUrl',
        string $source = '',
    ): string {
        $of = "the {$environment->value} environment$source";
        if ($baseUrl === null || $baseUrl === '') {
            throw new ConfigurationException("$name is required for $of");
        }
        $parts = parse_url($baseUrl);
        if (
            $parts === false
            || !isset($parts['scheme'], $parts['host'])
            || preg_match('/[\s\x00-\x1f\x7f]/', $baseUrl) === 1
        ) {
            throw new ConfigurationException("$name of $of must be an absolute URL");
        }
        if (isset($parts['user']) || isset($parts['pass'])) {
            throw new ConfigurationException("$name must not contain credentials");
        }
        if (
            isset($parts['query'])
            || isset($parts['fragment'])
            || str_contains($baseUrl, '?')
            || str_contains($baseUrl, '#')
        ) {
            throw new ConfigurationException("$name must not contain a query or fragment");
        }
        $scheme = strtolower($parts['scheme']);
        if ($environment === Environment::Custom) {
            if ($scheme !== 'http' && $scheme !== 'https') {
                throw new ConfigurationException("$name of $of must use http or https");
            }
        } elseif ($scheme !== 'https') {
            throw new ConfigurationException("$name of $of must use https");
        }
        return rtrim($baseUrl, '/');
    }
}
