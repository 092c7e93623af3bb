<?php

/**
 * For projects without Composer: `require 'path/to/clients/php/src/autoload.php';` loads the
 * WalletApi classes (PSR-4, the same mapping composer.json declares).
 */

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'WalletApi\\')) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen('WalletApi\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
