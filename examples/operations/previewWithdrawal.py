"""Preview a crypto withdrawal on a discovered network, above the coin's minimum."""

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

if len(sys.argv) != 4:
    sys.exit("usage: previewWithdrawal.py <coin> <amount> <receiver_address>")
coin, amount, receiver_address = sys.argv[1:]
networks = client.list_coin_networks(coin=coin)
if not networks:
    sys.exit(f"{coin} has no network in this environment")
minimum = client.get_minimum_withdrawal_amount(coin=coin).minimum_amount
if float(amount) < minimum:
    sys.exit(f"the minimum withdrawal of {coin} is {minimum}")
preview = client.preview_withdrawal(coin=coin, chain=networks[0].reference, amount=float(amount), receiver_address=receiver_address)
print(preview.model_dump_json(by_alias=True, indent=2))
