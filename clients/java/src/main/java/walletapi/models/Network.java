// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** A network a coin can use. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class Network {
  private final String reference;
  private final String name;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public Network(
      @com.fasterxml.jackson.annotation.JsonProperty("reference") String reference,
      @com.fasterxml.jackson.annotation.JsonProperty("name") String name) {
    this.reference = reference;
    this.name = name;
  }

  /** Chain reference used as the chain value (for example {@code ethereum}, {@code binance}). */
  @com.fasterxml.jackson.annotation.JsonProperty("reference")
  public String reference() {
    return reference;
  }

  /** Display name of the network standard. */
  @com.fasterxml.jackson.annotation.JsonProperty("name")
  public String name() {
    return name;
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
    if (!(other instanceof Network that)) {
      return false;
    }
    return java.util.Objects.equals(reference, that.reference)
        && java.util.Objects.equals(name, that.name)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(reference, name, additionalProperties);
  }

  @Override
  public String toString() {
    return "Network{" + "reference=" + reference + ", " + "name=" + name + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
