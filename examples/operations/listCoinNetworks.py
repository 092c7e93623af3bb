"""The networks of a coin: their reference is the chain value of deposits and withdrawals."""

import json
import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) != 2:
    sys.exit("usage: listCoinNetworks.py <coin>")
networks = client.list_coin_networks(coin=sys.argv[1])
print(json.dumps([network.model_dump(mode="json", by_alias=True) for network in networks], indent=2))
