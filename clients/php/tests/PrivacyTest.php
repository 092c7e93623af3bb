<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Conformance\CapturingLogger;
use WalletApi\Conformance\Renderings;
use WalletApi\Exception\ApiException;
use WalletApi\Exception\InvalidResponseException;
use WalletApi\Exception\WalletApiException;
use WalletApi\HmacSha256Signer;
use WalletApi\Privacy\Echoes;
use WalletApi\Privacy\Policy;
use WalletApi\RetryPolicy;
use WalletApi\Tests\Support\Replay;
use WalletApi\WalletApiClient;

/**
 * The privacy policy's port (docs/privacy.md) and the renderings of every exception: no
 * carried value in any form a provider may echo it in, and nothing over-masked.
 */
final class PrivacyTest extends TestCase
{
    private const PASSWORD = 'hunter2 pass+word/ü';
    private const ACCOUNT = '0123456789';
    private const SIGNATURE = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

    private static function policy(): Policy
    {
        return new Policy(Policy::carriedByCall(
            Replay::API_KEY,
            Replay::SECRET,
            [self::SIGNATURE],
            ['password' => self::PASSWORD, 'accountNumber' => self::ACCOUNT, 'bankCode' => '058', 'remark' => 'rent'],
        ));
    }

    /**
     * @return iterable<string, array{0: string}> each form a provider may echo a carried value in (the oracle: made
     * here, not by the policy)
     */
    public static function echoedForms(): iterable
    {
        $password = self::PASSWORD;
        yield 'verbatim' => [$password];
        yield 'upper case' => [mb_strtoupper($password)];
        yield 'JSON-escaped' => [substr((string) json_encode($password), 1, -1)];
        yield 'rawurlencode' => [rawurlencode($password)];
        yield 'urlencode (+ for a space)' => [urlencode($password)];
        yield 'encoded twice' => [rawurlencode(rawurlencode($password))];
        yield 'encodeURIComponent twice' => [str_replace('%', '%25', rawurlencode($password))];
        yield 'base64' => [base64_encode($password)];
        yield 'base64url unpadded' => [rtrim(strtr(base64_encode($password), '+/', '-_'), '=')];
        yield 'hex' => [bin2hex($password)];
        yield 'API key in base64' => [base64_encode(Replay::API_KEY)];
        yield 'secret in hex' => [bin2hex(Replay::SECRET)];
        yield 'signature as base64 of its bytes' => [base64_encode((string) hex2bin(self::SIGNATURE))];
        yield 'signature upper case' => [strtoupper(self::SIGNATURE)];
        yield 'account with spaces' => ['0123 456 789'];
        yield 'account with dashes' => ['0123-456-789'];
        yield 'account with dots' => ['01.23.45.67.89'];
        yield 'account with a no-break space' => ["01234\u{a0}56789"];
        yield 'account with %20' => ['0123%20456789'];
        yield 'account as a JSON number' => ['123456789'];
    }

    /** @dataProvider echoedForms */
    public function testACarriedValueIsFoundInEachFormItIsEchoedIn(string $form): void
    {
        foreach (["Rejected {$form}.", "{\"echo\":\"{$form}\"}", "<b>{$form}</b>", "x-{$form}-seen: 1"] as $text) {
            $masked = self::policy()->text($text);
            self::assertStringNotContainsStringIgnoringCase($form, $masked, $text);
        }
    }

    public function testWhatMerelyResemblesACarriedValueIsKept(): void
    {
        $policy = self::policy();
        // The bank code 058 without its leading zero is 58: masked only where it stands as a number.
        self::assertSame('{"id":"TRX-100158","h":"6e58"}', $policy->text('{"id":"TRX-100158","h":"6e58"}'));
        self::assertSame('{"code":000}', $policy->text('{"code":58}'), 'masked as the bank code is: its shape');
        self::assertSame('status pending, 10 items', $policy->text('status pending, 10 items'));
    }

    public function testProtectedFieldsAreMaskedByNameWhateverTheirValue(): void
    {
        $policy = new Policy();
        self::assertSame('Invalid password: [redacted] length', $policy->text('Invalid password: wrong length'));
        self::assertSame('account_number=0000-000-000&x=1', $policy->text('account_number=4821-555-193&x=1'));
        self::assertEquals(
            (object) [
                'customerPin' => '[redacted]',
                'receiverAccountNumber' => '0000000000',
                'amount' => 12.5,
                'pin' => 0,
            ],
            $policy->json((object) [
                'customerPin' => '4821',
                'receiverAccountNumber' => '2345678901',
                'amount' => 12.5,
                'pin' => 4821,
            ]),
        );
        self::assertSame(
            'to 0x0xx0x000000xX000000000000Xx000xxx00XXX00',
            $policy->text('to 0x8ba1f109551bD432803012645Ac136ddd64DBA72'),
        );
    }

    public function testAHeaderNameThatHeldACarriedValueIsRenamedWhole(): void
    {
        $headers = self::policy()->headers([
            ['x-' . self::PASSWORD, 'seen'],
            ['x-api-key', Replay::API_KEY],
            ['x-request-id', 'r-1'],
        ]);
        self::assertSame(
            [['redacted-header-1', 'seen'], ['x-api-key', '[redacted]'], ['x-request-id', 'r-1']],
            $headers,
        );
    }

    public function testTheFormsOfAValueAreTheKitsOwn(): void
    {
        self::assertSame(
            ['abc-1.2_3'],
            Echoes::variantsOf('abc-1.2_3'),
            'an unreserved value is the same in every encoding',
        );
        self::assertSame(['0123456789', '123456789'], Echoes::looseForms('0123 456 789'));
        self::assertSame([], Echoes::looseForms('password'), 'a word is not an identifier');
        self::assertSame([], Echoes::encodedForms('short'), 'a value under 8 characters is not looked for encoded');
    }

    /**
     * A careless provider echoes everything the call carried into the message, a header's
     * value and name, and the body: no rendering of the error shows any of it.
     */
    public function testNoRenderingOfAnyExceptionShowsWhatTheCallCarried(): void
    {
        $echo = 'key {{header:x-api-key}} sig {{header:x-signature}}'
            . ' pw {{field:password}} acct {{field:accountNumber}}';
        $answers = [
            [
                'status' => 400,
                'echo' => true,
                'headers' => [
                    ['content-type', 'application/json'],
                    ['x-echo', '{{header:x-signature}}'],
                    ['x-{{field:password}}', '1'],
                ],
                'body' => [
                    'utf8' => '{"status":"error","message":"' . $echo . '","data":{"password":"{{field:password}}"}}',
                ],
            ],
            [
                'status' => 502,
                'echo' => true,
                'headers' => [['content-type', 'text/html']],
                'body' => ['utf8' => "<p>$echo</p>"],
            ],
            [
                'status' => 200,
                'echo' => true,
                'headers' => [['content-type', 'application/json']],
                'body' => [
                    'utf8' => '{"status":"success","message":"OK","data":{"transactionId":"{{field:accountNumber}}"}}'
                ],
            ],
        ];
        $replay = new Replay($answers);
        $logger = new CapturingLogger();
        $client = $replay->client(logger: $logger);
        $errors = [];
        foreach ([ApiException::class, InvalidResponseException::class, InvalidResponseException::class] as $expected) {
            try {
                $client->previewLocalPayout(
                    amount: 25000,
                    coin: 'ngn',
                    accountNumber: self::ACCOUNT,
                    bankCode: '058',
                    remark: self::PASSWORD,
                );
                self::fail('the call did not throw');
            } catch (WalletApiException $error) {
                self::assertInstanceOf($expected, $error);
                $errors[] = $error;
            }
        }
        try {
            $client->createSwap(from: 'usdt', to: 'ngn', amount: 1, password: self::PASSWORD);
        } catch (WalletApiException $error) {
            $errors[] = $error;
        }
        $replay->server->stop();
        [$received] = $replay->server->stop();
        $carried = [Replay::API_KEY, Replay::SECRET, self::PASSWORD, self::ACCOUNT, rawurlencode(self::PASSWORD)];
        foreach ($received as $request) {
            $carried[] = $request['headers']['x-signature'];
        }
        foreach ($errors as $error) {
            $renderings = Renderings::of($error) + ['unserialized' => print_r(unserialize(serialize($error)), true)];
            foreach ($logger->lines as $i => $line) {
                $renderings["log line $i"] = $line;
            }
            foreach ($renderings as $how => $text) {
                foreach ($carried as $value) {
                    self::assertStringNotContainsString($value, $text, get_class($error) . " $how");
                }
            }
        }
        // What the provider sent stays reachable through the raw accessors only.
        self::assertInstanceOf(ApiException::class, $errors[0]);
        self::assertStringContainsString(self::ACCOUNT, (string) json_encode($errors[0]->rawEnvelope()));
        self::assertStringContainsString('acct 0000000000', $errors[0]->getApiMessage());
        self::assertInstanceOf(InvalidResponseException::class, $errors[1]);
        self::assertStringContainsString(self::ACCOUNT, (string) $errors[1]->rawBody());
    }

    public function testTheTraceKeepsNoArgumentsWhateverTheIniSays(): void
    {
        self::assertSame('0', ini_get('zend.exception_ignore_args'), 'arguments would be in traces');
        $replay = new Replay([Replay::error(400, 'no')]);
        try {
            $replay->client()->createSwap(from: 'usdt', to: 'ngn', amount: 1, password: 'the-customer-password');
            self::fail('the call did not throw');
        } catch (WalletApiException $error) {
            self::assertStringNotContainsString('the-customer-password', $error->getTraceAsString());
            self::assertStringNotContainsString('the-customer-password', (string) $error);
            foreach ($error->getTrace() as $frame) {
                self::assertArrayNotHasKey('args', $frame);
            }
        }
    }

    public function testTheClientItsSignerAndItsOptionsShowNoCredential(): void
    {
        $signer = new HmacSha256Signer(Replay::SECRET);
        $client = new WalletApiClient(
            environment: 'custom',
            baseUrl: 'http://127.0.0.1:9',
            apiKey: Replay::API_KEY,
            signer: $signer,
            retry: new RetryPolicy(),
        );
        foreach ([$client, $signer, $client->withRawResponse()] as $object) {
            ob_start();
            var_dump($object);
            $renderings = [
                (string) ob_get_clean(),
                print_r($object, true),
                var_export($object, true),
                (string) json_encode($object),
            ];
            foreach ($renderings as $text) {
                self::assertStringNotContainsString(Replay::API_KEY, $text);
                self::assertStringNotContainsString(Replay::SECRET, $text);
            }
        }
        $this->expectException(\LogicException::class);
        serialize($client);
    }
}
