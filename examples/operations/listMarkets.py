"""Market tickers keyed by market name: discover markets here, never hard-code them."""

import json

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

markets = client.list_markets()
print(json.dumps({name: ticker.model_dump(mode="json", by_alias=True) for name, ticker in markets.items()}, indent=2))
