// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** MarketTickerTicker Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class MarketTickerTicker {
  private final String buy;
  private final String sell;
  private final String last;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public MarketTickerTicker(
      @com.fasterxml.jackson.annotation.JsonProperty("buy") String buy,
      @com.fasterxml.jackson.annotation.JsonProperty("sell") String sell,
      @com.fasterxml.jackson.annotation.JsonProperty("last") String last) {
    this.buy = buy;
    this.sell = sell;
    this.last = last;
  }

  /** A decimal number written as a string; may use exponent notation (for example {@code 1e-7}). */
  @com.fasterxml.jackson.annotation.JsonProperty("buy")
  public String buy() {
    return buy;
  }

  /** A decimal number written as a string; may use exponent notation (for example {@code 1e-7}). */
  @com.fasterxml.jackson.annotation.JsonProperty("sell")
  public String sell() {
    return sell;
  }

  /** A decimal number written as a string; may use exponent notation (for example {@code 1e-7}). */
  @com.fasterxml.jackson.annotation.JsonProperty("last")
  public String last() {
    return last;
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
    if (!(other instanceof MarketTickerTicker that)) {
      return false;
    }
    return java.util.Objects.equals(buy, that.buy)
        && java.util.Objects.equals(sell, that.sell)
        && java.util.Objects.equals(last, that.last)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(buy, sell, last, additionalProperties);
  }

  @Override
  public String toString() {
    return "MarketTickerTicker{" + "buy=" + buy + ", " + "sell=" + sell + ", " + "last=" + last + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
