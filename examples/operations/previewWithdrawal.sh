# The local sandbox with its demo credentials; --env staging|production with
# WALLET_API_BASE_URL, WALLET_API_KEY and WALLET_API_SIGNING_SECRET elsewhere.
npx wallet-api previewWithdrawal --body '{"coin":"usdt","chain":"ethereum","amount":25,"receiverAddress":"0x8ba1f109551bD432803012645Ac136ddd64DBA72"}'
