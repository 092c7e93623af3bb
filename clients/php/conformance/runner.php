<?php

/**
 * The PHP client's conformance runner: runs the kit's cases against WalletApi and writes one
 * result per case (conformance/README.md). Exchange cases run against a local server of raw
 * sockets (ReplayServer) that writes each answer's bytes as the case gives them, so the
 * client's real curl transport reads them; scenarios run against the sandbox whose URL it is
 * given.
 *
 *     php clients/php/conformance/runner.php --cases FILE... --sandbox URL --api-key KEY --secret SECRET --out
 * RESULT.json
 */

declare(strict_types=1);

namespace WalletApi\Conformance;

use WalletApi\Cancellation;
use WalletApi\Environment;
use WalletApi\Exception\ApiException;
use WalletApi\Exception\ConfigurationException;
use WalletApi\Exception\WalletApiException;
use WalletApi\Generated\OperationTable;
use WalletApi\HmacSha256Signer;
use WalletApi\Privacy\Policy;
use WalletApi\RequestOptions;
use WalletApi\RetryPolicy;
use WalletApi\SignatureInput;
use WalletApi\Signer;
use WalletApi\WalletApiClient;

require __DIR__ . '/../src/autoload.php';
foreach (['Cases', 'ReplayServer', 'Mismatch', 'CapturingLogger', 'Got', 'Settings', 'Renderings'] as $support) {
    require_once __DIR__ . "/$support.php";
}

const CLIENT = 'php';
const REPLAY_KEY = 'conformance-replay-key';
const REPLAY_SECRET = 'conformance-replay-secret';

final class Runner
{
    public function __construct(private readonly Settings $settings)
    {
    }

    /** @return array{case: string, outcome: string, saw: string} */
    public function run(\stdClass $case): array
    {
        try {
            $saw = match ($case->type) {
                'signing' => $this->signing($case),
                'exchange' => $this->exchange($case),
                'options' => $this->options($case),
                'scenario' => $this->scenario($case),
                'mask' => $this->mask($case),
                default => throw new Mismatch("a case type the runner does not know: {$case->type}"),
            };
            return ['case' => $case->id, 'outcome' => 'pass', 'saw' => $saw];
        } catch (Mismatch $mismatch) {
            return ['case' => $case->id, 'outcome' => 'fail', 'saw' => $mismatch->getMessage()];
        } catch (\Throwable $error) {
            return ['case' => $case->id, 'outcome' => 'fail', 'saw' => 'the runner failed: ' . get_class($error)];
        }
    }

    private static function signerOf(?\stdClass $client, string $secret): Signer
    {
        return match ($client->signer ?? 'hmac') {
            'throws' => new class ($secret) implements Signer {
                public function __construct(private readonly string $secret)
                {
                }

                public function sign(SignatureInput $input): string
                {
                    throw new \RuntimeException("the key store is down (secret {$this->secret})");
                }
            },
            'returns-empty' => new class () implements Signer {
                public function sign(SignatureInput $input): string
                {
                    return '';
                }
            },
            'returns-line-break' => new class () implements Signer {
                public function sign(SignatureInput $input): string
                {
                    return "abc\r\ndef";
                }
            },
            default => new HmacSha256Signer($client->secret ?? $secret),
        };
    }

    private static function retryOf(?\stdClass $retry): ?RetryPolicy
    {
        return $retry === null ? null : new RetryPolicy(
            attempts: $retry->attempts,
            initialDelayMs: $retry->initialDelayMs ?? 100,
            maxDelayMs: $retry->maxDelayMs ?? 2000,
        );
    }

    private static function client(
        string $baseUrl,
        string $apiKey,
        string $secret,
        ?\stdClass $settings,
        ?object $logger = null,
    ): WalletApiClient {
        $options = [
            'environment' => Environment::Custom,
            'baseUrl' => $baseUrl,
            'apiKey' => $apiKey,
            'signer' => self::signerOf($settings, $secret),
            'timeoutMs' => $settings->timeoutMs ?? null,
            'maxResponseBytes' => $settings->maxResponseBytes ?? null,
            'retry' => self::retryOf($settings->retry ?? null),
            'logger' => $logger,
        ];
        if (!isset($settings->env)) {
            return new WalletApiClient(...$options);
        }
        // client.env: the whole WALLET_API_* environment the client sees, and only the options
        // client.explicit lists given (secret stands for the signer).
        $explicit = array_map(
            static fn (string $name): string => $name === 'secret' ? 'signer' : $name,
            $settings->explicit ?? [],
        );
        foreach (['environment', 'baseUrl', 'apiKey', 'signer'] as $name) {
            if (!in_array($name, $explicit, true)) {
                unset($options[$name]);
            }
        }
        $saved = [];
        foreach (getenv() as $name => $value) {
            if (str_starts_with((string) $name, 'WALLET_API_')) {
                $saved[$name] = $value;
                putenv((string) $name);
            }
        }
        foreach ((array) $settings->env as $name => $value) {
            $saved[$name] ??= false;
            putenv("$name=" . self::placeholders((string) $value, $baseUrl, $apiKey, $secret));
        }
        try {
            return WalletApiClient::fromEnv(...$options);
        } finally {
            foreach ($saved as $name => $value) {
                putenv($value === false ? (string) $name : "$name=$value");
            }
        }
    }

    /** A case's value with the runner's answer server, key and secret put in. */
    private static function placeholders(string $value, string $baseUrl, string $apiKey, string $secret): string
    {
        return strtr($value, ['{{baseUrl}}' => $baseUrl, '{{apiKey}}' => $apiKey, '{{secret}}' => $secret]);
    }

    /** Calls the operation through the client's method of its operationId, the params as named arguments. */
    private static function call(WalletApiClient $client, \stdClass $call, ?\stdClass $options = null): Got
    {
        if (!isset(OperationTable::OPERATIONS[$call->operationId])) {
            throw new Mismatch("no operation {$call->operationId} in the client");
        }
        $arguments = get_object_vars($call->params ?? new \stdClass());
        $requestOptions = null;
        if (isset($call->abortAfterMs) || isset($options->timeoutMs) || isset($options->retry)) {
            $requestOptions = new RequestOptions(
                timeoutMs: $options->timeoutMs ?? null,
                retry: self::retryOf($options->retry ?? null),
                cancellation: isset($call->abortAfterMs) ? Cancellation::after((int) $call->abortAfterMs) : null,
            );
        }
        try {
            $data = $client->{$call->operationId}(...$arguments, options: $requestOptions);
            // An empty map is an empty PHP array: as JSON, the object the spec says it is.
            return new Got(
                data: $data === []
                && OperationTable::OPERATIONS[$call->operationId]['data'] === 'map' ? new \stdClass() : $data
            );
        } catch (\Throwable $error) {
            return new Got(error: $error);
        }
    }

    private static function describe(Got $got): string
    {
        if ($got->error === null) {
            return 'data ' . Cases::short(Cases::asJson($got->data));
        }
        if ($got->error instanceof WalletApiException) {
            $status = $got->error->getHttpStatus();
            return $got->error->getKind() . ($status === null ? '' : ", HTTP $status");
        }
        return 'a ' . get_class($got->error) . ' that is not a WalletApiException';
    }

    private static function checkOutcome(Got $got, \stdClass $expected): void
    {
        if (isset($expected->error)) {
            if ($got->error === null) {
                throw new Mismatch(self::describe($got) . ", not {$expected->error->kind}");
            }
            self::checkError($got->error, $expected->error);
            return;
        }
        if ($got->error !== null) {
            throw new Mismatch(self::describe($got));
        }
        $data = Cases::asJson($got->data);
        if (property_exists($expected, 'data') && !Cases::equal($data, $expected->data)) {
            throw new Mismatch('other data: ' . Cases::short($data, 120));
        }
        if (property_exists($expected, 'dataIncludes') && !Cases::includes($data, $expected->dataIncludes)) {
            throw new Mismatch('data without what was expected: ' . Cases::short($data, 120));
        }
    }

    private static function checkError(\Throwable $error, \stdClass $want): void
    {
        if (!$error instanceof WalletApiException) {
            throw new Mismatch(self::describe(new Got(error: $error)));
        }
        if ($error->getKind() !== $want->kind) {
            throw new Mismatch(self::describe(new Got(error: $error)) . ", not {$want->kind}");
        }
        if (isset($want->httpStatus) && $error->getHttpStatus() !== $want->httpStatus) {
            throw new Mismatch("{$error->getKind()} with HTTP {$error->getHttpStatus()}, not {$want->httpStatus}");
        }
        if (
            isset($want->apiMessage)
            && (!$error instanceof ApiException || $error->getApiMessage() !== $want->apiMessage)
        ) {
            throw new Mismatch("{$error->getKind()} with another provider message");
        }
        if (isset($want->retryAfter) && $error->getRetryAfter() !== $want->retryAfter) {
            throw new Mismatch("{$error->getKind()} without Retry-After {$want->retryAfter}");
        }
    }

    private function signing(\stdClass $case): string
    {
        $given = $case->input;
        $input = new SignatureInput(
            $given->method,
            $given->pathWithQuery,
            $given->body->utf8,
            $given->timestamp,
            $given->apiKey,
        );
        if ($input->canonicalString() !== $case->expect->canonicalString) {
            throw new Mismatch('another canonical string');
        }
        $signature = (new HmacSha256Signer($given->secret))->sign($input);
        if ($signature !== $case->expect->signature) {
            throw new Mismatch('signature ' . substr($signature, 0, 12) . '...');
        }
        return 'signature ' . substr($signature, 0, 12) . '...';
    }

    /**
     * @param array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}|null
     *     $request
     */
    private static function checkRequest(?array $request, \stdClass $expected): void
    {
        if ($request === null) {
            throw new Mismatch('no request arrived');
        }
        if ($request['method'] !== $expected->method) {
            throw new Mismatch("method {$request['method']}");
        }
        if (isset($expected->pathWithQuery) && $request['target'] !== $expected->pathWithQuery) {
            throw new Mismatch("request target {$request['target']}");
        }
        $parts = explode('?', $request['target'], 2);
        if (isset($expected->path) && $parts[0] !== $expected->path) {
            throw new Mismatch("path {$parts[0]}");
        }
        if (isset($expected->query)) {
            $query = [];
            foreach ($parts[1] ?? '' ? explode('&', $parts[1]) : [] as $pair) {
                $kv = explode('=', $pair, 2);
                $query[urldecode($kv[0])] = urldecode($kv[1] ?? '');
            }
            $want = get_object_vars($expected->query);
            ksort($query);
            ksort($want);
            if ($query !== $want) {
                throw new Mismatch('query ' . ($parts[1] ?? ''));
            }
        }
        if (property_exists($expected, 'bodyJson')) {
            $body = $request['body'] === '' ? null : json_decode($request['body']);
            if (!Cases::equal($body, $expected->bodyJson)) {
                throw new Mismatch('body ' . substr($request['body'], 0, 80));
            }
        }
        if (
            isset($expected->userAgentMatches)
            && preg_match(
                '/' . str_replace('/', '\/', $expected->userAgentMatches) . '/',
                $request['headers']['user-agent'] ?? '',
            ) !== 1
        ) {
            throw new Mismatch('User-Agent ' . ($request['headers']['user-agent'] ?? ''));
        }
        if (($expected->signed ?? false) === true) {
            if (($request['headers']['x-api-key'] ?? null) !== REPLAY_KEY) {
                throw new Mismatch('another x-api-key');
            }
            $timestamp = $request['headers']['x-timestamp'] ?? '';
            if (preg_match('/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/D', $timestamp) !== 1) {
                throw new Mismatch("x-timestamp $timestamp");
            }
            // The oracle: PHP's own HMAC over the bytes that arrived, compared in constant time.
            $canonical = "$timestamp\n{$request['method']}\n{$request['target']}\n" . $request['body'];
            if (
                !hash_equals(
                    hash_hmac('sha256', $canonical, REPLAY_SECRET),
                    $request['headers']['x-signature'] ?? '',
                )
            ) {
                throw new Mismatch('x-signature is not the HMAC of the bytes received');
            }
        }
    }

    private function exchange(\stdClass $case): string
    {
        $server = new ReplayServer($case->answers);
        $logger = new CapturingLogger();
        $outcomes = [];
        try {
            try {
                $client = self::client($server->url, REPLAY_KEY, REPLAY_SECRET, $case->client ?? null, $logger);
            } catch (ConfigurationException $refused) {
                if (($case->expect->error->kind ?? null) !== 'configuration') {
                    throw $refused;
                }
                $mustNotContain = array_map(
                    static fn (string $value): string => self::placeholders(
                        $value,
                        $server->url,
                        REPLAY_KEY,
                        REPLAY_SECRET,
                    ),
                    [...$case->expect->mustNotContain ?? [], ...$case->expect->error->mustNotContain ?? []],
                );
                self::checkConfiguration($refused, $case->expect->error->names ?? '', $mustNotContain);
                usleep(50_000);
                $requests = count($server->stop()[0]);
                if ($requests !== ($case->expect->requests ?? 0)) {
                    throw new Mismatch("the client was refused, yet $requests requests arrived");
                }
                return 'configuration';
            }
            $repeat = (int) ($case->call->repeat ?? 1);
            for ($i = 0; $i < $repeat; $i++) {
                $outcomes[] = self::call($client, $case->call);
            }
            // Requests still arriving (a retry the client should not make) are counted after a moment.
            usleep(50_000);
        } finally {
            [$received, $answered] = $server->stop();
        }
        $expect = $case->expect;
        foreach ($outcomes as $i => $got) {
            try {
                self::checkOutcome($got, $expect);
            } catch (Mismatch $mismatch) {
                throw new Mismatch(($repeat > 1 ? 'call ' . ($i + 1) . ': ' : '') . $mismatch->getMessage());
            }
        }
        $got = $outcomes[0];
        if (isset($expect->requests) && count($received) !== $expect->requests) {
            $count = count($received);
            throw new Mismatch(self::describe($got) . " after $count requests, not {$expect->requests}");
        }
        foreach ($expect->waitsMs ?? [] as $i => $window) {
            if (!isset($answered[$i]) || !isset($received[$i + 1])) {
                throw new Mismatch('no wait ' . ($i + 1) . ' to measure');
            }
            $waited = ($received[$i + 1]['arrivedAt'] - $answered[$i]) / 1e6;
            // 5 ms below for timer and clock granularity, 300 ms above for scheduling (the kit's rule).
            if ($waited < $window->min - 5 || $waited > $window->max + 300) {
                throw new Mismatch('waited ' . round($waited) . " ms, not {$window->min}-{$window->max} ms");
            }
        }
        if (isset($expect->request)) {
            self::checkRequest($received[0] ?? null, $expect->request);
        }
        foreach ($expect->distinctHeaders ?? [] as $header) {
            $values = array_map(static fn (array $r): string => $r['headers'][strtolower($header)] ?? '', $received);
            if (count(array_unique($values)) !== count($values)) {
                throw new Mismatch("two requests carried the same $header");
            }
        }
        if (isset($case->privacy)) {
            foreach ($outcomes as $outcome) {
                if ($outcome->error !== null) {
                    self::checkPrivacy($case->privacy->protected, $outcome->error, $received, $logger);
                }
            }
        }
        $requests = count($received);
        return self::describe($got) . ($requests === 1 ? '' : " after $requests requests");
    }

    /**
     * @param list<string> $protected
     * @param list<array{method: string, target: string, headers: array<string, string>, body: string, arrivedAt: int}>
     *     $received
     */
    private static function checkPrivacy(
        array $protected,
        \Throwable $error,
        array $received,
        CapturingLogger $logger,
    ): void {
        $body = isset($received[0]) && $received[0]['body'] !== '' ? json_decode($received[0]['body'], true) : [];
        $body = is_array($body) ? $body : [];
        $values = [];
        foreach ($protected as $name) {
            if ($name === 'apiKey') {
                $values[] = [$name, REPLAY_KEY];
            } elseif ($name === 'secret') {
                $values[] = [$name, REPLAY_SECRET];
            } elseif ($name === 'signature') {
                foreach ($received as $request) {
                    $values[] = [$name, $request['headers']['x-signature'] ?? ''];
                }
            } else {
                $field = $body[substr($name, strlen('field:'))] ?? '';
                $values[] = [$name, is_scalar($field) ? (string) $field : ''];
            }
        }
        $texts = Renderings::of($error);
        foreach ($logger->lines as $i => $line) {
            $texts['log line ' . ($i + 1)] = $line;
        }
        foreach ($texts as $rendering => $text) {
            foreach ($values as [$name, $value]) {
                if ($value !== '' && str_contains($text, $value)) {
                    throw new Mismatch(self::describe(new Got(error: $error)) . ", but $rendering shows $name");
                }
            }
        }
    }

    private function options(\stdClass $case): string
    {
        $given = $case->options;
        try {
            new WalletApiClient(
                environment: $given->environment ?? null,
                baseUrl: $given->baseUrl ?? null,
                apiKey: $given->apiKey ?? null,
                signer: new HmacSha256Signer($given->secret ?? 'secret'),
            );
        } catch (\Throwable $error) {
            self::checkConfiguration($error, $case->expect->error->names, $case->expect->mustNotContain ?? []);
            return 'configuration';
        }
        throw new Mismatch('the client was created');
    }

    /**
     * A configuration error naming $names (letters and digits, lower case), no rendering of
     * which shows a value of $mustNotContain.
     *
     * @param list<string> $mustNotContain
     */
    private static function checkConfiguration(\Throwable $error, string $names, array $mustNotContain): void
    {
        self::checkError($error, (object) ['kind' => 'configuration']);
        $named = (string) preg_replace('/[^a-z0-9]/', '', strtolower($error->getMessage()));
        if (!str_contains($named, $names)) {
            throw new Mismatch("configuration error naming no $names");
        }
        foreach (Renderings::of($error) as $text) {
            foreach ($mustNotContain as $value) {
                if ($value !== '' && str_contains($text, $value)) {
                    throw new Mismatch('configuration error quoting a refused value');
                }
            }
        }
    }

    /** The client's own production policy, with the carried values, applied to the text. */
    private function mask(\stdClass $case): string
    {
        $carried = $case->carried ?? new \stdClass();
        $signatures = isset($carried->signature) ? [(string) $carried->signature] : [];
        $policy = new Policy(Policy::carriedByCall(
            $carried->apiKey ?? null,
            $carried->secret ?? null,
            $signatures,
            $carried->fields ?? null,
        ));
        $out = $policy->text((string) $case->text);
        foreach ($case->expect->absent ?? [] as $i => $value) {
            if (stripos($out, (string) $value) !== false || mb_stripos($out, (string) $value) !== false) {
                throw new Mismatch("absent[$i] remained");
            }
        }
        foreach ($case->expect->kept ?? [] as $i => $value) {
            if (!str_contains($out, (string) $value)) {
                throw new Mismatch("kept[$i] vanished");
            }
        }
        return 'masked as expected';
    }

    /** @return array{0: int, 1: mixed} a signed request to a sandbox test helper, signed by hand */
    private function sandboxRequest(string $method, string $path, mixed $body = null): array
    {
        $text = $body === null ? '' : (string) json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        $now = microtime(true);
        static $last = 0;
        $ms = max((int) floor($now * 1000), $last + 1);
        $last = $ms;
        $timestamp = gmdate('Y-m-d\TH:i:s', intdiv($ms, 1000)) . sprintf('.%03dZ', $ms % 1000);
        $headers = [
            'x-api-key: ' . $this->settings->apiKey,
            "x-timestamp: $timestamp",
            'x-signature: ' . hash_hmac('sha256', "$timestamp\n$method\n$path\n$text", $this->settings->secret),
            'Expect:',
        ];
        $curl = curl_init($this->settings->sandbox . $path);
        $options = [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 30];
        if ($method !== 'GET') {
            $options[CURLOPT_CUSTOMREQUEST] = $method;
            $options[CURLOPT_POSTFIELDS] = $text;
            $headers[] = $body === null ? 'Content-Type:' : 'Content-Type: application/json';
        }
        $options[CURLOPT_HTTPHEADER] = $headers;
        curl_setopt_array($curl, $options);
        $answer = curl_exec($curl);
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        return [$status, is_string($answer) ? json_decode($answer) : null];
    }

    private static function substitute(mixed $value, array $saved): mixed
    {
        if (is_string($value) && preg_match('/^\{\{(\w+)\}\}$/', $value, $m) === 1 && array_key_exists($m[1], $saved)) {
            return $saved[$m[1]];
        }
        if (is_array($value)) {
            return array_map(static fn (mixed $v): mixed => self::substitute($v, $saved), $value);
        }
        if ($value instanceof \stdClass) {
            $out = new \stdClass();
            foreach (get_object_vars($value) as $k => $v) {
                $out->{$k} = self::substitute($v, $saved);
            }
            return $out;
        }
        return $value;
    }

    private static function pointer(mixed $data, string $path): mixed
    {
        foreach (array_slice(explode('/', $path), 1) as $key) {
            $key = str_replace(['~1', '~0'], ['/', '~'], $key);
            $data = $data instanceof \stdClass && property_exists($data, $key) ? $data->{$key} : (
                is_array($data)
                    ? ($data[(int) $key] ?? null)
                    : null
            );
        }
        return $data;
    }

    /**
     * @param list<\stdClass> $steps
     * @param array<string, mixed> $saved
     * @param list<string> $armed
     */
    private function steps(array $steps, WalletApiClient $client, array &$saved, array &$armed): void
    {
        foreach ($steps as $index => $step) {
            $at = 'step ' . ($index + 1);
            if (isset($step->arm)) {
                [$status, $envelope] = $this->sandboxRequest('POST', '/sandbox/scenarios', $step->arm);
                if ($status !== 200) {
                    throw new Mismatch("$at: the sandbox refused the scenario (HTTP $status)");
                }
                $armed[] = $envelope->data->id;
            } elseif (isset($step->call)) {
                $call = self::substitute($step->call, $saved);
                $times = (int) ($step->times ?? 1);
                $got = null;
                for ($i = 1; $i <= $times; $i++) {
                    $got = self::call($client, $call, $step->options ?? null);
                    try {
                        self::checkOutcome($got, self::substitute($step->expect, $saved));
                    } catch (Mismatch $mismatch) {
                        throw new Mismatch(
                            "$at ({$call->operationId})" . ($times > 1 ? " call $i" : '') . ': '
                                . $mismatch->getMessage()
                        );
                    }
                }
                foreach (get_object_vars($step->save ?? new \stdClass()) as $key => $path) {
                    $saved[$key] = self::pointer(Cases::asJson($got?->data), $path);
                }
            } elseif (isset($step->sandbox)) {
                [, $envelope] = $this->sandboxRequest(
                    $step->sandbox->method,
                    (string) self::substitute($step->sandbox->path, $saved),
                );
                $data = $envelope->data ?? null;
                $expect = $step->expect;
                if (isset($expect->length) && (!is_array($data) || count($data) !== $expect->length)) {
                    throw new Mismatch(
                        "$at: {$step->sandbox->path} has " . (is_array($data) ? count($data) : 'no')
                            . " records, not {$expect->length}"
                    );
                }
                if (
                    isset($expect->dataIncludes)
                    && !Cases::includes($data, self::substitute($expect->dataIncludes, $saved))
                ) {
                    throw new Mismatch("$at: {$step->sandbox->path} without what was expected");
                }
            } elseif (isset($step->expectScenario)) {
                [, $envelope] = $this->sandboxRequest('GET', '/sandbox/scenarios');
                $want = $step->expectScenario;
                $seen = null;
                foreach ($envelope->data ?? [] as $scenario) {
                    if ($scenario->id === ($armed[$want->index] ?? null)) {
                        $seen = $scenario;
                    }
                }
                if ($seen === null) {
                    throw new Mismatch("$at: no scenario {$want->index}");
                }
                if (
                    (isset($want->matched) && $seen->matched !== $want->matched)
                    || (isset($want->answered) && $seen->answered !== $want->answered)
                ) {
                    throw new Mismatch(
                        "$at: the sandbox saw {$seen->matched} calls and answered {$seen->answered} by the scenario"
                    );
                }
            } elseif (isset($step->walk)) {
                $pages = 0;
                $items = 0;
                $ids = [];
                $params = get_object_vars($step->walk->params ?? new \stdClass());
                foreach ($client->paginateTransactions(...$params)->pages() as $page) {
                    $pages++;
                    $items += count($page->data);
                    foreach ($page->data as $transaction) {
                        $ids[$transaction->id] = true;
                    }
                    $after = $step->afterPage->{(string) $pages} ?? null;
                    if ($after !== null) {
                        $this->steps($after, $client, $saved, $armed);
                    }
                }
                $expect = $step->expect;
                if ([$pages, $items, count($ids)] !== [$expect->pages, $expect->items, $expect->distinctIds]) {
                    throw new Mismatch("$at: walked $pages pages, $items items, " . count($ids) . ' distinct');
                }
            } else {
                usleep((int) ($step->sleepMs * 1000));
            }
        }
    }

    private function scenario(\stdClass $case): string
    {
        if ($this->settings->sandbox === null || $this->settings->sandbox === '') {
            throw new Mismatch('no sandbox URL was given (--sandbox)');
        }
        [$status] = $this->sandboxRequest('POST', '/sandbox/reset');
        if ($status !== 200) {
            throw new Mismatch("the sandbox did not reset (HTTP $status)");
        }
        $client = self::client(
            $this->settings->sandbox,
            $this->settings->apiKey,
            $this->settings->secret,
            $case->client ?? null,
        );
        $saved = [];
        $armed = [];
        $this->steps($case->steps, $client, $saved, $armed);
        return count($case->steps) . ' steps as expected';
    }
}

/** @return array{cases: list<string>, sandbox: ?string, apiKey: string, secret: string, out: string} */
function arguments(array $argv): array
{
    $parsed = ['cases' => [], 'sandbox' => null, 'apiKey' => '', 'secret' => '', 'out' => ''];
    $flag = null;
    foreach (array_slice($argv, 1) as $arg) {
        if (str_starts_with($arg, '--')) {
            $flag = match ($arg) {
                '--cases' => 'cases',
                '--sandbox' => 'sandbox',
                '--api-key' => 'apiKey',
                '--secret' => 'secret',
                '--out' => 'out',
                default => throw new \InvalidArgumentException("unknown flag $arg"),
            };
            continue;
        }
        if ($flag === 'cases') {
            $parsed['cases'][] = $arg;
        } elseif ($flag !== null) {
            $parsed[$flag] = $arg;
            $flag = null;
        }
    }
    if ($parsed['cases'] === [] || $parsed['out'] === '') {
        throw new \InvalidArgumentException(
            'usage: runner.php --cases FILE... --sandbox URL --api-key KEY --secret SECRET --out RESULT.json'
        );
    }
    return $parsed;
}

try {
    $args = arguments($argv);
} catch (\InvalidArgumentException $error) {
    fwrite(STDERR, 'conformance (php): ' . $error->getMessage() . "\n");
    exit(2);
}
$runner = new Runner(new Settings($args['sandbox'], $args['apiKey'], $args['secret']));
$results = [];
foreach ($args['cases'] as $file) {
    $document = json_decode((string) file_get_contents($file), false, 512, JSON_THROW_ON_ERROR);
    foreach ($document->cases as $case) {
        if (isset($case->unsupported->{CLIENT})) {
            continue;
        }
        $results[] = $runner->run($case);
    }
}
file_put_contents(
    $args['out'],
    json_encode(
        ['client' => CLIENT, 'results' => $results],
        JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE,
    ) . "\n",
);
$failed = count(array_filter($results, static fn (array $r): bool => $r['outcome'] !== 'pass'));
fwrite(STDERR, 'conformance (php): ' . (count($results) - $failed) . " passed, $failed failed\n");
