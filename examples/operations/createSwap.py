"""Create a swap (pending) once the user has accepted the quote; confirm or cancel it next."""

import os
import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) != 4:
    sys.exit("usage: createSwap.py <from> <to> <amount>")
source, target, amount = sys.argv[1:]

# The customer's authorization value, from your backend's authorization flow.
password = os.environ.get("CUSTOMER_AUTHORIZATION")
if not password:
    sys.exit("CUSTOMER_AUTHORIZATION is not set")
swap = client.create_swap(from_=source, to=target, amount=float(amount), password=password)
print(swap.model_dump_json(by_alias=True, indent=2))
