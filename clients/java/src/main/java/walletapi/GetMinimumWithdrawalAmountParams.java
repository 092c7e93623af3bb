// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code getMinimumWithdrawalAmount} (GET /api/v1/wallets/minimum-withdrawal-amount): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class GetMinimumWithdrawalAmountParams {
  private final String coin;

  private GetMinimumWithdrawalAmountParams(Builder builder) {
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

  /** Supported asset, discovered for the environment. */
  public String coin() {
    return coin;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.query("coin", coin, false);
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof GetMinimumWithdrawalAmountParams that)) {
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
    return "GetMinimumWithdrawalAmountParams{" + "coin=" + coin + "}";
  }

  /** Builds a {@link GetMinimumWithdrawalAmountParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String coin;

    private Builder() {}

    /** Sets {@code coin} (required). */
    public Builder coin(String coin) {
      this.coin = coin;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public GetMinimumWithdrawalAmountParams build() {
      RequestParts.require("GetMinimumWithdrawalAmountParams.coin", coin);
      return new GetMinimumWithdrawalAmountParams(this);
    }
  }
}
