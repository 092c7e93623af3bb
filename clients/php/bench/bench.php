<?php

/**
 * What the client costs per call, against raw curl with hand-written signing (one reused curl
 * handle, the three headers made by hand, json_decode of the body): on loopback, where the
 * client's own work shows, and against a server that answers after 20 ms, as a nearby
 * provider would. Prints the wall time per call of each, their ratio (raw ÷ client: 1.00 is
 * no cost, the goal at 20 ms is 0.95 or more), and the CPU time per call of this process.
 *
 *     php clients/php/bench/bench.php [--calls N] [--rounds N]
 *
 * The server is a process of its own on 127.0.0.1 (keep-alive, one answer body for every
 * request); the bench stops it when it ends. Figures, never assertions.
 */

declare(strict_types=1);

require __DIR__ . '/../src/autoload.php';

use WalletApi\Environment;
use WalletApi\HmacSha256Signer;
use WalletApi\WalletApiClient;

const API_KEY = 'bench-api-key';
const SECRET = 'bench-signing-secret';
const BODY = '{"status":"success","message":"OK","data":{"quotedPrice":"1531.305","originalQuotedPrice":"1539",'
    . '"fee":"769.5","quotedCurrency":"NGN","toAmount":"153130.5","originalToAmount":"153900"}}';

/** A keep-alive HTTP/1.1 server answering every request with BODY after `delayMs`; its URL and pid. */
function startServer(int $delayMs): array
{
    $listener = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
    if ($listener === false) {
        throw new RuntimeException("cannot listen: $error");
    }
    $url = 'http://' . stream_socket_get_name($listener, false);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose(STDOUT);
        $connections = [];
        $buffers = [];
        while (true) {
            $read = [$listener, ...$connections];
            $write = $except = null;
            if (stream_select($read, $write, $except, null) === false) {
                continue;
            }
            foreach ($read as $stream) {
                if ($stream === $listener) {
                    $connection = stream_socket_accept($listener);
                    if ($connection !== false) {
                        $connections[(int) $connection] = $connection;
                        $buffers[(int) $connection] = '';
                    }
                    continue;
                }
                $chunk = fread($stream, 65536);
                if ($chunk === '' || $chunk === false) {
                    unset($connections[(int) $stream], $buffers[(int) $stream]);
                    fclose($stream);
                    continue;
                }
                $buffers[(int) $stream] .= $chunk;
                while (($end = strpos($buffers[(int) $stream], "\r\n\r\n")) !== false) {
                    // Requests of this bench carry no body.
                    $buffers[(int) $stream] = substr($buffers[(int) $stream], $end + 4);
                    if ($delayMs > 0) {
                        usleep($delayMs * 1000);
                    }
                    fwrite($stream, "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: " . strlen(BODY) . "\r\n\r\n" . BODY);
                }
            }
        }
    }
    fclose($listener);
    return [$url, $pid];
}

/** The baseline: what an integrator writes without the SDK. */
function rawCaller(string $url): Closure
{
    $handle = curl_init();
    $path = '/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100';
    return static function () use ($handle, $url, $path): mixed {
        $ms = (int) floor(microtime(true) * 1000);
        $timestamp = gmdate('Y-m-d\TH:i:s', intdiv($ms, 1000)) . sprintf('.%03dZ', $ms % 1000);
        curl_setopt_array($handle, [
            CURLOPT_URL => $url . $path,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => [
                'x-api-key: ' . API_KEY,
                "x-timestamp: $timestamp",
                'x-signature: ' . hash_hmac('sha256', "$timestamp\nGET\n$path\n", SECRET),
            ],
        ]);
        $body = curl_exec($handle);
        if (curl_getinfo($handle, CURLINFO_RESPONSE_CODE) !== 200 || !is_string($body)) {
            throw new RuntimeException('the raw call failed');
        }
        $envelope = json_decode($body, false, 512, JSON_THROW_ON_ERROR);
        if ($envelope->status !== 'success') {
            throw new RuntimeException('the raw call failed');
        }
        return $envelope->data;
    };
}

function clientCaller(string $url): Closure
{
    $client = new WalletApiClient(environment: Environment::Custom, baseUrl: $url, apiKey: API_KEY, signer: new HmacSha256Signer(SECRET));
    return static fn (): mixed => $client->getSwapQuote(from: 'usdt', to: 'ngn', amount: 100);
}

/** @return array{0: float, 1: float} wall µs and CPU µs per call */
function measure(Closure $call, int $calls): array
{
    $call();
    $usage = getrusage();
    $started = hrtime(true);
    for ($i = 0; $i < $calls; $i++) {
        $call();
    }
    $wall = (hrtime(true) - $started) / 1e3 / $calls;
    $after = getrusage();
    $cpu = ($after['ru_utime.tv_sec'] - $usage['ru_utime.tv_sec'] + $after['ru_stime.tv_sec'] - $usage['ru_stime.tv_sec']) * 1e6
        + ($after['ru_utime.tv_usec'] - $usage['ru_utime.tv_usec'] + $after['ru_stime.tv_usec'] - $usage['ru_stime.tv_usec']);
    return [$wall, $cpu / $calls];
}

/** @param list<float> $values */
function median(array $values): float
{
    sort($values);
    $n = count($values);
    return $n % 2 === 1 ? $values[intdiv($n, 2)] : ($values[$n / 2 - 1] + $values[$n / 2]) / 2;
}

$options = getopt('', ['calls:', 'rounds:']);
$calls = max(1, (int) ($options['calls'] ?? 1000));
$rounds = max(1, (int) ($options['rounds'] ?? 5));

printf("bench (php %s, curl %s): %d rounds, the median of each\n", PHP_VERSION, curl_version()['version'], $rounds);
foreach ([['loopback', 0, $calls], ['20 ms server', 20, max(10, intdiv($calls, 20))]] as [$label, $delayMs, $n]) {
    [$url, $pid] = startServer($delayMs);
    try {
        $raw = rawCaller($url);
        $client = clientCaller($url);
        $figures = ['raw' => [[], []], 'client' => [[], []]];
        for ($round = 0; $round < $rounds; $round++) {
            // Alternated, so that a change of the machine's load falls on both.
            foreach (['raw' => $raw, 'client' => $client] as $name => $call) {
                [$wall, $cpu] = measure($call, $n);
                $figures[$name][0][] = $wall;
                $figures[$name][1][] = $cpu;
            }
        }
        $rawWall = median($figures['raw'][0]);
        $clientWall = median($figures['client'][0]);
        printf(
            "%-12s %5d calls: raw curl %8.1f µs/call (CPU %6.1f µs), client %8.1f µs/call (CPU %6.1f µs); ratio raw/client %.3f%s\n",
            $label,
            $n,
            $rawWall,
            median($figures['raw'][1]),
            $clientWall,
            median($figures['client'][1]),
            $rawWall / $clientWall,
            $delayMs === 20 ? ($rawWall / $clientWall >= 0.95 ? ' (goal ≥ 0.95: met)' : ' (goal ≥ 0.95: NOT met)') : '',
        );
    } finally {
        posix_kill($pid, SIGKILL);
        pcntl_waitpid($pid, $status);
    }
}
