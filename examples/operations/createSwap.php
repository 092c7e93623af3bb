<?php

// Create a swap (pending) once the user has accepted the quote; confirm or cancel it next.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

if ($argc !== 4) {
    fwrite(STDERR, "usage: createSwap.php <from> <to> <amount>\n");
    exit(2);
}
[, $from, $to, $amount] = $argv;
if (!is_numeric($amount)) {
    fwrite(STDERR, "amount is not a number\n");
    exit(2);
}
// The customer's authorization value, from your backend's authorization flow.
$password = getenv('CUSTOMER_AUTHORIZATION');
if ($password === false || $password === '') {
    fwrite(STDERR, "CUSTOMER_AUTHORIZATION is not set\n");
    exit(2);
}
// Never retried: a POST moves value and the API has no idempotency key.
$swap = $client->createSwap(from: $from, to: $to, amount: +$amount, password: $password);
echo json_encode($swap, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
