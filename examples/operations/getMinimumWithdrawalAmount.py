"""The minimum withdrawal amount of a coin: check it before previewing a withdrawal."""

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
    sys.exit("usage: getMinimumWithdrawalAmount.py <coin>")
minimum = client.get_minimum_withdrawal_amount(coin=sys.argv[1])
print(minimum.model_dump_json(by_alias=True, indent=2))
