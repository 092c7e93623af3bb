<?php

// The deposit address of a coin on its first network, both discovered, never hard-coded.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

if ($argc !== 2) {
    fwrite(STDERR, "usage: getDepositAddress.php <coin>\n");
    exit(2);
}
$networks = $client->listCoinNetworks(coin: $argv[1]);
if ($networks === []) {
    fwrite(STDERR, "{$argv[1]} has no network in this environment\n");
    exit(1);
}
$address = $client->getDepositAddress(coin: $argv[1], chain: $networks[0]->reference);
echo json_encode($address, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
