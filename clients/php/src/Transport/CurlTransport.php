<?php

declare(strict_types=1);

namespace WalletApi\Transport;

/**
 * The default transport, over ext-curl: one handle per client, so connections are kept
 * alive between calls. Redirects are never followed; the size cap counts the body after
 * curl has inflated it (gzip, deflate), and a Content-Length over it is refused before the
 * body is read.
 */
final class CurlTransport implements Transport
{
    private ?\CurlHandle $handle = null;

    public function send(TransportRequest $request): TransportResponse
    {
        $handle = $this->handle ??= curl_init();
        curl_reset($handle);
        $status = null;
        $headers = [];
        $headersDone = false;
        $tooLarge = false;
        $body = '';
        $limit = $request->maxResponseBytes;
        $lines = [];
        foreach ($request->headers as [$name, $value]) {
            $lines[] = $name . ': ' . $value;
        }
        // No `Expect: 100-continue` round trip, and no form content type curl would add.
        $lines[] = 'Expect:';
        if ($request->body === null) {
            $lines[] = 'Content-Type:';
        }
        $options = [
            CURLOPT_URL => $request->url,
            CURLOPT_HTTPHEADER => $lines,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,
            CURLOPT_ACCEPT_ENCODING => '',
            CURLOPT_TIMEOUT_MS => max(1, $request->timeoutMs),
            CURLOPT_NOSIGNAL => true,
            CURLOPT_HEADERFUNCTION => static function (
                $handle,
                string $line,
            ) use (
                &$status,
                &$headers,
                &$headersDone,
                &$tooLarge,
                $limit
): int {
                if (preg_match('~^HTTP/\S+\s+(\d{3})~', $line, $m) === 1) {
                    // A new status line (after a 1xx): its headers start afresh.
                    $status = (int) $m[1];
                    $headers = [];
                    $headersDone = false;
                    return strlen($line);
                }
                $trimmed = rtrim($line, "\r\n");
                if ($trimmed === '') {
                    $headersDone = $status !== null && $status >= 200;
                    return strlen($line);
                }
                $colon = strpos($trimmed, ':');
                if ($colon !== false) {
                    $name = substr($trimmed, 0, $colon);
                    // The value as sent: the one space after the colon is the separator; more is
                    // the value's (a Retry-After of " 2" is not digits, and falls back to the backoff).
                    $value = rtrim(substr($trimmed, $colon + 1), " \t");
                    if ($value !== '' && ($value[0] === ' ' || $value[0] === "\t")) {
                        $value = substr($value, 1);
                    }
                    $headers[] = [$name, $value];
                    if (strcasecmp($name, 'content-length') === 0 && ctype_digit($value) && (int) $value > $limit) {
                        $tooLarge = true;
                        return -1;
                    }
                }
                return strlen($line);
            },
            CURLOPT_WRITEFUNCTION => static function ($handle, string $chunk) use (&$body, &$tooLarge, $limit): int {
                if (strlen($body) + strlen($chunk) > $limit) {
                    $tooLarge = true;
                    return 0;
                }
                $body .= $chunk;
                return strlen($chunk);
            },
        ];
        if ($request->method === 'GET' && $request->body === null) {
            $options[CURLOPT_HTTPGET] = true;
        } else {
            $options[CURLOPT_CUSTOMREQUEST] = $request->method;
            $options[CURLOPT_POSTFIELDS] = $request->body ?? '';
        }
        curl_setopt_array($handle, $options);

        $errno = $request->cancellation === null ? $this->run($handle) : $this->runCancellable($handle, $request);
        if ($errno === -1) {
            throw new TransportFailure(
                TransportFailure::ABORTED,
                'the call was cancelled',
                $headersDone,
                $status,
                $headers,
            );
        }
        if ($tooLarge) {
            throw new TransportFailure(
                TransportFailure::TOO_LARGE,
                'the body is over the client\'s limit of ' . $limit . ' bytes',
                true,
                $status,
                $headers,
            );
        }
        if ($errno !== 0) {
            $failure = $errno === CURLE_OPERATION_TIMEDOUT ? TransportFailure::TIMEOUT : TransportFailure::NETWORK;
            throw new TransportFailure(
                $failure,
                curl_strerror($errno) . ' (curl error ' . $errno . ')',
                $headersDone,
                $status,
                $headers,
            );
        }
        return new TransportResponse((int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE), $headers, $body);
    }

    private function run(\CurlHandle $handle): int
    {
        curl_exec($handle);
        return curl_errno($handle);
    }

    /** The transfer in a multi loop that looks at the cancellation between waits: -1 once it was cancelled. */
    private function runCancellable(\CurlHandle $handle, TransportRequest $request): int
    {
        $multi = curl_multi_init();
        curl_multi_add_handle($multi, $handle);
        try {
            do {
                $code = curl_multi_exec($multi, $running);
                if ($running > 0) {
                    if ($request->cancellation?->isCancelled()) {
                        return -1;
                    }
                    curl_multi_select($multi, 0.01);
                }
            } while ($running > 0 && $code === CURLM_OK);
            $info = curl_multi_info_read($multi);
            return is_array($info) ? (int) $info['result'] : 0;
        } finally {
            curl_multi_remove_handle($multi, $handle);
            curl_multi_close($multi);
        }
    }

    /** @return array<string, string> */
    public function __debugInfo(): array
    {
        return ['transport' => 'curl'];
    }
}
