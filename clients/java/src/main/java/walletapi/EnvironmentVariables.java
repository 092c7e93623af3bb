package walletapi;

import java.util.function.Function;

/**
 * The {@code WALLET_API_*} variables the builder reads for the options not given
 * (docs/configuration.md). Their errors name the variable and never quote its value: an address
 * can carry credentials, and a mistyped environment may be a secret pasted in the wrong place.
 */
final class EnvironmentVariables {
  static final String ENVIRONMENT = "WALLET_API_ENVIRONMENT";
  static final String BASE_URL = "WALLET_API_BASE_URL";
  static final String API_KEY = "WALLET_API_KEY";
  static final String SIGNING_SECRET = "WALLET_API_SIGNING_SECRET";

  /** The variables' source, or null when the builder was not asked to read them. */
  private final Function<String, String> source;

  EnvironmentVariables(Function<String, String> source) {
    this.source = source;
  }

  /** The variable's value (empty is not set), or the error a missing {@code option} is. */
  String require(String variable, String option) {
    if (source == null) {
      throw new ConfigurationException(switch (option) {
        case "baseUrl" -> "baseUrl is required (or WalletApiClient.Builder.fromEnv() reads " + BASE_URL + ")";
        case "apiKey" -> "apiKey is required (a non-empty string)";
        case "signer" -> "signer is required: e.g. Signer.hmacSha256(secret)";
        default -> option + " is required";
      });
    }
    String value = source.apply(variable);
    if (value == null || value.isEmpty()) {
      throw new ConfigurationException(variable + " is not set and no " + option + " was given");
    }
    return value;
  }

  /** The environment {@code WALLET_API_ENVIRONMENT} names. */
  Environment environment() {
    if (source == null) {
      throw new ConfigurationException("environment must be chosen explicitly: Environment.STAGING, PRODUCTION or CUSTOM");
    }
    String name = require(ENVIRONMENT, "environment");
    try {
      return Environment.fromName(name);
    } catch (ConfigurationException unknown) {
      throw new ConfigurationException(ENVIRONMENT + " must be one of \"staging\", \"production\", \"custom\"");
    }
  }
}
