<?php

declare(strict_types=1);

// The SDK as a project without Composer loads it, the kit's replay server, and the tests' support.
require __DIR__ . '/../src/autoload.php';
foreach (['Cases', 'ReplayServer', 'Mismatch', 'CapturingLogger', 'Got', 'Settings', 'Renderings'] as $support) {
    require_once __DIR__ . "/../conformance/$support.php";
}
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'WalletApi\\Tests\\')) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen('WalletApi\\Tests\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
