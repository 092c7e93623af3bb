"""The deposit address of a coin on its first network, both discovered, never hard-coded."""

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
    sys.exit("usage: getDepositAddress.py <coin>")
coin = sys.argv[1]
networks = client.list_coin_networks(coin=coin)
if not networks:
    sys.exit(f"{coin} has no network in this environment")
address = client.get_deposit_address(coin=coin, chain=networks[0].reference)
print(json.dumps(address, indent=2))
