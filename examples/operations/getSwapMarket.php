<?php

// Swap market data (its shape is not published).

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

$market = $client->getSwapMarket();
echo json_encode($market, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
