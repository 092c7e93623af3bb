// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code previewLocalPayout} (POST /api/v1/wallets/preview-withdraw-local-transfer): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class PreviewLocalPayoutParams {
  private final java.math.BigDecimal amount;
  private final String coin;
  private final String accountNumber;
  private final String bankCode;
  private final String remark;

  private PreviewLocalPayoutParams(Builder builder) {
    this.amount = builder.amount;
    this.coin = builder.coin;
    this.accountNumber = builder.accountNumber;
    this.bankCode = builder.bankCode;
    this.remark = builder.remark;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.amount = amount;
    builder.coin = coin;
    builder.accountNumber = accountNumber;
    builder.bankCode = bankCode;
    builder.remark = remark;
    return builder;
  }

  /** An amount of the asset; positive. */
  public java.math.BigDecimal amount() {
    return amount;
  }

  /** {@code ngn} for this payout. */
  public String coin() {
    return coin;
  }

  /** Beneficiary account number. Not required by the schema. Unset: null (not sent). */
  public String accountNumber() {
    return accountNumber;
  }

  /** Bank code from the integrator's approved payout bank-code source. Not required by the schema. Unset: null (not sent). */
  public String bankCode() {
    return bankCode;
  }

  /** The body field {@code remark}. Unset: null (not sent). */
  public String remark() {
    return remark;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.body("amount", amount, false);
    parts.body("coin", coin, false);
    parts.body("accountNumber", accountNumber, true);
    parts.body("bankCode", bankCode, true);
    parts.body("remark", remark, false);
    parts.hasBody();
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof PreviewLocalPayoutParams that)) {
      return false;
    }
    return java.util.Objects.equals(amount, that.amount)
        && java.util.Objects.equals(coin, that.coin)
        && java.util.Objects.equals(accountNumber, that.accountNumber)
        && java.util.Objects.equals(bankCode, that.bankCode)
        && java.util.Objects.equals(remark, that.remark);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(amount, coin, accountNumber, bankCode, remark);
  }

  @Override
  public String toString() {
    return "PreviewLocalPayoutParams{" + "amount=" + amount + ", " + "coin=" + coin + ", " + "accountNumber=" + (accountNumber == null ? "null" : "[redacted]") + ", " + "bankCode=" + (bankCode == null ? "null" : "[redacted]") + ", " + "remark=" + remark + "}";
  }

  /** Builds a {@link PreviewLocalPayoutParams}; not thread-safe, reusable. */
  public static final class Builder {
    private java.math.BigDecimal amount;
    private String coin;
    private String accountNumber;
    private String bankCode;
    private String remark;

    private Builder() {}

    /** Sets {@code amount} (required). */
    public Builder amount(java.math.BigDecimal amount) {
      this.amount = amount;
      return this;
    }

    /** Sets {@code amount} from a decimal string (exactly as written, e.g. {@code "100.5"}). */
    public Builder amount(String amount) {
      this.amount = RequestParts.decimal("PreviewLocalPayoutParams.amount", amount);
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

    /** Sets {@code accountNumber}. */
    public Builder accountNumber(String accountNumber) {
      this.accountNumber = accountNumber;
      return this;
    }

    /** Sets {@code bankCode}. */
    public Builder bankCode(String bankCode) {
      this.bankCode = bankCode;
      return this;
    }

    /** Sets {@code remark}. */
    public Builder remark(String remark) {
      this.remark = remark;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public PreviewLocalPayoutParams build() {
      RequestParts.require("PreviewLocalPayoutParams.amount", amount);
      RequestParts.require("PreviewLocalPayoutParams.coin", coin);
      return new PreviewLocalPayoutParams(this);
    }
  }
}
