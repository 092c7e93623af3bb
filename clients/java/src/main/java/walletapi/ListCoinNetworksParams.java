// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code listCoinNetworks} (GET /api/v1/utils/{coin}/networks): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class ListCoinNetworksParams {
  private final String coin;

  private ListCoinNetworksParams(Builder builder) {
    this.coin = builder.coin;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.coin = coin;
    return builder;
  }

  /** Supported asset, discovered for the environment (for example {@code usdt}). */
  public String coin() {
    return coin;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.path("coin", coin, false);
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof ListCoinNetworksParams that)) {
      return false;
    }
    return java.util.Objects.equals(coin, that.coin);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(coin);
  }

  @Override
  public String toString() {
    return "ListCoinNetworksParams{" + "coin=" + coin + "}";
  }

  /** Builds a {@link ListCoinNetworksParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String coin;

    private Builder() {}

    /** Sets {@code coin} (required). */
    public Builder coin(String coin) {
      this.coin = coin;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public ListCoinNetworksParams build() {
      RequestParts.require("ListCoinNetworksParams.coin", coin);
      return new ListCoinNetworksParams(this);
    }
  }
}
