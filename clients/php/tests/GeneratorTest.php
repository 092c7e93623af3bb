<?php

declare(strict_types=1);

namespace WalletApi\Tests;

use PHPUnit\Framework\TestCase;
use WalletApi\Internal\ModelDataException;

/**
 * The generator (codegen/generate.php): the code it writes for the shapes a spec holds, and
 * that it writes the committed code byte for byte.
 */
final class GeneratorTest extends TestCase
{
    private static string $dir;

    /** @return array<string, string> path => contents */
    private static function generate(string $spec, string $out): array
    {
        exec(
            sprintf(
                'php %s --spec %s --out-dir %s 2>&1',
                escapeshellarg(__DIR__ . '/../codegen/generate.php'),
                escapeshellarg($spec),
                escapeshellarg($out),
            ),
            $output,
            $code,
        );
        self::assertSame(0, $code, implode("\n", $output));
        $files = [];
        $iterator = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(
            $out,
            \FilesystemIterator::SKIP_DOTS,
        ));
        foreach ($iterator as $file) {
            $files[substr($file->getPathname(), strlen($out) + 1)] = (string) file_get_contents($file->getPathname());
        }
        ksort($files);
        return $files;
    }

    public static function setUpBeforeClass(): void
    {
        self::$dir = sys_get_temp_dir() . '/php-generator-' . getmypid();
        $files = self::generate(__DIR__ . '/fixtures/generator-spec.json', self::$dir);
        foreach (['FixtureColour', 'FixtureOrderLinesItem', 'FixtureOrder'] as $class) {
            require_once self::$dir . "/Model/$class.php";
        }
        self::assertArrayHasKey('MANIFEST', $files);
    }

    public static function tearDownAfterClass(): void
    {
        exec('rm -rf ' . escapeshellarg(self::$dir));
    }

    public function testAModelIsReadonlyTypedAndKeepsWhatTheSpecDoesNotList(): void
    {
        $json = json_decode(
            '{"_id":"o-1","total":"12.50","colour":"deep red","lines":[{"sku":"a","qty":2,"gift":true}],'
            . '"meta":{"x":[1]},"extra":{}}'
        );
        $order = \WalletApi\Generated\Model\FixtureOrder::fromJson($json);
        self::assertSame('o-1', $order->id);
        self::assertSame('12.50', $order->total, 'a decimal string stays a string');
        self::assertSame(\WalletApi\Generated\Model\FixtureColour::DeepRed, $order->colour);
        self::assertNull($order->count);
        self::assertSame(['gift' => true], $order->lines[0]->additionalProperties);
        self::assertEquals(['extra' => new \stdClass()], $order->additionalProperties);
        self::assertEquals($json, json_decode((string) json_encode($order)), 'written back as received');
        $class = new \ReflectionClass($order);
        self::assertTrue($class->isFinal());
        foreach ($class->getProperties() as $property) {
            self::assertTrue($property->isReadOnly(), $property->getName());
        }
        self::assertSame('string', (string) $class->getProperty('id')->getType());
        self::assertSame('?int', (string) $class->getProperty('count')->getType());
    }

    /** @return iterable<string, array{0: string, 1: string}> */
    public static function unlikeTheSpec(): iterable
    {
        yield 'missing' => ['{"total":"1","colour":"blue","lines":[]}', 'FixtureOrder._id is missing'];
        yield 'another type' => [
            '{"_id":1,"total":"1","colour":"blue","lines":[]}',
            'FixtureOrder._id is not a string',
        ];
        yield 'not an enum value' => [
            '{"_id":"o","total":"1","colour":"green","lines":[]}',
            'FixtureOrder.colour is not one of the values',
        ];
        yield 'an item of another type' => [
            '{"_id":"o","total":"1","colour":"blue","lines":[{"sku":"a","qty":"2"}]}',
            'FixtureOrderLinesItem.qty is not a number',
        ];
        yield 'not an object' => ['[]', 'FixtureOrder is not an object'];
    }

    /** @dataProvider unlikeTheSpec */
    public function testDataUnlikeTheSpecNamesTheMember(string $json, string $message): void
    {
        $this->expectException(ModelDataException::class);
        $this->expectExceptionMessage($message);
        \WalletApi\Generated\Model\FixtureOrder::fromJson(json_decode($json));
    }

    public function testOperationsTakeNamedTypedArgumentsRequiredFirst(): void
    {
        $operations = (string) file_get_contents(self::$dir . '/Operations.php');
        self::assertStringContainsString(
            "public function createFixtureOrder(\n        #[\\SensitiveParameter] string \$pin,\n"
                . "        int|float \$total,\n"
                . "        ?string \$note = null,\n        ?RequestOptions \$options = null,\n    ): array {",
            $operations,
        );
        self::assertStringContainsString('@return array<string, FixtureOrder>', $operations);
        self::assertStringContainsString(
            "public function getFixtureOrder(\n        string \$id,\n        ?bool \$verbose = null,",
            $operations,
        );
        $table = (string) file_get_contents(self::$dir . '/OperationTable.php');
        self::assertStringContainsString(
            "'getFixtureOrder' => [\n            'method' => 'GET',\n            'path' => '/orders/{id}',\n"
            . "            'pathParameters' => ['id'],\n            'queryParameters' => ['verbose'],\n"
            . "            'bodyFields' => [],\n            'data' => 'model',\n        ],",
            $table,
        );
    }

    public function testTheCommittedCodeIsWhatTheGeneratorWritesByteForByte(): void
    {
        $fresh = sys_get_temp_dir() . '/php-generator-fresh-' . getmypid();
        try {
            $first = self::generate(__DIR__ . '/../../../generated/openapi.json', $fresh);
            $again = self::generate(__DIR__ . '/../../../generated/openapi.json', $fresh);
            self::assertSame($first, $again);
            $committed = [];
            foreach ($first as $path => $contents) {
                $committed[$path] = (string) @file_get_contents(__DIR__ . "/../src/Generated/$path");
            }
            self::assertSame($first, $committed, 'run php clients/php/codegen/generate.php and commit it');
            $names = array_keys($first);
            sort($names);
            $present = array_values(array_filter(
                array_map(static fn (string $p): string => substr($p, strlen(__DIR__ . '/../src/Generated/')), [
                    ...glob(__DIR__ . '/../src/Generated/*') ?: [],
                    ...glob(__DIR__ . '/../src/Generated/Model/*') ?: [],
                ]),
                static fn (string $p): bool => $p !== 'Model',
            ));
            sort($present);
            self::assertSame($names, $present, 'no file left over');
        } finally {
            exec('rm -rf ' . escapeshellarg($fresh));
        }
    }
}
