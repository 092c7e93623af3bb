<?php

declare(strict_types=1);

namespace WalletApi\Internal;

use WalletApi\Exception\AbortedException;
use WalletApi\Exception\ApiException;
use WalletApi\Exception\ConfigurationException;
use WalletApi\Exception\InvalidResponseException;
use WalletApi\Exception\NetworkException;
use WalletApi\Exception\SigningException;
use WalletApi\Exception\TimeoutException;
use WalletApi\Exception\WalletApiException;
use WalletApi\Generated\OperationTable;
use WalletApi\HmacSha256Signer;
use WalletApi\Privacy\Policy;
use WalletApi\RawResponse;
use WalletApi\RequestOptions;
use WalletApi\RetryPolicy;
use WalletApi\SignatureInput;
use WalletApi\Signer;
use WalletApi\Transport\Transport;
use WalletApi\Transport\TransportFailure;
use WalletApi\Transport\TransportRequest;
use WalletApi\Transport\TransportResponse;

/**
 * One call from its arguments to the envelope's data: the request built as the spec says,
 * signed over the exact bytes with a distinct x-timestamp per attempt, sent, retried (GETs
 * only, when asked), its answer checked (the HTTP status and the envelope's status both), and
 * every failure made into the client's exception, masked with what the call carried.
 *
 * @internal
 */
final class Caller
{
    public function __construct(
        private readonly string $baseUrl,
        private readonly Secret $apiKey,
        private readonly Signer $signer,
        private readonly Transport $transport,
        private readonly int $timeoutMs,
        private readonly int $maxResponseBytes,
        private readonly ?RetryPolicy $retry,
        private readonly string $userAgent,
        private readonly ?object $logger,
    ) {
    }

    /**
     * Calls an operation of the spec (OperationTable) with its arguments by name; null ones
     * are not sent.
     *
     * @param array<string, mixed> $arguments
     */
    public function call(string $operationId, array $arguments, ?RequestOptions $options): RawResponse
    {
        $operation = OperationTable::OPERATIONS[$operationId];
        $name = $operation['method'] . ' ' . $operation['path'];
        $path = $operation['path'];
        foreach ($operation['pathParameters'] as $parameter) {
            $path = str_replace('{' . $parameter . '}', rawurlencode(self::scalar($arguments[$parameter])), $path);
        }
        $query = [];
        foreach ($operation['queryParameters'] as $parameter) {
            if (($arguments[$parameter] ?? null) !== null) {
                $query[] = rawurlencode($parameter) . '=' . rawurlencode(self::scalar($arguments[$parameter]));
            }
        }
        $queryString = implode('&', $query);
        $body = null;
        $fields = null;
        if ($operation['bodyFields'] !== []) {
            $fields = [];
            foreach ($operation['bodyFields'] as $field) {
                if (($arguments[$field] ?? null) !== null) {
                    $fields[$field] = $arguments[$field];
                }
            }
            try {
                $body = json_encode(
                    (object) $fields,
                    JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR,
                );
            } catch (\JsonException) {
                throw new ConfigurationException(
                    "$name was not sent: an argument is not valid UTF-8 text, so the body cannot be JSON",
                    $name,
                );
            }
        }
        $secret = $this->signer instanceof HmacSha256Signer ? $this->signer->secret() : null;
        $call = new CallState(
            $name,
            Policy::carriedByCall($this->apiKey->reveal(), $secret, [], $fields, $queryString),
        );

        $retry = null;
        if ($operation['method'] === 'GET') {
            $retry = $options?->retry === false ? null : ($options?->retry ?? $this->retry);
        }
        $prefix = (string) parse_url($this->baseUrl, PHP_URL_PATH);
        $pathWithQuery = $prefix . $path . ($queryString === '' ? '' : '?' . $queryString);
        $url = $this->baseUrl . $path . ($queryString === '' ? '' : '?' . $queryString);
        $timeoutMs = $options?->timeoutMs ?? $this->timeoutMs;
        $attempts = $retry?->attempts ?? 1;
        for ($attempt = 1;; $attempt++) {
            $started = hrtime(true);
            $input = new SignatureInput(
                $operation['method'],
                $pathWithQuery,
                $body ?? '',
                Timestamps::next(),
                $this->apiKey->reveal(),
            );
            $signature = $this->sign($input, $call, $timeoutMs, $started);
            $headers = [
                ['x-api-key', $input->apiKey],
                ['x-timestamp', $input->timestamp],
                ['x-signature', $signature],
                ['user-agent', $this->userAgent],
                ['accept', 'application/json'],
            ];
            if ($body !== null) {
                $headers[] = ['content-type', 'application/json'];
            }
            $left = $timeoutMs - intdiv(hrtime(true) - $started, 1_000_000);
            $request = new TransportRequest(
                $operation['method'],
                $url,
                $headers,
                $body,
                max(1, $left),
                $this->maxResponseBytes,
                $options?->cancellation,
            );
            try {
                $response = $this->transport->send($request);
            } catch (TransportFailure $failure) {
                $error = $this->failed($failure, $call, $timeoutMs);
                $this->logAttempt($name, $attempt, $started, $error->getKind());
                $retryable = $retry !== null && $attempt < $attempts && !$failure->afterHeaders
                    && in_array($failure->failure, [TransportFailure::NETWORK, TransportFailure::TIMEOUT], true);
                if (!$retryable) {
                    throw $this->logged($error);
                }
                $this->pause($retry->backoffMs($attempt), $name, $attempt, $error->getKind(), $call, $options);
                continue;
            } catch (WalletApiException $error) {
                throw $this->logged($error);
            } catch (\Throwable) {
                throw $this->logged(new NetworkException(
                    "$name failed before an answer arrived: the transport threw"
                    . ' (what it threw is withheld because it may quote the request)',
                    $name,
                ));
            }
            $this->logAttempt($name, $attempt, $started, (string) $response->status);
            if ($retry !== null && $attempt < $attempts && in_array($response->status, $retry->statuses, true)) {
                $wait = self::retryAfterMs($response, $retry->maxDelayMs) ?? $retry->backoffMs($attempt);
                $this->pause($wait, $name, $attempt, 'status ' . $response->status, $call, $options);
                continue;
            }
            try {
                return $this->read($response, $call);
            } catch (WalletApiException $error) {
                throw $this->logged($error);
            }
        }
    }

    /**
     * The typed data of a success, read by `read`; data unlike the spec's is an invalid response.
     *
     * @template T
     * @param callable(mixed): T $read
     * @return T
     */
    public function decode(RawResponse $answer, string $operationId, string $schema, callable $read): mixed
    {
        try {
            return $read($answer->data);
        } catch (ModelDataException $mismatch) {
            $operation = OperationTable::OPERATIONS[$operationId];
            $name = $operation['method'] . ' ' . $operation['path'];
            $reason = "data that is not the $schema the spec describes (" . $mismatch->getMessage() . ')';
            throw $this->logged(new InvalidResponseException(
                "$name answered HTTP {$answer->status} with $reason",
                $name,
                $answer->status,
                null,
                $reason,
                null,
                null,
            ));
        }
    }

    private function sign(SignatureInput $input, CallState $call, int $timeoutMs, int $started): string
    {
        $notSent = "{$call->name} was not sent: ";
        try {
            $signature = $this->signer->sign($input);
        } catch (\Throwable $error) {
            // Never chained nor quoted: a signer's exception may hold the secret.
            throw $this->logged(new SigningException(
                $notSent . 'the signer threw ' . get_class($error)
                    . ' (its message is withheld because it may contain secrets)',
                $call->name,
            ));
        }
        if ($signature === '') {
            throw $this->logged(new SigningException($notSent . 'the signer returned an empty signature', $call->name));
        }
        if (!self::isHeaderValue($signature)) {
            throw $this->logged(new SigningException(
                $notSent . 'the signer returned a signature that is not a valid HTTP header value ('
                    . self::HEADER_VALUE_RULE . '; the value is withheld)',
                $call->name,
            ));
        }
        $call->carry($signature);
        if (hrtime(true) - $started >= $timeoutMs * 1_000_000) {
            throw $this->logged(new TimeoutException(
                "{$call->name} timed out after $timeoutMs ms (while signing)",
                $call->name,
            ));
        }
        return $signature;
    }

    /** The answer's verdict: the success envelope's data, or the exception it makes. */
    private function read(TransportResponse $response, CallState $call): RawResponse
    {
        $status = $response->status;
        $name = $call->name;
        $retryAfter = $response->header('retry-after');
        $invalid = function (
            string $reason,
            bool $withBody = true,
        ) use (
            $response,
            $call,
            $status,
            $name,
            $retryAfter
): InvalidResponseException {
            $policy = $call->policy();
            $masked = $policy->text($reason);
            return new InvalidResponseException(
                "$name answered HTTP $status $masked",
                $name,
                $status,
                $retryAfter === null ? null : $policy->text($retryAfter),
                $masked,
                $withBody ? $policy->body($response->body, $response->header('content-type')) : null,
                $response->body,
            );
        };
        // A redirect is never followed: credentials are never replayed elsewhere.
        if ($status >= 300 && $status < 400) {
            throw $invalid('(a redirect, which the client never follows)');
        }
        if (trim($response->body) === '') {
            throw $invalid('with an empty body');
        }
        try {
            $envelope = json_decode($response->body, false, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            throw $invalid(
                $error->getCode() === JSON_ERROR_UTF8
                    ? 'with a body that is not UTF-8'
                    : 'with a body that is not JSON'
            );
        }
        if (
            !$envelope instanceof \stdClass
            || !is_string($envelope->status ?? null)
            || !is_string($envelope->message ?? null)
            || !property_exists($envelope, 'data')
        ) {
            throw $invalid('with JSON that is not the {status, message, data} envelope');
        }
        if ($status >= 200 && $status < 300 && $envelope->status === 'success') {
            return new RawResponse($status, $response->headers, $envelope, $envelope->data);
        }
        if ($envelope->status !== 'success' && $envelope->status !== 'error') {
            throw $invalid('with an unknown envelope status');
        }
        $policy = $call->policy();
        $message = $policy->text($envelope->message);
        throw new ApiException(
            "$name failed with HTTP $status: $message",
            $name,
            $status,
            $retryAfter === null ? null : $policy->text($retryAfter),
            $message,
            $policy->json($envelope),
            $policy->headers($response->headers),
            $envelope,
            $response->headers,
        );
    }

    private function failed(TransportFailure $failure, CallState $call, int $timeoutMs): WalletApiException
    {
        $name = $call->name;
        $policy = $call->policy();
        $reason = $policy->text($failure->getMessage());
        return match ($failure->failure) {
            TransportFailure::ABORTED => new AbortedException(
                "$name was aborted by the caller",
                $name,
                $failure->status,
            ),
            TransportFailure::TIMEOUT => new TimeoutException(
                "$name timed out after $timeoutMs ms",
                $name,
                $failure->status,
            ),
            TransportFailure::TOO_LARGE => new InvalidResponseException(
                "$name answered HTTP {$failure->status} with a body over the client's limit"
                    . " of {$this->maxResponseBytes} bytes (maxResponseBytes)",
                $name,
                $failure->status,
                null,
                "a body over the client's limit of {$this->maxResponseBytes} bytes",
                null,
                null,
            ),
            default => new NetworkException(
                $failure->afterHeaders
                    ? "$name failed while its answer was read: $reason"
                    : "$name failed before an answer arrived: $reason",
                $name,
                $failure->afterHeaders ? $failure->status : null,
            ),
        };
    }

    /** Waits before the next attempt; a cancellation ends the call during the wait too. */
    private function pause(
        int $waitMs,
        string $name,
        int $attempt,
        string $reason,
        CallState $call,
        ?RequestOptions $options,
    ): void {
        $this->log(
            'wallet-api retry',
            ['operation' => $name, 'attempt' => $attempt, 'waitMs' => $waitMs, 'reason' => $reason],
        );
        $until = hrtime(true) + $waitMs * 1_000_000;
        $cancellation = $options?->cancellation;
        while (($left = $until - hrtime(true)) > 0) {
            if ($cancellation?->isCancelled()) {
                throw $this->logged(new AbortedException("$name was aborted by the caller", $name));
            }
            usleep((int) min($left / 1000, $cancellation === null ? PHP_INT_MAX : 10_000));
        }
        if ($cancellation?->isCancelled()) {
            throw $this->logged(new AbortedException("$name was aborted by the caller", $name));
        }
    }

    /**
     * The Retry-After of a 429 or 503 in ms, capped by maxDelayMs: ASCII digits (seconds) or
     * an HTTP date. Null when there is none or it is neither: the backoff applies.
     */
    public static function retryAfterMs(TransportResponse $response, int $maxDelayMs): ?int
    {
        if ($response->status !== 429 && $response->status !== 503) {
            return null;
        }
        $value = $response->header('retry-after');
        if ($value === null) {
            return null;
        }
        if (preg_match('/^[0-9]+$/D', $value) === 1) {
            return strlen(ltrim($value, '0')) > 9 ? $maxDelayMs : min((int) $value * 1000, $maxDelayMs);
        }
        foreach (['D, d M Y H:i:s \G\M\T', 'l, d-M-y H:i:s \G\M\T', 'D M j H:i:s Y'] as $format) {
            $at = \DateTimeImmutable::createFromFormat('!' . $format, $value, new \DateTimeZone('UTC'));
            if ($at !== false && $at->format($format) === $value) {
                $waitMs = (int) round(((float) $at->format('U.u') - microtime(true)) * 1000);
                return max(0, min($waitMs, $maxDelayMs));
            }
        }
        return null;
    }

    public const HEADER_VALUE_RULE = 'visible ASCII or Latin-1 characters with spaces or tabs only between them:'
        . ' no line breaks, NUL or other control characters, no leading or trailing whitespace';

    public static function isHeaderValue(string $value): bool
    {
        return $value !== '' && preg_match(
            '/^[^\x00-\x20\x7f](?:[^\x00-\x08\x0a-\x1f\x7f]*[^\x00-\x20\x7f])?$/D',
            $value,
        ) === 1;
    }

    private static function scalar(mixed $value): string
    {
        return match (true) {
            is_string($value) => $value,
            is_int($value) => (string) $value,
            is_float($value) => \WalletApi\Privacy\Mask::numberText($value),
            is_bool($value) => $value ? 'true' : 'false',
            default => '',
        };
    }

    private function logAttempt(string $name, int $attempt, int $started, string $outcome): void
    {
        $this->log(
            'wallet-api attempt',
            [
                'operation' => $name,
                'attempt' => $attempt,
                'elapsedMs' => intdiv(hrtime(true) - $started, 1_000_000),
                'outcome' => $outcome,
            ],
        );
    }

    /** Logs a failed call (its masked message and kind) before it is thrown. */
    private function logged(WalletApiException $error): WalletApiException
    {
        $this->log(
            'wallet-api call failed: ' . $error->getMessage(),
            ['operation' => $error->getOperation(), 'kind' => $error->getKind(), 'exception' => $error],
        );
        return $error;
    }

    /** @param array<string, mixed> $context */
    private function log(string $message, array $context): void
    {
        if ($this->logger !== null && is_callable([$this->logger, 'debug'])) {
            $this->logger->debug($message, $context);
        }
    }

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return [
            'baseUrl' => $this->baseUrl,
            'apiKey' => '[redacted]',
            'timeoutMs' => $this->timeoutMs,
            'maxResponseBytes' => $this->maxResponseBytes,
        ];
    }
}
