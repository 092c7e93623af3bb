"""Read one transaction by its id (its shape is not published)."""

import json
import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) != 2:
    sys.exit("usage: getTransaction.py <transaction_id>")
transaction = client.get_transaction(id=sys.argv[1])
print(json.dumps(transaction, indent=2))
