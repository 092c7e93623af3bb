// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** The wallet created by {@code generate-wallet}. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class CreatedWallet {
  private final String id;
  private final String token;
  private final String status;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public CreatedWallet(
      @com.fasterxml.jackson.annotation.JsonProperty("_id") String id,
      @com.fasterxml.jackson.annotation.JsonProperty("token") String token,
      @com.fasterxml.jackson.annotation.JsonProperty("status") String status) {
    this.id = id;
    this.token = token;
    this.status = status;
  }

  /** Wallet identifier. */
  @com.fasterxml.jackson.annotation.JsonProperty("_id")
  public String id() {
    return id;
  }

  /** Supported asset reference the wallet was created for. */
  @com.fasterxml.jackson.annotation.JsonProperty("token")
  public String token() {
    return token;
  }

  /** Wallet status. Value seen: {@code active}. */
  @com.fasterxml.jackson.annotation.JsonProperty("status")
  public String status() {
    return status;
  }

  /** The fields of the answer the spec does not list, by name, as sent. */
  @com.fasterxml.jackson.annotation.JsonAnyGetter
  public java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties() {
    return java.util.Collections.unmodifiableMap(additionalProperties);
  }

  // Jackson calls it for every field the spec does not list.
  @SuppressWarnings("UnusedMethod")
  @com.fasterxml.jackson.annotation.JsonAnySetter
  private void keepAdditionalProperty(String name, com.fasterxml.jackson.databind.JsonNode value) {
    additionalProperties.put(name, value);
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof CreatedWallet that)) {
      return false;
    }
    return java.util.Objects.equals(id, that.id)
        && java.util.Objects.equals(token, that.token)
        && java.util.Objects.equals(status, that.status)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(id, token, status, additionalProperties);
  }

  @Override
  public String toString() {
    return "CreatedWallet{" + "id=" + id + ", " + "token=" + token + ", " + "status=" + status + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
