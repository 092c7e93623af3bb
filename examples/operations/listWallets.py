"""List the integrator's wallets."""

import json
import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

wallets = client.list_wallets()
for wallet in wallets:
    print(f"{wallet.id} {wallet.chain_type} {wallet.address}", file=sys.stderr)
print(json.dumps([wallet.model_dump(mode="json", by_alias=True) for wallet in wallets], indent=2))
