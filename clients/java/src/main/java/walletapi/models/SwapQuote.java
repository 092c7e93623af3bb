// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** A swap quote. All values are strings. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class SwapQuote {
  private final String quotedPrice;
  private final String originalQuotedPrice;
  private final String fee;
  private final String quotedCurrency;
  private final String toAmount;
  private final String originalToAmount;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public SwapQuote(
      @com.fasterxml.jackson.annotation.JsonProperty("quotedPrice") String quotedPrice,
      @com.fasterxml.jackson.annotation.JsonProperty("originalQuotedPrice") String originalQuotedPrice,
      @com.fasterxml.jackson.annotation.JsonProperty("fee") String fee,
      @com.fasterxml.jackson.annotation.JsonProperty("quotedCurrency") String quotedCurrency,
      @com.fasterxml.jackson.annotation.JsonProperty("toAmount") String toAmount,
      @com.fasterxml.jackson.annotation.JsonProperty("originalToAmount") String originalToAmount) {
    this.quotedPrice = quotedPrice;
    this.originalQuotedPrice = originalQuotedPrice;
    this.fee = fee;
    this.quotedCurrency = quotedCurrency;
    this.toAmount = toAmount;
    this.originalToAmount = originalToAmount;
  }

  /** Price after fee. */
  @com.fasterxml.jackson.annotation.JsonProperty("quotedPrice")
  public String quotedPrice() {
    return quotedPrice;
  }

  /** Price before fee. */
  @com.fasterxml.jackson.annotation.JsonProperty("originalQuotedPrice")
  public String originalQuotedPrice() {
    return originalQuotedPrice;
  }

  /** Fee; may be in exponent notation. */
  @com.fasterxml.jackson.annotation.JsonProperty("fee")
  public String fee() {
    return fee;
  }

  /** Currency code of the quoted price, upper case. */
  @com.fasterxml.jackson.annotation.JsonProperty("quotedCurrency")
  public String quotedCurrency() {
    return quotedCurrency;
  }

  /** Amount received after fee. */
  @com.fasterxml.jackson.annotation.JsonProperty("toAmount")
  public String toAmount() {
    return toAmount;
  }

  /** Amount received before fee. */
  @com.fasterxml.jackson.annotation.JsonProperty("originalToAmount")
  public String originalToAmount() {
    return originalToAmount;
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
    if (!(other instanceof SwapQuote that)) {
      return false;
    }
    return java.util.Objects.equals(quotedPrice, that.quotedPrice)
        && java.util.Objects.equals(originalQuotedPrice, that.originalQuotedPrice)
        && java.util.Objects.equals(fee, that.fee)
        && java.util.Objects.equals(quotedCurrency, that.quotedCurrency)
        && java.util.Objects.equals(toAmount, that.toAmount)
        && java.util.Objects.equals(originalToAmount, that.originalToAmount)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(quotedPrice, originalQuotedPrice, fee, quotedCurrency, toAmount, originalToAmount, additionalProperties);
  }

  @Override
  public String toString() {
    return "SwapQuote{" + "quotedPrice=" + quotedPrice + ", " + "originalQuotedPrice=" + originalQuotedPrice + ", " + "fee=" + fee + ", " + "quotedCurrency=" + quotedCurrency + ", " + "toAmount=" + toAmount + ", " + "originalToAmount=" + originalToAmount + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
