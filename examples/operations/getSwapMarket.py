"""Swap market data (its shape is not published)."""

import json

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

market = client.get_swap_market()
print(json.dumps(market, indent=2))
