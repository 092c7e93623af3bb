<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Tests\Support\Sandbox;

/**
 * The conformance runner on the case formats the team agreed on (mask vectors, repeated
 * calls with distinct headers, repeated scenario steps): each passes when the client keeps the
 * rule, and a case the client cannot meet fails with a `saw` that quotes no secret.
 */
final class RunnerTest extends TestCase
{
    /**
     * @param list<array<string, mixed>> $cases
     * @return array<string, array{outcome: string, saw: string}>
     */
    private static function runCases(array $cases): array
    {
        $dir = sys_get_temp_dir() . '/php-runner-' . getmypid();
        @mkdir($dir);
        file_put_contents("$dir/cases.json", json_encode(['cases' => $cases]));
        $sandbox = Sandbox::get();
        $command = [
            'php', __DIR__ . '/../conformance/runner.php', '--cases', "$dir/cases.json", '--sandbox', $sandbox->url,
            '--api-key', Sandbox::RUNNER_API_KEY, '--secret', Sandbox::RUNNER_SECRET, '--out', "$dir/out.json",
        ];
        $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        self::assertIsResource($process);
        stream_get_contents($pipes[2]);
        self::assertSame(0, proc_close($process));
        $out = json_decode((string) file_get_contents("$dir/out.json"), true);
        exec('rm -rf ' . escapeshellarg($dir));
        $results = [];
        foreach ($out['results'] as $result) {
            $results[$result['case']] = ['outcome' => $result['outcome'], 'saw' => $result['saw']];
        }
        return $results;
    }

    public function testTheAgreedCaseFormatsRun(): void
    {
        $signature = hash_hmac('sha256', 'x', 'y');
        $carried = [
            'apiKey' => 'live-key-ABCDEFGH',
            'secret' => 'signing-secret-123',
            'signature' => $signature,
            'fields' => ['password' => 'pass word+plus', 'accountNumber' => '0123456789'],
        ];
        $signatureInBase64 = base64_encode((string) hex2bin($signature));
        $text = '{"account":123456789,"id":"TRX-100158","bankCode":"x","pw":"pass%20word%2Bplus",'
            . '"sig":"' . $signatureInBase64 . '","key":"' . bin2hex('live-key-ABCDEFGH') . '"}';
        $envelope = ['status' => 'success', 'message' => 'OK', 'data' => null];
        $results = self::runCases([
            [
                'id' => 'mask-kept-and-absent', 'type' => 'mask', 'covers' => 'x',
                'carried' => $carried, 'text' => $text,
                'expect' => [
                    'absent' => [
                        '123456789',
                        'pass%20word%2Bplus',
                        bin2hex('live-key-ABCDEFGH'),
                        rtrim($signatureInBase64, '='),
                    ],
                    'kept' => ['TRX-100158', 'bankCode'],
                ],
            ],
            [
                'id' => 'mask-a-kept-value-masked', 'type' => 'mask', 'covers' => 'x',
                'carried' => $carried, 'text' => $text,
                'expect' => ['absent' => [], 'kept' => ['TRX-100158', '123456789']],
            ],
            [
                'id' => 'exchange-repeat-distinct', 'type' => 'exchange', 'covers' => 'x',
                'call' => ['operationId' => 'getRates', 'params' => new \stdClass(), 'repeat' => 5],
                'answers' => [['status' => 200, 'headers' => [], 'body' => ['json' => $envelope]]],
                'expect' => ['data' => null, 'requests' => 5, 'distinctHeaders' => ['x-timestamp', 'x-signature']],
            ],
            [
                'id' => 'scenario-times', 'type' => 'scenario', 'covers' => 'x',
                'steps' => [[
                    'call' => ['operationId' => 'getRates', 'params' => new \stdClass()],
                    'times' => 50,
                    'expect' => ['dataIncludes' => new \stdClass()],
                ]],
            ],
        ]);
        self::assertSame(['outcome' => 'pass', 'saw' => 'masked as expected'], $results['mask-kept-and-absent']);
        self::assertSame(['outcome' => 'fail', 'saw' => 'kept[1] vanished'], $results['mask-a-kept-value-masked']);
        self::assertSame(
            'pass',
            $results['exchange-repeat-distinct']['outcome'],
            $results['exchange-repeat-distinct']['saw'],
        );
        self::assertSame('pass', $results['scenario-times']['outcome'], $results['scenario-times']['saw']);
    }
}
