<?php

declare(strict_types=1);

namespace WalletApi\Transport;

/**
 * Sends one request and reads its answer. The client's default is CurlTransport; plug your
 * own (a PSR-18 client through Psr18Transport, a test double) with the `transport` option.
 *
 * A transport never follows a redirect, reads at most `maxResponseBytes` of the body after
 * decompression, and ends within `timeoutMs`. It throws TransportFailure when no complete
 * answer was read; the client turns that into its own exceptions, masked.
 */
interface Transport
{
    /** @throws TransportFailure */
    public function send(TransportRequest $request): TransportResponse;
}
