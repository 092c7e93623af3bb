package walletapi

import "os"

// The environment variables NewClientFromEnv reads: the same four in every client of this
// API, so one .env file configures a service whatever its language (docs/configuration.md).
const (
	// EnvEnvironment holds staging, production or custom.
	EnvEnvironment = "WALLET_API_ENVIRONMENT"
	// EnvBaseURL holds the environment's address.
	EnvBaseURL = "WALLET_API_BASE_URL"
	// EnvAPIKey holds the key sent as x-api-key.
	EnvAPIKey = "WALLET_API_KEY"
	// EnvSigningSecret holds the secret of the default signer, HMACSHA256.
	EnvSigningSecret = "WALLET_API_SIGNING_SECRET"
)

// NewClientFromEnv is NewClient with every connection option left zero taken from the
// environment: Environment from WALLET_API_ENVIRONMENT, BaseURL from WALLET_API_BASE_URL,
// APIKey from WALLET_API_KEY and, when no Signer is given, HMACSHA256 of
// WALLET_API_SIGNING_SECRET. An option given wins over its variable, one by one; a
// variable set to the empty string counts as not set. The other options are taken as given.
//
// A value needed and found nowhere, or a variable's value refused, is an *Error of kind
// configuration naming the variable (never quoting its value); a refused value given in
// options names the option, as NewClient does.
//
// The environment is read here, in a constructor of its own, rather than by NewClient:
// Options is a plain struct, so a zero field cannot tell "not given" from "forgotten", and
// a service that builds its options from its own configuration must not pick up a stray
// variable of the process. Calling NewClientFromEnv says at the call site that the
// environment is a source, the way openai-go's default options read OPENAI_API_KEY.
func NewClientFromEnv(options Options) (*Client, error) {
	return newClientFromLookup(options, os.LookupEnv)
}

func newClientFromLookup(options Options, lookup func(string) (string, bool)) (*Client, error) {
	n := optionNames
	// fill sets *field from the variable when the option is not given, and makes errors
	// about that value name the variable.
	fill := func(field *string, name *string, variable string) {
		if *field != "" {
			return
		}
		if value, _ := lookup(variable); value != "" {
			*field, *name = value, variable
		}
	}
	environment := string(options.Environment)
	fill(&environment, &n.environment, EnvEnvironment)
	options.Environment = Environment(environment)
	fill(&options.BaseURL, &n.baseURL, EnvBaseURL)
	fill(&options.APIKey, &n.apiKey, EnvAPIKey)
	secret := ""
	if options.Signer == nil {
		secret, _ = lookup(EnvSigningSecret)
	}
	switch {
	case options.Environment == "":
		return nil, notSet(EnvEnvironment, "Environment")
	case options.BaseURL == "":
		return nil, notSet(EnvBaseURL, "BaseURL")
	case options.APIKey == "":
		return nil, notSet(EnvAPIKey, "APIKey")
	case options.Signer == nil && secret == "":
		return nil, notSet(EnvSigningSecret, "Signer")
	case options.Signer == nil:
		options.Signer, n.signer = HMACSHA256(secret), EnvSigningSecret
	}
	return newClient(options, n)
}

func notSet(variable, option string) *Error {
	return configurationError("%s is not set and no %s was given", variable, option)
}
