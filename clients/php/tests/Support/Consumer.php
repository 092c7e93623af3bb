<?php

declare(strict_types=1);

namespace WalletApi\Tests\Support;

use WalletApi\Version;

/**
 * An integrator's project (tests/consumer) that requires the SDK through a Composer `path`
 * repository, installed once per run into a temporary folder with the network turned off.
 */
final class Consumer
{
    private static ?string $dir = null;

    public static function project(): string
    {
        if (self::$dir !== null) {
            return self::$dir;
        }
        $dir = sys_get_temp_dir() . '/php-consumer-' . getmypid();
        @mkdir($dir);
        $manifest = json_decode((string) file_get_contents(__DIR__ . '/../consumer/composer.json'), true);
        // The path repository's package carries no version of its own (composer.json has none,
        // a Git checkout would give its branch): it is the kit's, as a release of it would be.
        $manifest['repositories'][0]['url'] = dirname(__DIR__, 2);
        $manifest['repositories'][0]['options']['versions'] = ['wallet-api/sdk' => Version::SDK];
        file_put_contents("$dir/composer.json", json_encode($manifest, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));
        copy(__DIR__ . '/../consumer/quickstart.php', "$dir/quickstart.php");
        $env = [
            'COMPOSER_HOME' => "$dir/.composer",
            'COMPOSER_DISABLE_NETWORK' => '1',
            'PATH' => (string) getenv('PATH'),
            'HOME' => $dir,
        ];
        $process = proc_open(
            ['composer', 'install', '--no-interaction', '--no-progress', '--no-dev'],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            $dir,
            $env,
        );
        if (!is_resource($process)) {
            throw new \RuntimeException('composer could not be started');
        }
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        if (proc_close($process) !== 0) {
            throw new \RuntimeException("composer install failed:\n$out");
        }
        register_shutdown_function(static fn () => exec('rm -rf ' . escapeshellarg($dir)));
        return self::$dir = $dir;
    }

    /**
     * Runs a PHP program of the project against the sandbox; its exit code, stdout and stderr.
     *
     * @param list<string> $args
     * @param array<string, string> $env
     * @return array{0: int, 1: string, 2: string}
     */
    public static function run(string $program, array $args = [], array $env = []): array
    {
        $sandbox = Sandbox::get();
        $env += [
            'PATH' => (string) getenv('PATH'),
            'WALLET_API_ENVIRONMENT' => 'custom',
            'WALLET_API_BASE_URL' => $sandbox->url,
            'WALLET_API_KEY' => Sandbox::API_KEY,
            'WALLET_API_SIGNING_SECRET' => Sandbox::SECRET,
            'CUSTOMER_AUTHORIZATION' => 'customer-authorization-value',
        ];
        $process = proc_open(
            ['php', $program, ...$args],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            self::project(),
            $env,
        );
        if (!is_resource($process)) {
            throw new \RuntimeException("$program could not be started");
        }
        $out = (string) stream_get_contents($pipes[1]);
        $err = (string) stream_get_contents($pipes[2]);
        return [proc_close($process), $out, $err];
    }
}
