"""The deposit address of a coin on its first network, both discovered, never hard-coded."""

import json
import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) != 2:
    sys.exit("usage: getDepositAddress.py <coin>")
coin = sys.argv[1]
networks = client.list_coin_networks(coin=coin)
if not networks:
    sys.exit(f"{coin} has no network in this environment")
address = client.get_deposit_address(coin=coin, chain=networks[0].reference)
print(json.dumps(address, indent=2))
