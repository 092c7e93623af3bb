// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** An item of the wallet list. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class Wallet {
  private final String id;
  private final String address;
  private final String chainType;
  private final String status;
  private final java.util.List<String> subscribedChains;
  private final String usage;
  private final String provider;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public Wallet(
      @com.fasterxml.jackson.annotation.JsonProperty("_id") String id,
      @com.fasterxml.jackson.annotation.JsonProperty("address") String address,
      @com.fasterxml.jackson.annotation.JsonProperty("chainType") String chainType,
      @com.fasterxml.jackson.annotation.JsonProperty("status") String status,
      @com.fasterxml.jackson.annotation.JsonProperty("subscribedChains") java.util.List<String> subscribedChains,
      @com.fasterxml.jackson.annotation.JsonProperty("usage") String usage,
      @com.fasterxml.jackson.annotation.JsonProperty("provider") String provider) {
    this.id = id;
    this.address = address;
    this.chainType = chainType;
    this.status = status;
    this.subscribedChains = subscribedChains;
    this.usage = usage;
    this.provider = provider;
  }

  /** Wallet identifier. */
  @com.fasterxml.jackson.annotation.JsonProperty("_id")
  public String id() {
    return id;
  }

  /** Wallet address. */
  @com.fasterxml.jackson.annotation.JsonProperty("address")
  public String address() {
    return address;
  }

  /** Chain type. Values seen: {@code btc}, {@code evm}. */
  @com.fasterxml.jackson.annotation.JsonProperty("chainType")
  public String chainType() {
    return chainType;
  }

  /** Wallet status. Value seen: {@code active}. */
  @com.fasterxml.jackson.annotation.JsonProperty("status")
  public String status() {
    return status;
  }

  /** Chain references, for example {@code bitcoin} for {@code btc}; {@code binance}, {@code ethereum}, {@code polygon} for {@code evm}. */
  @com.fasterxml.jackson.annotation.JsonProperty("subscribedChains")
  public java.util.List<String> subscribedChains() {
    return subscribedChains;
  }

  /** Wallet usage. Value seen: {@code crypto_to_cash}. */
  @com.fasterxml.jackson.annotation.JsonProperty("usage")
  public String usage() {
    return usage;
  }

  /** Name of the wallet provider. */
  @com.fasterxml.jackson.annotation.JsonProperty("provider")
  public String provider() {
    return provider;
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
    if (!(other instanceof Wallet that)) {
      return false;
    }
    return java.util.Objects.equals(id, that.id)
        && java.util.Objects.equals(address, that.address)
        && java.util.Objects.equals(chainType, that.chainType)
        && java.util.Objects.equals(status, that.status)
        && java.util.Objects.equals(subscribedChains, that.subscribedChains)
        && java.util.Objects.equals(usage, that.usage)
        && java.util.Objects.equals(provider, that.provider)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(id, address, chainType, status, subscribedChains, usage, provider, additionalProperties);
  }

  @Override
  public String toString() {
    return "Wallet{" + "id=" + id + ", " + "address=[redacted]" + ", " + "chainType=" + chainType + ", " + "status=" + status + ", " + "subscribedChains=" + subscribedChains + ", " + "usage=" + usage + ", " + "provider=" + provider + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
