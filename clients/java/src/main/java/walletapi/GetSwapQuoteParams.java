// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code getSwapQuote} (GET /api/v1/swaps/quotes): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class GetSwapQuoteParams {
  private final String from;
  private final String to;
  private final java.math.BigDecimal amount;

  private GetSwapQuoteParams(Builder builder) {
    this.from = builder.from;
    this.to = builder.to;
    this.amount = builder.amount;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.from = from;
    builder.to = to;
    builder.amount = amount;
    return builder;
  }

  /** Source asset; must be supported for the environment. Unset: null (not sent). */
  public String from() {
    return from;
  }

  /** Target asset; must be supported for the environment. Unset: null (not sent). */
  public String to() {
    return to;
  }

  /** Amount of the source asset to swap. Unset: null (not sent). */
  public java.math.BigDecimal amount() {
    return amount;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.query("from", from, false);
    parts.query("to", to, false);
    parts.query("amount", amount, false);
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof GetSwapQuoteParams that)) {
      return false;
    }
    return java.util.Objects.equals(from, that.from)
        && java.util.Objects.equals(to, that.to)
        && java.util.Objects.equals(amount, that.amount);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(from, to, amount);
  }

  @Override
  public String toString() {
    return "GetSwapQuoteParams{" + "from=" + from + ", " + "to=" + to + ", " + "amount=" + amount + "}";
  }

  /** Builds a {@link GetSwapQuoteParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String from;
    private String to;
    private java.math.BigDecimal amount;

    private Builder() {}

    /** Sets {@code from}. */
    public Builder from(String from) {
      this.from = from;
      return this;
    }

    /** Sets {@code to}. */
    public Builder to(String to) {
      this.to = to;
      return this;
    }

    /** Sets {@code amount}. */
    public Builder amount(java.math.BigDecimal amount) {
      this.amount = amount;
      return this;
    }

    /** Sets {@code amount} from a decimal string (exactly as written, e.g. {@code "100.5"}). */
    public Builder amount(String amount) {
      this.amount = RequestParts.decimal("GetSwapQuoteParams.amount", amount);
      return this;
    }

    /** Sets {@code amount} to a whole number. */
    public Builder amount(long amount) {
      this.amount = java.math.BigDecimal.valueOf(amount);
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public GetSwapQuoteParams build() {
      return new GetSwapQuoteParams(this);
    }
  }
}
