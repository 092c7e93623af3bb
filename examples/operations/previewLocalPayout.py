"""Preview an NGN bank payout; show it to the user and submit only after they confirm."""

import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) != 4:
    sys.exit("usage: previewLocalPayout.py <amount> <account_number> <bank_code>")
amount, account_number, bank_code = sys.argv[1:]
preview = client.preview_local_payout(coin="ngn", amount=float(amount), account_number=account_number, bank_code=bank_code)
print(preview.model_dump_json(by_alias=True, indent=2))
