"""Create a wallet for a supported token (discovered for the environment), optionally named."""

import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) not in (2, 3):
    sys.exit("usage: createWallet.py <token> [name]")
wallet = client.create_wallet(token=sys.argv[1], name=sys.argv[2] if len(sys.argv) == 3 else None)
print(wallet.model_dump_json(by_alias=True, indent=2))
