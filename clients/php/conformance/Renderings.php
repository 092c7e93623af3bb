<?php

declare(strict_types=1);

namespace WalletApi\Conformance;

/** How a caller or a log renders an exception (the kit's list for PHP). */
final class Renderings
{
    /**
     * Every rendering of an exception a caller or a log may make.
     *
     * @return array<string, string>
     */
    public static function of(\Throwable $error): array
    {
        ob_start();
        var_dump($error);
        $dumped = (string) ob_get_clean();
        return [
            'getMessage()' => $error->getMessage(),
            '__toString()' => (string) $error,
            'var_dump' => $dumped,
            'print_r' => print_r($error, true),
            'var_export' => var_export($error, true),
            'json_encode' => (string) json_encode(
                $error,
                JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PARTIAL_OUTPUT_ON_ERROR,
            ),
            'serialize' => serialize($error),
            'getTraceAsString()' => $error->getTraceAsString(),
        ];
    }
}
