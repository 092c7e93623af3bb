<?php

// Market tickers keyed by market name: discover markets here, never hard-code them.

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

$markets = $client->listMarkets();
echo json_encode($markets, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
