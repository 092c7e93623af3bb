"""List transactions, newest first, walking every page."""

import json
import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

walked = 0
for transaction in client.paginate_transactions(limit=20):
    print(f"{transaction.id} {transaction.type} {transaction.status} {transaction.amount} {transaction.coin}", file=sys.stderr)
    walked += 1
# The first page as JSON too, with its page, pages, limit and total.
page = client.list_transactions(limit=20, page=1)
print(json.dumps({**page.model_dump(mode="json", by_alias=True), "walked": walked}, indent=2))
