"""Rates, a source of the supported assets (their shape is not published)."""

import json
import os
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

rates = client.get_rates()
print(json.dumps(rates, indent=2))
