<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/**
 * The answer is not the envelope (not JSON, empty, another shape, data unlike the spec's), a
 * redirect (never followed), or over the size cap. getBody() is masked; rawBody() gives it as
 * received.
 */
final class InvalidResponseException extends WalletApiException
{
    /**
     * @param string $reason why the answer was refused (the client's words)
     * @param string|null $body the body read, masked; null when it was not read
     */
    public function __construct(
        string $message,
        string $operation,
        ?int $httpStatus,
        ?string $retryAfter,
        private readonly string $reason,
        private readonly ?string $body,
        ?string $rawBody,
    ) {
        parent::__construct($message, $operation, $httpStatus, $retryAfter);
        $this->keepRaw('body', $rawBody);
    }

    public function getKind(): string
    {
        return 'invalid-response';
    }

    public function getReason(): string
    {
        return $this->reason;
    }

    /** The body read, masked; null when it was not read (over the cap, a redirect's). */
    public function getBody(): ?string
    {
        return $this->body;
    }

    /** The body exactly as received. Raw: never log it. */
    public function rawBody(): ?string
    {
        $body = $this->raw('body');
        return is_string($body) ? $body : null;
    }

    protected function maskedFields(): array
    {
        return ['reason' => $this->reason, 'body' => $this->body];
    }

    protected function restoreMaskedFields(array $data): void
    {
        $this->reason = is_string($data['reason'] ?? null) ? $data['reason'] : '';
        $this->body = is_string($data['body'] ?? null) ? $data['body'] : null;
    }
}
