"""List transactions, newest first, walking every page."""

import json
import os
import sys
from typing import cast

from wallet_api import Environment, WalletApi, hmac_sha256

# Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is "staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox.
client = WalletApi(
    environment=cast(Environment, os.environ.get("WALLET_API_ENVIRONMENT", "custom")),
    base_url=os.environ["WALLET_API_BASE_URL"],
    api_key=os.environ["WALLET_API_KEY"],
    signer=hmac_sha256(secret=os.environ["WALLET_API_SIGNING_SECRET"]),
)

walked = 0
for transaction in client.paginate_transactions(limit=20):
    print(f"{transaction.id} {transaction.type} {transaction.status} {transaction.amount} {transaction.coin}", file=sys.stderr)
    walked += 1
# The first page as JSON too, with its page, pages, limit and total.
page = client.list_transactions(limit=20, page=1)
print(json.dumps({**page.model_dump(mode="json", by_alias=True), "walked": walked}, indent=2))
