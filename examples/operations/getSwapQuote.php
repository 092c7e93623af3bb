<?php

// Quote a swap: show the user what they receive before they confirm.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

if ($argc !== 4) {
    fwrite(STDERR, "usage: getSwapQuote.php <from> <to> <amount>\n");
    exit(2);
}
[, $from, $to, $amount] = $argv;
if (!is_numeric($amount)) {
    fwrite(STDERR, "amount is not a number\n");
    exit(2);
}
$quote = $client->getSwapQuote(from: $from, to: $to, amount: +$amount);
echo json_encode($quote, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
