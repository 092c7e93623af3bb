"""Confirm a pending swap, by the id create_swap answered."""

import sys

from wallet_api import ApiError, WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) != 2:
    sys.exit("usage: confirmSwap.py <swap_id>")
try:
    swap = client.confirm_swap(id=sys.argv[1])
except ApiError as error:
    # The service answered with an error envelope (e.g. the swap is no longer pending).
    print(f"not confirmed: HTTP {error.http_status} {error.api_message}", file=sys.stderr)
    raise
print(swap.model_dump_json(by_alias=True, indent=2))
