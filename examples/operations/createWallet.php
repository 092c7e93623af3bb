<?php

// Create a wallet for a supported token (discovered for the environment), optionally named.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

if ($argc !== 2 && $argc !== 3) {
    fwrite(STDERR, "usage: createWallet.php <token> [name]\n");
    exit(2);
}
$wallet = $client->createWallet(token: $argv[1], name: $argv[2] ?? null);
echo json_encode($wallet, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
