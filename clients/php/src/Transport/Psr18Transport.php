<?php

declare(strict_types=1);

namespace WalletApi\Transport;

/**
 * A PSR-18 HTTP client as the client's transport, for a team whose HTTP stack is one (Guzzle,
 * Symfony HttpClient, a framework's): the SDK depends on no PSR package, so the client and
 * the PSR-17 factories are taken as objects with their methods (`sendRequest`,
 * `createRequest`, `createStream`).
 *
 *     new WalletApiClient(..., transport: new Psr18Transport($psr18Client, $psr17Factory, $psr17Factory));
 *
 * Configure that client to follow no redirect (a 3xx it returns is refused as an invalid
 * response all the same) and with a timeout of its own: PSR-18 has no per-request timeout,
 * and no cancellation. The size cap counts the body as the client hands it over.
 */
final class Psr18Transport implements Transport
{
    public function __construct(
        private readonly object $client,
        private readonly object $requestFactory,
        private readonly object $streamFactory,
    ) {
        foreach (
            [
            [$client, 'sendRequest'],
            [$requestFactory, 'createRequest'],
            [$streamFactory, 'createStream'],
            ] as $method
        ) {
            if (!is_callable($method)) {
                throw new \WalletApi\Exception\ConfigurationException(
                    "transport: Psr18Transport needs an object with a {$method[1]}() method (PSR-18 / PSR-17)"
                );
            }
        }
    }

    public function send(TransportRequest $request): TransportResponse
    {
        $message = $this->requestFactory->createRequest($request->method, $request->url);
        foreach ($request->headers as [$name, $value]) {
            $message = $message->withHeader($name, $value);
        }
        if ($request->body !== null) {
            $message = $message->withBody($this->streamFactory->createStream($request->body));
        }
        try {
            $response = $this->client->sendRequest($message);
        } catch (\Throwable $error) {
            throw new TransportFailure(TransportFailure::NETWORK, get_class($error) . ': ' . $error->getMessage());
        }
        $status = (int) $response->getStatusCode();
        $headers = [];
        foreach ($response->getHeaders() as $name => $values) {
            foreach ((array) $values as $value) {
                $headers[] = [(string) $name, (string) $value];
            }
        }
        $stream = $response->getBody();
        $body = '';
        try {
            while (!$stream->eof()) {
                $body .= (string) $stream->read(65536);
                if (strlen($body) > $request->maxResponseBytes) {
                    throw new TransportFailure(
                        TransportFailure::TOO_LARGE,
                        "the body is over the client's limit of {$request->maxResponseBytes} bytes",
                        true,
                        $status,
                        $headers,
                    );
                }
            }
        } catch (TransportFailure $failure) {
            throw $failure;
        } catch (\Throwable $error) {
            throw new TransportFailure(
                TransportFailure::NETWORK,
                get_class($error) . ': ' . $error->getMessage(),
                true,
                $status,
                $headers,
            );
        }
        return new TransportResponse($status, $headers, $body);
    }

    /** @return array<string, string> */
    public function __debugInfo(): array
    {
        return ['transport' => 'psr-18', 'client' => get_class($this->client)];
    }
}
