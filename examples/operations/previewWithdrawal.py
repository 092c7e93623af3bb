"""Preview a crypto withdrawal on a discovered network, above the coin's minimum."""

import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

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
