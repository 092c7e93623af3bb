<?php

declare(strict_types=1);

namespace WalletApi;

/**
 * A successful answer as received: its status, its headers, the envelope and its data.
 * What the raw-response variant of every method returns (`$client->withRawResponse()`):
 * `data` holds the typed model there.
 *
 * @template T
 */
final class RawResponse
{
    /**
     * @param list<array{0: string, 1: string}> $headers the answer's headers in order
     * @param \stdClass $envelope the envelope as decoded ({status, message, data})
     * @param T $data the envelope's data (the typed model, from a raw-response method)
     */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly \stdClass $envelope,
        public readonly mixed $data,
    ) {
    }

    /** The first value of a header, by name whatever its case. */
    public function header(string $name): ?string
    {
        foreach ($this->headers as [$key, $value]) {
            if (strcasecmp($key, $name) === 0) {
                return $value;
            }
        }
        return null;
    }

    /**
     * The same answer with its data read into a model.
     *
     * @template U
     * @param U $data
     * @return RawResponse<U>
     */
    public function withData(mixed $data): self
    {
        return new self($this->status, $this->headers, $this->envelope, $data);
    }
}
