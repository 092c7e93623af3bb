<?php

// Preview an NGN bank payout; show it to the user and submit only after they confirm.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

if ($argc !== 4) {
    fwrite(STDERR, "usage: previewLocalPayout.php <amount> <account_number> <bank_code>\n");
    exit(2);
}
[, $amount, $accountNumber, $bankCode] = $argv;
if (!is_numeric($amount)) {
    fwrite(STDERR, "amount is not a number\n");
    exit(2);
}
$preview = $client->previewLocalPayout(
    coin: 'ngn',
    amount: +$amount,
    accountNumber: $accountNumber,
    bankCode: $bankCode,
);
echo json_encode($preview, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
