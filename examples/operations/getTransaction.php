<?php

// Read one transaction by its id (its shape is not published).

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\HmacSha256Signer;
use WalletApi\WalletApiClient;

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is "staging" or
// "production" with the https address issued at onboarding, or "custom" for the local sandbox.
$client = new WalletApiClient(
    environment: getenv('WALLET_API_ENVIRONMENT') ?: 'custom',
    baseUrl: (string) getenv('WALLET_API_BASE_URL'),
    apiKey: (string) getenv('WALLET_API_KEY'),
    signer: new HmacSha256Signer((string) getenv('WALLET_API_SIGNING_SECRET')),
);

if ($argc !== 2) {
    fwrite(STDERR, "usage: getTransaction.php <transaction_id>\n");
    exit(2);
}
$transaction = $client->getTransaction(id: $argv[1]);
echo json_encode($transaction, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
