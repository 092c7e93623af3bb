# The local sandbox with its demo credentials; --env staging|production with
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET elsewhere.
npx wallet-api listMarkets
