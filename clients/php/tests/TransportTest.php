<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Cancellation;
use WalletApi\Exception\AbortedException;
use WalletApi\Exception\ApiException;
use WalletApi\Exception\InvalidResponseException;
use WalletApi\Exception\NetworkException;
use WalletApi\Exception\SigningException;
use WalletApi\Exception\TimeoutException;
use WalletApi\Exception\WalletApiException;
use WalletApi\Generated\Model\Swap;
use WalletApi\Internal\Caller;
use WalletApi\RequestOptions;
use WalletApi\RetryPolicy;
use WalletApi\SignatureInput;
use WalletApi\Signer;
use WalletApi\Tests\Support\Replay;
use WalletApi\Transport\TransportResponse;

/**
 * The client over its real curl transport against answers written byte for byte: what it
 * sends, and what it makes of each answer.
 */
final class TransportTest extends TestCase
{
    private ?Replay $replay = null;

    protected function tearDown(): void
    {
        $this->replay?->server->stop();
        $this->replay = null;
    }

    /** @param list<array<string, mixed>> $answers */
    private function replay(array $answers): Replay
    {
        return $this->replay = new Replay($answers);
    }

    private function failure(callable $call): WalletApiException
    {
        try {
            $call();
        } catch (WalletApiException $error) {
            return $error;
        }
        self::fail('the call did not throw');
    }

    public function testSignsTheExactBytesSentWithTheStandardHmac(): void
    {
        $replay = $this->replay([Replay::success([
            'id' => 's-1',
            'from' => 'usdt',
            'to' => 'ngn',
            'status' => 'pending',
            'rate' => '1542.25',
        ])]);
        $swap = $replay->client()->createSwap(from: 'usdt', to: 'ngn', amount: 100.5, password: 'pässword/ü');
        $replay->stop();
        self::assertInstanceOf(Swap::class, $swap);
        self::assertSame(['rate' => '1542.25'], $swap->additionalProperties, 'a member the spec does not list is kept');
        self::assertCount(1, $replay->received);
        $request = $replay->received[0];
        self::assertSame('POST', $request['method']);
        self::assertSame('/api/v1/swaps', $request['target']);
        self::assertEquals(
            (object) ['from' => 'usdt', 'to' => 'ngn', 'amount' => 100.5, 'password' => 'pässword/ü'],
            json_decode($request['body']),
        );
        self::assertSame('application/json', $request['headers']['content-type']);
        self::assertSame(Replay::API_KEY, $request['headers']['x-api-key']);
        self::assertMatchesRegularExpression(
            '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/',
            $request['headers']['x-timestamp'],
        );
        $canonical = $request['headers']['x-timestamp'] . "\nPOST\n/api/v1/swaps\n" . $request['body'];
        self::assertTrue(hash_equals(
            hash_hmac('sha256', $canonical, Replay::SECRET),
            $request['headers']['x-signature'],
        ));
        self::assertMatchesRegularExpression(
            '~^wallet-api-sdk-php/' . preg_quote(self::packageVersion()) . ' php/' . preg_quote(PHP_VERSION) . '$~',
            $request['headers']['user-agent'],
        );
    }

    /** The kit's version (VERSION at the repository's root, stamped into every package): the User-Agent's must be it. */
    private static function packageVersion(): string
    {
        $version = trim((string) file_get_contents(__DIR__ . '/../../../VERSION'));
        self::assertMatchesRegularExpression('/^\d+\.\d+\.\d+/', $version);
        return $version;
    }

    public function testEncodesPathAndQueryAsSentAndSigned(): void
    {
        $replay = $this->replay([
            Replay::success(['id' => 'a b/c', 'status' => 'confirmed']),
            Replay::success(['minimumAmount' => 5]),
        ]);
        $client = $replay->client();
        self::assertSame('confirmed', $client->confirmSwap(id: 'a b/c')->status);
        self::assertSame(5, $client->getMinimumWithdrawalAmount(coin: 'us dt&x=1')->minimumAmount);
        $replay->stop();
        self::assertSame('/api/v1/swaps/a%20b%2Fc/confirm', $replay->received[0]['target']);
        self::assertSame('', $replay->received[0]['body']);
        self::assertSame(
            '/api/v1/wallets/minimum-withdrawal-amount?coin=us%20dt%26x%3D1',
            $replay->received[1]['target'],
        );
        foreach ($replay->received as $request) {
            $canonical = $request['headers']['x-timestamp']
                . "\n{$request['method']}\n{$request['target']}\n{$request['body']}";
            self::assertTrue(hash_equals(
                hash_hmac('sha256', $canonical, Replay::SECRET),
                $request['headers']['x-signature'],
            ));
        }
    }

    public function testEveryRequestOfOneProcessCarriesItsOwnTimestamp(): void
    {
        $replay = $this->replay([Replay::success(null)]);
        $client = $replay->client();
        for ($i = 0; $i < 25; $i++) {
            $client->getRates();
        }
        $replay->stop();
        $timestamps = array_map(static fn (array $r): string => $r['headers']['x-timestamp'], $replay->received);
        self::assertCount(25, array_unique($timestamps));
        $sorted = $timestamps;
        sort($sorted);
        self::assertSame($sorted, $timestamps, 'each later than the one before');
        self::assertCount(
            25,
            array_unique(array_map(static fn (array $r): string => $r['headers']['x-signature'], $replay->received)),
        );
    }

    public function testAnErrorEnvelopeIsAnApiExceptionWithStatusMessageAndRetryAfter(): void
    {
        $replay = $this->replay([Replay::error(429, 'Slow down', [['retry-after', '7']])]);
        $error = $this->failure(fn () => $replay->client()->listWallets());
        $replay->stop();
        self::assertInstanceOf(ApiException::class, $error);
        self::assertSame('api', $error->getKind());
        self::assertSame(429, $error->getHttpStatus());
        self::assertSame('Slow down', $error->getApiMessage());
        self::assertSame('7', $error->getRetryAfter());
        self::assertSame('GET /api/v1/wallets', $error->getOperation());
        self::assertSame('GET /api/v1/wallets failed with HTTP 429: Slow down', $error->getMessage());
    }

    public function testA200WithStatusErrorIsAnApiException(): void
    {
        $replay = $this->replay([Replay::error(200, 'Insufficient balance')]);
        $error = $this->failure(fn () => $replay->client()->createSwap(
            from: 'usdt',
            to: 'ngn',
            amount: 1,
            password: 'p',
        ));
        self::assertInstanceOf(ApiException::class, $error);
        self::assertSame(200, $error->getHttpStatus());
    }

    /** @return iterable<string, array{0: array<string, mixed>, 1: string}> */
    public static function invalidAnswers(): iterable
    {
        yield 'html' => [
            ['status' => 502, 'headers' => [['content-type', 'text/html']], 'body' => ['utf8' => '<html>bad</html>']],
            'not JSON',
        ];
        yield 'empty' => [['status' => 200, 'headers' => []], 'empty body'];
        yield 'not the envelope' => [
            ['status' => 200, 'headers' => [], 'body' => ['json' => ['data' => []]]],
            '{status, message, data} envelope',
        ];
        yield 'unknown status' => [
            [
                'status' => 200,
                'headers' => [],
                'body' => ['json' => ['status' => 'ok', 'message' => '', 'data' => null]],
            ],
            'unknown envelope status',
        ];
        yield 'not UTF-8' => [
            [
                'status' => 200,
                'headers' => [],
                'body' => ['base64' => base64_encode("{\"status\":\"success\",\"message\":\"\xff\",\"data\":null}")],
            ],
            'not UTF-8',
        ];
        yield 'redirect' => [
            [
                'status' => 302,
                'headers' => [['location', 'http://127.0.0.1:9/elsewhere']],
                'body' => ['json' => ['status' => 'success', 'message' => 'OK', 'data' => null]],
            ],
            'never follows',
        ];
        yield 'data unlike the spec' => [
            Replay::success(['minimumAmount' => 'five']),
            'MinimumWithdrawal.minimumAmount is not a number',
        ];
    }

    /**
     * @dataProvider invalidAnswers
     * @param array<string, mixed> $answer
     */
    public function testAnAnswerThatIsNotTheEnvelopeIsAnInvalidResponse(array $answer, string $reason): void
    {
        $replay = $this->replay([$answer]);
        $error = $this->failure(fn () => $replay->client()->getMinimumWithdrawalAmount(coin: 'usdt'));
        $replay->stop();
        self::assertInstanceOf(InvalidResponseException::class, $error);
        self::assertSame($answer['status'], $error->getHttpStatus());
        self::assertStringContainsString($reason, $error->getMessage());
        self::assertCount(1, $replay->received, 'a redirect is not followed');
    }

    /** @return iterable<string, array{0: array<string, mixed>}> */
    public static function oversizedAnswers(): iterable
    {
        $big = Replay::success(str_repeat('x', 5000));
        yield 'content-length' => [$big];
        yield 'chunked' => [$big + ['framing' => 'chunked']];
        yield 'close' => [$big + ['framing' => 'close']];
        $inflating = json_encode(['status' => 'success', 'message' => 'OK', 'data' => str_repeat('0', 50_000)]);
        yield 'gzip inflating past the cap' => [[
            'status' => 200,
            'headers' => [['content-type', 'application/json'], ['content-encoding', 'gzip']],
            'body' => ['base64' => base64_encode((string) gzencode((string) $inflating))],
        ]];
    }

    /**
     * @dataProvider oversizedAnswers
     * @param array<string, mixed> $answer
     */
    public function testABodyOverTheCapIsRefusedAlsoAfterDecompression(array $answer): void
    {
        $replay = $this->replay([$answer]);
        $error = $this->failure(fn () => $replay->client(maxResponseBytes: 4096)->getRates());
        self::assertInstanceOf(InvalidResponseException::class, $error);
        self::assertStringContainsString('maxResponseBytes', $error->getMessage());
    }

    public function testAGzipBodyUnderTheCapIsRead(): void
    {
        $body = (string) json_encode([
            'status' => 'success',
            'message' => 'OK',
            'data' => ['k' => str_repeat('ab', 100)],
        ]);
        $replay = $this->replay([[
            'status' => 200,
            'headers' => [['content-encoding', 'gzip']],
            'body' => ['base64' => base64_encode((string) gzencode($body))],
        ]]);
        self::assertEquals(
            (object) ['k' => str_repeat('ab', 100)],
            $replay->client(maxResponseBytes: 4096)->getRates(),
        );
    }

    public function testRetriesAGetOnA503AfterItsRetryAfterAndSignsItAgain(): void
    {
        $replay = $this->replay([Replay::error(503, 'busy', [['retry-after', '1']]), Replay::success(null)]);
        self::assertNull($replay->client(retry: new RetryPolicy(
            attempts: 2,
            initialDelayMs: 10,
            maxDelayMs: 3000,
        ))->getRates());
        $replay->stop();
        self::assertCount(2, $replay->received);
        self::assertNotSame(
            $replay->received[0]['headers']['x-timestamp'],
            $replay->received[1]['headers']['x-timestamp'],
        );
        self::assertNotSame(
            $replay->received[0]['headers']['x-signature'],
            $replay->received[1]['headers']['x-signature'],
        );
    }

    /** @return iterable<string, array{0: string}> */
    public static function unreadableRetryAfter(): iterable
    {
        foreach (['²', '1.5', '-1', ' 2', 'abc', '+3'] as $value) {
            yield $value => [$value];
        }
    }

    /** @dataProvider unreadableRetryAfter */
    public function testARetryAfterThatIsNeitherDigitsNorADateFallsBackToTheBackoff(string $value): void
    {
        $replay = $this->replay([Replay::error(503, 'busy', [['retry-after', $value]]), Replay::success(null)]);
        self::assertNull($replay->client(retry: new RetryPolicy(
            attempts: 2,
            initialDelayMs: 0,
            maxDelayMs: 5000,
        ))->getRates());
        $replay->stop();
        self::assertCount(2, $replay->received, 'retried, never an exception of another kind');
        self::assertNull(Caller::retryAfterMs(new TransportResponse(503, [['Retry-After', $value]], ''), 5000));
    }

    public function testTheRetryAfterIsKeptAsSentItsSpacesIncluded(): void
    {
        $replay = $this->replay([Replay::error(503, 'busy', [['retry-after', ' 2']])]);
        $error = $this->failure(fn () => $replay->client()->getRates());
        self::assertSame(' 2', $error->getRetryAfter(), 'not trimmed to the digits 2');
    }

    /** @return iterable<string, array{0: int, 1: string, 2: int|null}> */
    public static function retryAfterValues(): iterable
    {
        yield 'seconds' => [503, '1', 1000];
        yield 'zero' => [429, '0', 0];
        yield 'capped by maxDelayMs' => [503, '30', 2000];
        yield 'leading zeros' => [503, '01', 1000];
        yield 'a date passed' => [503, 'Wed, 21 Oct 2015 07:28:00 GMT', 0];
        yield 'a date far ahead, capped' => [503, gmdate('D, d M Y H:i:s \\G\\M\\T', time() + 3600), 2000];
        yield 'not on a 502' => [502, '1', null];
        yield 'an ISO date' => [503, '2015-10-21T07:28:00Z', null];
    }

    /** @dataProvider retryAfterValues */
    public function testTheRetryAfterOfA429Or503IsReadAsDigitsOrAnHttpDate(
        int $status,
        string $value,
        ?int $waitMs,
    ): void {
        self::assertSame(
            $waitMs,
            Caller::retryAfterMs(new TransportResponse($status, [['retry-after', $value]], ''), 2000),
        );
    }

    public function testTheBackoffIsExponentialWithJitterAndAZeroInitialDelayWaitsZero(): void
    {
        $policy = new RetryPolicy(attempts: 5, initialDelayMs: 100, maxDelayMs: 300);
        for ($i = 0; $i < 200; $i++) {
            $first = $policy->backoffMs(1);
            $third = $policy->backoffMs(3);
            self::assertTrue($first >= 50 && $first <= 100, (string) $first);
            self::assertTrue($third >= 150 && $third <= 300, "capped: $third");
        }
        self::assertSame(0, (new RetryPolicy(attempts: 2, initialDelayMs: 0, maxDelayMs: 0))->backoffMs(1));
    }

    public function testAPostIsNeverRetried(): void
    {
        $replay = $this->replay([Replay::error(503, 'busy'), Replay::success(['id' => 'x', 'status' => 'confirmed'])]);
        $client = $replay->client(retry: new RetryPolicy(attempts: 3, initialDelayMs: 0, maxDelayMs: 10));
        $error = $this->failure(fn () => $client->confirmSwap(
            id: 'x',
            options: new RequestOptions(retry: new RetryPolicy(attempts: 3)),
        ));
        $replay->stop();
        self::assertInstanceOf(ApiException::class, $error);
        self::assertCount(1, $replay->received);
    }

    public function testRetriesAreOptInAndOffPerCall(): void
    {
        $replay = $this->replay([Replay::error(503, 'busy'), Replay::error(503, 'busy'), Replay::success(null)]);
        self::assertInstanceOf(ApiException::class, $this->failure(fn () => $replay->client()->getRates()));
        $retrying = $replay->client(retry: new RetryPolicy(attempts: 3, initialDelayMs: 0, maxDelayMs: 10));
        self::assertInstanceOf(
            ApiException::class,
            $this->failure(fn () => $retrying->getRates(options: new RequestOptions(retry: false))),
        );
        $replay->stop();
        self::assertCount(2, $replay->received);
    }

    public function testAResetBeforeTheHeadersIsANetworkErrorRetriedForAGet(): void
    {
        $replay = $this->replay([
            ['status' => 200, 'headers' => [], 'fault' => 'reset-before-headers'],
            Replay::success(null),
        ]);
        self::assertInstanceOf(NetworkException::class, $this->failure(fn () => $replay->client()->getRates()));
        self::assertNull($replay->client(retry: new RetryPolicy(
            attempts: 2,
            initialDelayMs: 0,
            maxDelayMs: 10,
        ))->getRates());
    }

    public function testAResetAfterTheHeadersIsNeverRetried(): void
    {
        $replay = $this->replay([
            Replay::success(['k' => str_repeat('v', 200)], ['fault' => 'reset-after-headers']),
            Replay::success(null),
        ]);
        $error = $this->failure(fn () => $replay->client(retry: new RetryPolicy(
            attempts: 3,
            initialDelayMs: 0,
            maxDelayMs: 10,
        ))->getRates());
        $replay->stop();
        self::assertInstanceOf(NetworkException::class, $error);
        self::assertSame(200, $error->getHttpStatus());
        self::assertCount(1, $replay->received);
    }

    public function testATimeoutOfTheClientAndOfOneCall(): void
    {
        $replay = $this->replay([Replay::success(null, ['delayMs' => 1500])]);
        $error = $this->failure(fn () => $replay->client(timeoutMs: 200)->getRates());
        self::assertInstanceOf(TimeoutException::class, $error);
        self::assertStringContainsString('200 ms', $error->getMessage());
        $error = $this->failure(fn () => $replay->client()->getRates(options: new RequestOptions(timeoutMs: 150)));
        self::assertInstanceOf(TimeoutException::class, $error);
        self::assertStringContainsString('150 ms', $error->getMessage());
    }

    public function testACancellationEndsTheCallAsAborted(): void
    {
        // Without the cancellation the call would succeed, 1.5 s later.
        $replay = $this->replay([Replay::success(null, ['delayMs' => 1500])]);
        $error = $this->failure(
            fn () => $replay->client()->getRates(options: new RequestOptions(cancellation: Cancellation::after(100)))
        );
        self::assertInstanceOf(AbortedException::class, $error);
    }

    /** @return iterable<string, array{0: Signer, 1: string}> */
    public static function badSigners(): iterable
    {
        yield 'throws' => [new class () implements Signer {
            public function sign(SignatureInput $input): string
            {
                throw new \RuntimeException('vault down, secret replay-signing-secret');
            }
        }, 'the signer threw RuntimeException'];
        yield 'empty' => [new class () implements Signer {
            public function sign(SignatureInput $input): string
            {
                return '';
            }
        }, 'empty signature'];
        yield 'line break' => [new class () implements Signer {
            public function sign(SignatureInput $input): string
            {
                return "abc\r\nx-evil: 1";
            }
        }, 'not a valid HTTP header value'];
    }

    /** @dataProvider badSigners */
    public function testASignerThatFailsSendsNothing(Signer $signer, string $said): void
    {
        $replay = $this->replay([Replay::success(null)]);
        $error = $this->failure(fn () => $replay->client(signer: $signer)->getRates());
        $replay->stop();
        self::assertInstanceOf(SigningException::class, $error);
        self::assertStringContainsString($said, $error->getMessage());
        self::assertStringNotContainsString(Replay::SECRET, $error->getMessage());
        self::assertNull($error->getPrevious(), 'a signer\'s exception is never chained');
        self::assertCount(0, $replay->received);
    }

    public function testAWrongArgumentTypeIsATypeErrorBeforeAnythingIsSent(): void
    {
        $replay = $this->replay([Replay::success(null)]);
        $client = $replay->client();
        try {
            $client->createSwap(...['from' => 'usdt', 'to' => 'ngn', 'amount' => '100', 'password' => 'p']);
            self::fail('a string amount was taken');
        } catch (\TypeError $error) {
            self::assertStringContainsString('$amount', $error->getMessage());
        }
        $replay->stop();
        self::assertCount(0, $replay->received);
    }

    public function testTheRawResponseVariantGivesStatusHeadersEnvelopeAndTheModel(): void
    {
        $answer = ['headers' => [
            ['content-type', 'application/json'],
            ['x-request-id', 'req-9'],
        ]] + Replay::success(['_id' => 'w', 'token' => 'usdt', 'status' => 'active']);
        $replay = $this->replay([$answer]);
        $raw = $replay->client()->withRawResponse()->createWallet(token: 'usdt');
        self::assertSame(200, $raw->status);
        self::assertSame('req-9', $raw->header('X-Request-Id'));
        self::assertSame('OK', $raw->envelope->message);
        self::assertSame('w', $raw->data->id);
    }

    public function testTheLoggerGetsALinePerAttemptAndPerFailureWithoutCredentials(): void
    {
        $replay = $this->replay([Replay::error(503, 'busy'), Replay::error(400, 'bad request')]);
        $logger = new \WalletApi\Conformance\CapturingLogger();
        $client = $replay->client(
            logger: $logger,
            retry: new RetryPolicy(attempts: 2, initialDelayMs: 0, maxDelayMs: 10),
        );
        $this->failure(fn () => $client->getRates());
        $replay->stop();
        self::assertCount(4, $logger->lines, implode("\n", $logger->lines));
        self::assertStringContainsString('wallet-api attempt', $logger->lines[0]);
        self::assertStringContainsString('wallet-api retry', $logger->lines[1]);
        self::assertStringContainsString(
            'wallet-api call failed: GET /api/v1/utils/rates failed with HTTP 400',
            $logger->lines[3],
        );
        foreach ($logger->lines as $line) {
            self::assertStringNotContainsString(Replay::API_KEY, $line);
            self::assertStringNotContainsString(Replay::SECRET, $line);
            foreach ($replay->received as $request) {
                self::assertStringNotContainsString($request['headers']['x-signature'], $line);
            }
        }
    }
}
