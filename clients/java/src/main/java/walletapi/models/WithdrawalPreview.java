// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** Preview of a crypto withdrawal. Show it to the end user; submit only after they confirm. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class WithdrawalPreview {
  private final String transactionId;
  private final java.math.BigDecimal amount;
  private final java.math.BigDecimal fee;
  private final String coin;
  private final String chain;
  private final String status;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public WithdrawalPreview(
      @com.fasterxml.jackson.annotation.JsonProperty("transactionId") String transactionId,
      @com.fasterxml.jackson.annotation.JsonProperty("amount") java.math.BigDecimal amount,
      @com.fasterxml.jackson.annotation.JsonProperty("fee") java.math.BigDecimal fee,
      @com.fasterxml.jackson.annotation.JsonProperty("coin") String coin,
      @com.fasterxml.jackson.annotation.JsonProperty("chain") String chain,
      @com.fasterxml.jackson.annotation.JsonProperty("status") String status) {
    this.transactionId = transactionId;
    this.amount = amount;
    this.fee = fee;
    this.coin = coin;
    this.chain = chain;
    this.status = status;
  }

  /** Identifier of the pending transaction. Keep it on the backend. */
  @com.fasterxml.jackson.annotation.JsonProperty("transactionId")
  public String transactionId() {
    return transactionId;
  }

  /** The field {@code amount}. */
  @com.fasterxml.jackson.annotation.JsonProperty("amount")
  public java.math.BigDecimal amount() {
    return amount;
  }

  /** The field {@code fee}. */
  @com.fasterxml.jackson.annotation.JsonProperty("fee")
  public java.math.BigDecimal fee() {
    return fee;
  }

  /** The field {@code coin}. */
  @com.fasterxml.jackson.annotation.JsonProperty("coin")
  public String coin() {
    return coin;
  }

  /** The field {@code chain}. */
  @com.fasterxml.jackson.annotation.JsonProperty("chain")
  public String chain() {
    return chain;
  }

  /** Preview status. Value seen: {@code pending}. */
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
    if (!(other instanceof WithdrawalPreview that)) {
      return false;
    }
    return java.util.Objects.equals(transactionId, that.transactionId)
        && java.util.Objects.equals(amount, that.amount)
        && java.util.Objects.equals(fee, that.fee)
        && java.util.Objects.equals(coin, that.coin)
        && java.util.Objects.equals(chain, that.chain)
        && java.util.Objects.equals(status, that.status)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(transactionId, amount, fee, coin, chain, status, additionalProperties);
  }

  @Override
  public String toString() {
    return "WithdrawalPreview{" + "transactionId=" + transactionId + ", " + "amount=" + amount + ", " + "fee=" + fee + ", " + "coin=" + coin + ", " + "chain=" + chain + ", " + "status=" + status + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
