"""Quote a swap: show the user what they receive before they confirm."""

import sys

from wallet_api import WalletApi

# Credentials from the environment, never from code: WALLET_API_ENVIRONMENT ("staging" or
# "production" with the https address issued at onboarding, or "custom" for the local sandbox),
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
client = WalletApi()

if len(sys.argv) != 4:
    sys.exit("usage: getSwapQuote.py <from> <to> <amount>")
source, target, amount = sys.argv[1:]
quote = client.get_swap_quote(from_=source, to=target, amount=float(amount))
print(f"{amount} {source} buys {quote.to_amount} {target} at {quote.quoted_price} {quote.quoted_currency}", file=sys.stderr)
print(quote.model_dump_json(by_alias=True, indent=2))
