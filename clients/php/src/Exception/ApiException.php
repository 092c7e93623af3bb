<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/**
 * The provider answered with the error envelope (any status but a 3xx, a 200 with status
 * "error" included). getApiMessage(), getEnvelope() and getHeaders() are masked;
 * rawEnvelope() and rawHeaders() give them as sent.
 */
final class ApiException extends WalletApiException
{
    /**
     * @param string $apiMessage the envelope's message, masked
     * @param mixed $envelope the envelope, masked
     * @param list<array{0: string, 1: string}> $headers the answer's headers, masked
     * @param mixed $rawEnvelope the envelope as sent
     * @param list<array{0: string, 1: string}> $rawHeaders the headers as sent
     */
    public function __construct(
        string $message,
        string $operation,
        int $httpStatus,
        ?string $retryAfter,
        private readonly string $apiMessage,
        private readonly mixed $envelope,
        private readonly array $headers,
        mixed $rawEnvelope,
        array $rawHeaders,
    ) {
        parent::__construct($message, $operation, $httpStatus, $retryAfter);
        $this->keepRaw('envelope', $rawEnvelope);
        $this->keepRaw('headers', $rawHeaders);
    }

    public function getKind(): string
    {
        return 'api';
    }

    /** The provider's message, masked (the same as sent unless it quoted what the call carried). */
    public function getApiMessage(): string
    {
        return $this->apiMessage;
    }

    /** The error envelope, masked. */
    public function getEnvelope(): mixed
    {
        return $this->envelope;
    }

    /** @return list<array{0: string, 1: string}> the answer's headers as [name, value] pairs, masked */
    public function getHeaders(): array
    {
        return $this->headers;
    }

    /** The envelope exactly as the provider sent it. Raw: never log it. */
    public function rawEnvelope(): mixed
    {
        return $this->raw('envelope');
    }

    /** @return list<array{0: string, 1: string}> the headers exactly as sent. Raw: never log them. */
    public function rawHeaders(): array
    {
        $headers = $this->raw('headers');
        return is_array($headers) ? $headers : [];
    }

    protected function maskedFields(): array
    {
        return ['apiMessage' => $this->apiMessage, 'envelope' => $this->envelope, 'headers' => $this->headers];
    }

    protected function restoreMaskedFields(array $data): void
    {
        $this->apiMessage = is_string($data['apiMessage'] ?? null) ? $data['apiMessage'] : '';
        $this->envelope = $data['envelope'] ?? null;
        $this->headers = is_array($data['headers'] ?? null) ? $data['headers'] : [];
    }
}
