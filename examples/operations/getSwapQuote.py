"""Quote a swap: show the user what they receive before they confirm."""

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
    sys.exit("usage: getSwapQuote.py <from> <to> <amount>")
source, target, amount = sys.argv[1:]
quote = client.get_swap_quote(from_=source, to=target, amount=float(amount))
print(f"{amount} {source} buys {quote.to_amount} {target} at {quote.quoted_price} {quote.quoted_currency}", file=sys.stderr)
print(quote.model_dump_json(by_alias=True, indent=2))
