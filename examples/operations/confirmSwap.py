"""Confirm a pending swap, by the id create_swap answered."""

import os
import sys
from typing import cast

from wallet_api import ApiError, Environment, WalletApi, hmac_sha256

# Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is "staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox.
client = WalletApi(
    environment=cast(Environment, os.environ.get("WALLET_API_ENVIRONMENT", "custom")),
    base_url=os.environ["WALLET_API_BASE_URL"],
    api_key=os.environ["WALLET_API_KEY"],
    signer=hmac_sha256(secret=os.environ["WALLET_API_SIGNING_SECRET"]),
)

if len(sys.argv) != 2:
    sys.exit("usage: confirmSwap.py <swap_id>")
try:
    swap = client.confirm_swap(id=sys.argv[1])
except ApiError as error:
    # The service answered with an error envelope (e.g. the swap is no longer pending).
    print(f"not confirmed: HTTP {error.http_status} {error.api_message}", file=sys.stderr)
    raise
print(swap.model_dump_json(by_alias=True, indent=2))
