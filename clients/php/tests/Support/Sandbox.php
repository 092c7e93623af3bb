<?php

declare(strict_types=1);

namespace WalletApi\Tests\Support;

use WalletApi\Environment;
use WalletApi\HmacSha256Signer;
use WalletApi\WalletApiClient;

/**
 * One sandbox per test run (the kit's, `node --import tsx scripts/sandbox.ts`, on a free
 * loopback port, its replay guard on), started by the first test that asks for it and
 * stopped when the run ends.
 */
final class Sandbox
{
    public const API_KEY = 'php-tests-key';
    public const SECRET = 'php-tests-signing-secret';

    /**
     * The conformance runner's own key: its process keeps its own timestamps, which may run
     * ahead of the clock after a burst and meet this process's, and equal requests signed
     * with one key at one timestamp are one replay to the sandbox.
     */
    public const RUNNER_API_KEY = 'php-tests-runner-key';
    public const RUNNER_SECRET = 'php-tests-runner-signing-secret';

    private static ?self $running = null;

    /** @var resource */
    private $process;

    private function __construct(public readonly string $url)
    {
    }

    public static function get(): self
    {
        if (self::$running !== null) {
            return self::$running;
        }
        $root = dirname(__DIR__, 4);
        $env = getenv() + [
            'PORT' => '0',
            'SANDBOX_API_KEYS' => self::API_KEY . ':' . self::SECRET
                . ',' . self::RUNNER_API_KEY . ':' . self::RUNNER_SECRET,
            'SANDBOX_REJECT_REPLAYS' => '1',
            'SANDBOX_LOG' => 'off',
        ];
        $env['PORT'] = '0';
        $process = proc_open(
            ['node', '--import', 'tsx', 'scripts/sandbox.ts'],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
            $root,
            $env,
        );
        if (!is_resource($process)) {
            throw new \RuntimeException('the sandbox could not be started (node)');
        }
        $deadline = microtime(true) + 60;
        $url = null;
        while ($url === null && microtime(true) < $deadline) {
            $line = fgets($pipes[1]);
            if ($line === false) {
                break;
            }
            if (preg_match('~listening on (http://\S+)~', $line, $m) === 1) {
                $url = $m[1];
            }
        }
        if ($url === null) {
            proc_terminate($process);
            throw new \RuntimeException('the sandbox did not say where it listens');
        }
        $sandbox = new self($url);
        $sandbox->process = $process;
        register_shutdown_function(static function () use ($process): void {
            proc_terminate($process);
            proc_close($process);
        });
        return self::$running = $sandbox;
    }

    public function client(mixed ...$options): WalletApiClient
    {
        return new WalletApiClient(...[
            'environment' => Environment::Custom,
            'baseUrl' => $this->url,
            'apiKey' => self::API_KEY,
            'signer' => new HmacSha256Signer(self::SECRET),
            ...$options,
        ]);
    }

    /**
     * A signed request to a sandbox test helper, signed by hand with hash_hmac: the oracle
     * the client's answers are compared with.
     *
     * @return array{0: int, 1: mixed}
     */
    public function helper(string $method, string $path, mixed $body = null): array
    {
        static $last = 0;
        $ms = max((int) floor(microtime(true) * 1000), $last + 1);
        $last = $ms;
        $timestamp = gmdate('Y-m-d\TH:i:s', intdiv($ms, 1000)) . sprintf('.%03dZ', $ms % 1000);
        $text = $body === null ? '' : (string) json_encode($body);
        $curl = curl_init($this->url . $path);
        $headers = [
            'x-api-key: ' . self::API_KEY,
            "x-timestamp: $timestamp",
            'x-signature: ' . hash_hmac('sha256', "$timestamp\n$method\n$path\n$text", self::SECRET),
            'Expect:',
        ];
        $options = [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 30];
        if ($method !== 'GET') {
            $options[CURLOPT_CUSTOMREQUEST] = $method;
            $options[CURLOPT_POSTFIELDS] = $text;
            $headers[] = $body === null ? 'Content-Type:' : 'Content-Type: application/json';
        }
        curl_setopt_array($curl, $options + [CURLOPT_HTTPHEADER => $headers]);
        $answer = curl_exec($curl);
        return [(int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE), is_string($answer) ? json_decode($answer) : null];
    }

    public function reset(): void
    {
        [$status] = $this->helper('POST', '/sandbox/reset');
        if ($status !== 200) {
            throw new \RuntimeException("the sandbox did not reset (HTTP $status)");
        }
    }
}
