<?php

// Preview a crypto withdrawal on a discovered network, above the coin's minimum.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

if ($argc !== 4) {
    fwrite(STDERR, "usage: previewWithdrawal.php <coin> <amount> <receiver_address>\n");
    exit(2);
}
[, $coin, $amount, $receiverAddress] = $argv;
if (!is_numeric($amount)) {
    fwrite(STDERR, "amount is not a number\n");
    exit(2);
}
$networks = $client->listCoinNetworks(coin: $coin);
if ($networks === []) {
    fwrite(STDERR, "$coin has no network in this environment\n");
    exit(1);
}
$minimum = $client->getMinimumWithdrawalAmount(coin: $coin)->minimumAmount;
if (+$amount < $minimum) {
    fwrite(STDERR, "the minimum withdrawal of $coin is $minimum\n");
    exit(1);
}
$preview = $client->previewWithdrawal(
    coin: $coin,
    chain: $networks[0]->reference,
    amount: +$amount,
    receiverAddress: $receiverAddress,
);
echo json_encode($preview, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
