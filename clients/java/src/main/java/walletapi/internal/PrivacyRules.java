// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.internal;

/** The privacy policy's protected field names (packages/sdk/src/privacy/rules.ts), normalised: lower case, no {@code -_.} or spaces. */
final class PrivacyRules {
  private PrivacyRules() {}

  /** Fields whose values are secrets: written as [redacted]. */
  static final java.util.List<String> SECRET_FIELDS = java.util.List.of("password", "passwd", "passcode", "passphrase", "pin", "otp", "cvv", "cvc", "secret", "apikey", "accesstoken", "refreshtoken", "authtoken", "privatekey", "mnemonic", "seedphrase");

  /** Fields whose values are personal identifiers: masked to their shape. */
  static final java.util.List<String> IDENTIFIER_FIELDS = java.util.List.of("accountnumber", "accountno", "accountname", "iban", "bankcode", "bvn", "address", "destination", "email", "phone", "phonenumber");
}
