// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code previewWithdrawal} (POST /api/v1/wallets/preview-withdraw): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class PreviewWithdrawalParams {
  private final String chain;
  private final java.math.BigDecimal amount;
  private final String coin;
  private final String receiverAddress;
  private final String remark;

  private PreviewWithdrawalParams(Builder builder) {
    this.chain = builder.chain;
    this.amount = builder.amount;
    this.coin = builder.coin;
    this.receiverAddress = builder.receiverAddress;
    this.remark = builder.remark;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.chain = chain;
    builder.amount = amount;
    builder.coin = coin;
    builder.receiverAddress = receiverAddress;
    builder.remark = remark;
    return builder;
  }

  /** Chain reference from {@code GET /api/v1/utils/{coin}/networks}. */
  public String chain() {
    return chain;
  }

  /** An amount of the asset; positive. */
  public java.math.BigDecimal amount() {
    return amount;
  }

  /** Supported asset, discovered for the environment. */
  public String coin() {
    return coin;
  }

  /** Address that receives the withdrawal. */
  public String receiverAddress() {
    return receiverAddress;
  }

  /** The body field {@code remark}. Unset: null (not sent). */
  public String remark() {
    return remark;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.body("chain", chain, false);
    parts.body("amount", amount, false);
    parts.body("coin", coin, false);
    parts.body("receiverAddress", receiverAddress, true);
    parts.body("remark", remark, false);
    parts.hasBody();
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof PreviewWithdrawalParams that)) {
      return false;
    }
    return java.util.Objects.equals(chain, that.chain)
        && java.util.Objects.equals(amount, that.amount)
        && java.util.Objects.equals(coin, that.coin)
        && java.util.Objects.equals(receiverAddress, that.receiverAddress)
        && java.util.Objects.equals(remark, that.remark);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(chain, amount, coin, receiverAddress, remark);
  }

  @Override
  public String toString() {
    return "PreviewWithdrawalParams{" + "chain=" + chain + ", " + "amount=" + amount + ", " + "coin=" + coin + ", " + "receiverAddress=" + (receiverAddress == null ? "null" : "[redacted]") + ", " + "remark=" + remark + "}";
  }

  /** Builds a {@link PreviewWithdrawalParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String chain;
    private java.math.BigDecimal amount;
    private String coin;
    private String receiverAddress;
    private String remark;

    private Builder() {}

    /** Sets {@code chain} (required). */
    public Builder chain(String chain) {
      this.chain = chain;
      return this;
    }

    /** Sets {@code amount} (required). */
    public Builder amount(java.math.BigDecimal amount) {
      this.amount = amount;
      return this;
    }

    /** Sets {@code amount} from a decimal string (exactly as written, e.g. {@code "100.5"}). */
    public Builder amount(String amount) {
      this.amount = RequestParts.decimal("PreviewWithdrawalParams.amount", amount);
      return this;
    }

    /** Sets {@code amount} to a whole number. */
    public Builder amount(long amount) {
      this.amount = java.math.BigDecimal.valueOf(amount);
      return this;
    }

    /** Sets {@code coin} (required). */
    public Builder coin(String coin) {
      this.coin = coin;
      return this;
    }

    /** Sets {@code receiverAddress} (required). */
    public Builder receiverAddress(String receiverAddress) {
      this.receiverAddress = receiverAddress;
      return this;
    }

    /** Sets {@code remark}. */
    public Builder remark(String remark) {
      this.remark = remark;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public PreviewWithdrawalParams build() {
      RequestParts.require("PreviewWithdrawalParams.chain", chain);
      RequestParts.require("PreviewWithdrawalParams.amount", amount);
      RequestParts.require("PreviewWithdrawalParams.coin", coin);
      RequestParts.require("PreviewWithdrawalParams.receiverAddress", receiverAddress);
      return new PreviewWithdrawalParams(this);
    }
  }
}
