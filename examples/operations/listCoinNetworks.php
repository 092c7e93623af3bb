<?php

// The networks of a coin: their reference is the chain value of deposits and withdrawals.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

if ($argc !== 2) {
    fwrite(STDERR, "usage: listCoinNetworks.php <coin>\n");
    exit(2);
}
$networks = $client->listCoinNetworks(coin: $argv[1]);
echo json_encode($networks, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
