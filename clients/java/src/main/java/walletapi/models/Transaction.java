// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** A transaction of the user context supplied by the backend. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class Transaction {
  private final String id;
  private final String uid;
  private final java.math.BigDecimal amount;
  private final java.math.BigDecimal amountToReceive;
  private final String coin;
  private final String chain;
  private final String currency;
  private final String type;
  private final String status;
  private final String payoutStatus;
  private final String remark;
  private final java.math.BigDecimal fee;
  private final java.math.BigDecimal rate;
  private final java.time.OffsetDateTime createdAt;
  private final java.time.OffsetDateTime updatedAt;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public Transaction(
      @com.fasterxml.jackson.annotation.JsonProperty("_id") String id,
      @com.fasterxml.jackson.annotation.JsonProperty("uid") String uid,
      @com.fasterxml.jackson.annotation.JsonProperty("amount") java.math.BigDecimal amount,
      @com.fasterxml.jackson.annotation.JsonProperty("amountToReceive") java.math.BigDecimal amountToReceive,
      @com.fasterxml.jackson.annotation.JsonProperty("coin") String coin,
      @com.fasterxml.jackson.annotation.JsonProperty("chain") String chain,
      @com.fasterxml.jackson.annotation.JsonProperty("currency") String currency,
      @com.fasterxml.jackson.annotation.JsonProperty("type") String type,
      @com.fasterxml.jackson.annotation.JsonProperty("status") String status,
      @com.fasterxml.jackson.annotation.JsonProperty("payoutStatus") String payoutStatus,
      @com.fasterxml.jackson.annotation.JsonProperty("remark") String remark,
      @com.fasterxml.jackson.annotation.JsonProperty("fee") java.math.BigDecimal fee,
      @com.fasterxml.jackson.annotation.JsonProperty("rate") java.math.BigDecimal rate,
      @com.fasterxml.jackson.annotation.JsonProperty("createdAt") java.time.OffsetDateTime createdAt,
      @com.fasterxml.jackson.annotation.JsonProperty("updatedAt") java.time.OffsetDateTime updatedAt) {
    this.id = id;
    this.uid = uid;
    this.amount = amount;
    this.amountToReceive = amountToReceive;
    this.coin = coin;
    this.chain = chain;
    this.currency = currency;
    this.type = type;
    this.status = status;
    this.payoutStatus = payoutStatus;
    this.remark = remark;
    this.fee = fee;
    this.rate = rate;
    this.createdAt = createdAt;
    this.updatedAt = updatedAt;
  }

  /** Transaction identifier. Keep it on the backend. */
  @com.fasterxml.jackson.annotation.JsonProperty("_id")
  public String id() {
    return id;
  }

  /** Human-readable reference with a fixed prefix, a hyphen and digits. */
  @com.fasterxml.jackson.annotation.JsonProperty("uid")
  public String uid() {
    return uid;
  }

  /** The field {@code amount}. */
  @com.fasterxml.jackson.annotation.JsonProperty("amount")
  public java.math.BigDecimal amount() {
    return amount;
  }

  /** The field {@code amountToReceive}. */
  @com.fasterxml.jackson.annotation.JsonProperty("amountToReceive")
  public java.math.BigDecimal amountToReceive() {
    return amountToReceive;
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

  /** The field {@code currency}. */
  @com.fasterxml.jackson.annotation.JsonProperty("currency")
  public String currency() {
    return currency;
  }

  /** Transaction type. Value seen: {@code CRYPTO_TO_CASH}. */
  @com.fasterxml.jackson.annotation.JsonProperty("type")
  public String type() {
    return type;
  }

  /** Transaction status. Values seen: {@code completed}; {@code pending} on previews. */
  @com.fasterxml.jackson.annotation.JsonProperty("status")
  public String status() {
    return status;
  }

  /** Payout status. Values seen: {@code completed}; {@code pending} on previews. */
  @com.fasterxml.jackson.annotation.JsonProperty("payoutStatus")
  public String payoutStatus() {
    return payoutStatus;
  }

  /** The field {@code remark}. */
  @com.fasterxml.jackson.annotation.JsonProperty("remark")
  public String remark() {
    return remark;
  }

  /** The field {@code fee}. */
  @com.fasterxml.jackson.annotation.JsonProperty("fee")
  public java.math.BigDecimal fee() {
    return fee;
  }

  /** The field {@code rate}. */
  @com.fasterxml.jackson.annotation.JsonProperty("rate")
  public java.math.BigDecimal rate() {
    return rate;
  }

  /** ISO 8601 UTC timestamp. */
  @com.fasterxml.jackson.annotation.JsonProperty("createdAt")
  public java.time.OffsetDateTime createdAt() {
    return createdAt;
  }

  /** ISO 8601 UTC timestamp. */
  @com.fasterxml.jackson.annotation.JsonProperty("updatedAt")
  public java.time.OffsetDateTime updatedAt() {
    return updatedAt;
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
    if (!(other instanceof Transaction that)) {
      return false;
    }
    return java.util.Objects.equals(id, that.id)
        && java.util.Objects.equals(uid, that.uid)
        && java.util.Objects.equals(amount, that.amount)
        && java.util.Objects.equals(amountToReceive, that.amountToReceive)
        && java.util.Objects.equals(coin, that.coin)
        && java.util.Objects.equals(chain, that.chain)
        && java.util.Objects.equals(currency, that.currency)
        && java.util.Objects.equals(type, that.type)
        && java.util.Objects.equals(status, that.status)
        && java.util.Objects.equals(payoutStatus, that.payoutStatus)
        && java.util.Objects.equals(remark, that.remark)
        && java.util.Objects.equals(fee, that.fee)
        && java.util.Objects.equals(rate, that.rate)
        && java.util.Objects.equals(createdAt, that.createdAt)
        && java.util.Objects.equals(updatedAt, that.updatedAt)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(id, uid, amount, amountToReceive, coin, chain, currency, type, status, payoutStatus, remark, fee, rate, createdAt, updatedAt, additionalProperties);
  }

  @Override
  public String toString() {
    return "Transaction{" + "id=" + id + ", " + "uid=" + uid + ", " + "amount=" + amount + ", " + "amountToReceive=" + amountToReceive + ", " + "coin=" + coin + ", " + "chain=" + chain + ", " + "currency=" + currency + ", " + "type=" + type + ", " + "status=" + status + ", " + "payoutStatus=" + payoutStatus + ", " + "remark=" + remark + ", " + "fee=" + fee + ", " + "rate=" + rate + ", " + "createdAt=" + createdAt + ", " + "updatedAt=" + updatedAt + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
