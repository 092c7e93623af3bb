<?php

// The quick start of docs/php.md, as an integrator's project runs it.

declare(strict_types=1);

require __DIR__ . '/vendor/autoload.php';

use WalletApi\Exception\ApiException;
use WalletApi\Exception\WalletApiException;
use WalletApi\RetryPolicy;
use WalletApi\WalletApiClient;

// WALLET_API_ENVIRONMENT, WALLET_API_BASE_URL, WALLET_API_KEY, WALLET_API_SIGNING_SECRET
$client = WalletApiClient::fromEnv(
    retry: new RetryPolicy(attempts: 3), // GETs only
);

$markets = $client->listMarkets();
$quote = $client->getSwapQuote(from: 'usdt', to: 'ngn', amount: 100);
echo "usdtngn last {$markets['usdtngn']->ticker->last}; 100 usdt gives {$quote->toAmount} {$quote->quotedCurrency}\n";

try {
    $client->confirmSwap(id: 'no-such-swap');
} catch (ApiException $error) {
    echo "refused: HTTP {$error->getHttpStatus()} {$error->getApiMessage()}\n";
} catch (WalletApiException $error) {
    echo "failed ({$error->getKind()}): {$error->getMessage()}\n";
}
