<?php

// List transactions, newest first, walking every page.

declare(strict_types=1);

require 'vendor/autoload.php';

use WalletApi\WalletApiClient;

// Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
// "production" with the https address issued at onboarding, or "custom" for the local
// sandbox), WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
$client = WalletApiClient::fromEnv();

$walked = 0;
foreach ($client->paginateTransactions(limit: 20) as $transaction) {
    fwrite(
        STDERR,
        "{$transaction->id} {$transaction->type} {$transaction->status} {$transaction->amount} {$transaction->coin}\n",
    );
    $walked++;
}
// The first page as JSON too, with its page, pages, limit and total.
$page = $client->listTransactions(limit: 20, page: 1);
echo json_encode(
    ['walked' => $walked] + (array) $page->jsonSerialize(),
    JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES,
), "\n";
