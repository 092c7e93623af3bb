// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** The swap after confirm or cancel. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class SwapStateChange {
  private final String id;
  private final String status;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public SwapStateChange(
      @com.fasterxml.jackson.annotation.JsonProperty("id") String id,
      @com.fasterxml.jackson.annotation.JsonProperty("status") String status) {
    this.id = id;
    this.status = status;
  }

  /** Swap request identifier. */
  @com.fasterxml.jackson.annotation.JsonProperty("id")
  public String id() {
    return id;
  }

  /** Swap state. Known values: {@code pending} (after create), {@code confirmed} (after confirm), {@code cancelled} (after cancel). */
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
    if (!(other instanceof SwapStateChange that)) {
      return false;
    }
    return java.util.Objects.equals(id, that.id)
        && java.util.Objects.equals(status, that.status)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(id, status, additionalProperties);
  }

  @Override
  public String toString() {
    return "SwapStateChange{" + "id=" + id + ", " + "status=" + status + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
