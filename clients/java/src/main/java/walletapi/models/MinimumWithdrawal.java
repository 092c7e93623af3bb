// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** The minimum withdrawal amount of a coin. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class MinimumWithdrawal {
  private final java.math.BigDecimal minimumAmount;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public MinimumWithdrawal(
      @com.fasterxml.jackson.annotation.JsonProperty("minimumAmount") java.math.BigDecimal minimumAmount) {
    this.minimumAmount = minimumAmount;
  }

  /** The field {@code minimumAmount}. */
  @com.fasterxml.jackson.annotation.JsonProperty("minimumAmount")
  public java.math.BigDecimal minimumAmount() {
    return minimumAmount;
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
    if (!(other instanceof MinimumWithdrawal that)) {
      return false;
    }
    return java.util.Objects.equals(minimumAmount, that.minimumAmount)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(minimumAmount, additionalProperties);
  }

  @Override
  public String toString() {
    return "MinimumWithdrawal{" + "minimumAmount=" + minimumAmount + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
