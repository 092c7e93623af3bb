"""List the integrator's wallets."""

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

wallets = client.list_wallets()
for wallet in wallets:
    print(f"{wallet.id} {wallet.chain_type} {wallet.address}", file=sys.stderr)
print(json.dumps([wallet.model_dump(mode="json", by_alias=True) for wallet in wallets], indent=2))
