package walletapi

// Version is the SDK's version, sent in the User-Agent (wallet-api-sdk-go/Version).
const Version = "0.2.0"
