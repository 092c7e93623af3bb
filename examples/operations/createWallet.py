"""Create a wallet for a supported token (discovered for the environment), optionally named."""

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

if len(sys.argv) not in (2, 3):
    sys.exit("usage: createWallet.py <token> [name]")
wallet = client.create_wallet(token=sys.argv[1], name=sys.argv[2] if len(sys.argv) == 3 else None)
print(wallet.model_dump_json(by_alias=True, indent=2))
