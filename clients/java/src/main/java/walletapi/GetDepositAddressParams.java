// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code getDepositAddress} (GET /api/v1/wallets/deposit-address): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class GetDepositAddressParams {
  private final String coin;
  private final String chain;

  private GetDepositAddressParams(Builder builder) {
    this.coin = builder.coin;
    this.chain = builder.chain;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.coin = coin;
    builder.chain = chain;
    return builder;
  }

  /** Supported asset, discovered for the environment. The interface does not say whether it is required; send it. Unset: null (not sent). */
  public String coin() {
    return coin;
  }

  /** A chain reference from {@code GET /api/v1/utils/{coin}/networks}. The interface does not say whether it is required; send it. Unset: null (not sent). */
  public String chain() {
    return chain;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.query("coin", coin, false);
    parts.query("chain", chain, false);
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof GetDepositAddressParams that)) {
      return false;
    }
    return java.util.Objects.equals(coin, that.coin)
        && java.util.Objects.equals(chain, that.chain);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(coin, chain);
  }

  @Override
  public String toString() {
    return "GetDepositAddressParams{" + "coin=" + coin + ", " + "chain=" + chain + "}";
  }

  /** Builds a {@link GetDepositAddressParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String coin;
    private String chain;

    private Builder() {}

    /** Sets {@code coin}. */
    public Builder coin(String coin) {
      this.coin = coin;
      return this;
    }

    /** Sets {@code chain}. */
    public Builder chain(String chain) {
      this.chain = chain;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public GetDepositAddressParams build() {
      return new GetDepositAddressParams(this);
    }
  }
}
