<?php

declare(strict_types=1);

namespace WalletApi\Exception;

/**
 * Every exception the client throws. Its renderings (getMessage(), __toString(), var_dump,
 * print_r, var_export, json_encode, serialize, getTraceAsString(), a PSR-3 log line) never
 * hold the API key, the signing secret, a signature or what the request carried in a
 * protected field (password, accountNumber, …), whatever the provider echoed: everything in
 * it that came from outside the client is masked before it is made, and its trace keeps no
 * arguments. What the provider sent, as sent, is only reachable through the methods named
 * raw…(), which the client never logs.
 */
abstract class WalletApiException extends \RuntimeException implements \JsonSerializable
{
    /**
     * Raw values (the provider's words as sent), kept off the object's properties so that no
     * dump of the object can reach them.
     *
     * @var \WeakMap<WalletApiException, array<string, mixed>>|null
     */
    private static ?\WeakMap $raw = null;

    /**
     * @param string $message already masked
     * @param string|null $operation "METHOD /path/template" of the call ("POST /api/v1/swaps")
     * @param int|null $httpStatus the answer's status, null when there was none
     * @param string|null $retryAfter the answer's Retry-After header, masked
     */
    public function __construct(
        string $message,
        private readonly ?string $operation = null,
        private readonly ?int $httpStatus = null,
        private readonly ?string $retryAfter = null,
    ) {
        parent::__construct($message);
        self::withoutTraceArguments($this);
    }

    /** What went wrong: api, invalid-response, network, timeout, aborted, signing or configuration. */
    abstract public function getKind(): string;

    /** "METHOD /path/template" of the failed call; null for an error of the constructor. */
    public function getOperation(): ?string
    {
        return $this->operation;
    }

    /** The answer's HTTP status; null when no answer was read. */
    public function getHttpStatus(): ?int
    {
        return $this->httpStatus;
    }

    /** The answer's Retry-After header (masked like every value from outside), when it had one. */
    public function getRetryAfter(): ?string
    {
        return $this->retryAfter;
    }

    /** @return array<string, mixed> masked fields, for json_encode */
    public function jsonSerialize(): array
    {
        return array_filter([
            'kind' => $this->getKind(),
            'message' => $this->getMessage(),
            'operation' => $this->operation,
            'httpStatus' => $this->httpStatus,
            'retryAfter' => $this->retryAfter,
        ] + $this->maskedFields(), static fn (mixed $value): bool => $value !== null);
    }

    /** @return array<string, mixed> the masked fields of a subclass */
    protected function maskedFields(): array
    {
        return [];
    }

    /** @return array<string, mixed> what var_dump and print_r show */
    public function __debugInfo(): array
    {
        return $this->jsonSerialize() + ['file' => $this->getFile(), 'line' => $this->getLine()];
    }

    /** @return array<string, mixed> what serialize keeps: the masked fields, no trace, no raw value */
    public function __serialize(): array
    {
        return $this->jsonSerialize();
    }

    /** @param array<string, mixed> $data */
    public function __unserialize(array $data): void
    {
        $this->message = is_string($data['message'] ?? null) ? $data['message'] : '';
        foreach (['operation', 'httpStatus', 'retryAfter'] as $name) {
            $this->{$name} = $data[$name] ?? null;
        }
        $this->restoreMaskedFields($data);
    }

    /** @param array<string, mixed> $data */
    protected function restoreMaskedFields(array $data): void
    {
    }

    /** Keeps raw values beside the exception, out of reach of every dump. */
    protected function keepRaw(string $name, mixed $value): void
    {
        self::$raw ??= new \WeakMap();
        $kept = self::$raw[$this] ?? [];
        $kept[$name] = $value;
        self::$raw[$this] = $kept;
    }

    protected function raw(string $name): mixed
    {
        return (self::$raw[$this] ?? [])[$name] ?? null;
    }

    /**
     * The trace without the arguments of its frames: a call's arguments hold the customer's
     * password and the caller's own secrets, and PHP prints them in traces unless
     * zend.exception_ignore_args is on.
     */
    private static function withoutTraceArguments(\Throwable $error): void
    {
        $trace = new \ReflectionProperty(\Exception::class, 'trace');
        $frames = $trace->getValue($error);
        if (!is_array($frames)) {
            return;
        }
        $bare = [];
        foreach ($frames as $frame) {
            unset($frame['args']);
            $bare[] = $frame;
        }
        $trace->setValue($error, $bare);
    }
}
