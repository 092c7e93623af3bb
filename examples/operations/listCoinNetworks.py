"""The networks of a coin: their reference is the chain value of deposits and withdrawals."""

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

if len(sys.argv) != 2:
    sys.exit("usage: listCoinNetworks.py <coin>")
networks = client.list_coin_networks(coin=sys.argv[1])
print(json.dumps([network.model_dump(mode="json", by_alias=True) for network in networks], indent=2))
