// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** Ticker of one market. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class MarketTicker {
  private final Long at;
  private final walletapi.models.MarketTickerTicker ticker;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public MarketTicker(
      @com.fasterxml.jackson.annotation.JsonProperty("at") Long at,
      @com.fasterxml.jackson.annotation.JsonProperty("ticker") walletapi.models.MarketTickerTicker ticker) {
    this.at = at;
    this.ticker = ticker;
  }

  /** Unix time in seconds. */
  @com.fasterxml.jackson.annotation.JsonProperty("at")
  public Long at() {
    return at;
  }

  /** The field {@code ticker}. */
  @com.fasterxml.jackson.annotation.JsonProperty("ticker")
  public walletapi.models.MarketTickerTicker ticker() {
    return ticker;
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
    if (!(other instanceof MarketTicker that)) {
      return false;
    }
    return java.util.Objects.equals(at, that.at)
        && java.util.Objects.equals(ticker, that.ticker)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(at, ticker, additionalProperties);
  }

  @Override
  public String toString() {
    return "MarketTicker{" + "at=" + at + ", " + "ticker=" + ticker + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
