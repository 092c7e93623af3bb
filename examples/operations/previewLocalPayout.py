"""Preview an NGN bank payout; show it to the user and submit only after they confirm."""

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
    sys.exit("usage: previewLocalPayout.py <amount> <account_number> <bank_code>")
amount, account_number, bank_code = sys.argv[1:]
preview = client.preview_local_payout(coin="ngn", amount=float(amount), account_number=account_number, bank_code=bank_code)
print(preview.model_dump_json(by_alias=True, indent=2))
