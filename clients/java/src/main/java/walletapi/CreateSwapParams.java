// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code createSwap} (POST /api/v1/swaps): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class CreateSwapParams {
  private final String from;
  private final String to;
  private final java.math.BigDecimal amount;
  private final String password;

  private CreateSwapParams(Builder builder) {
    this.from = builder.from;
    this.to = builder.to;
    this.amount = builder.amount;
    this.password = builder.password;
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
    builder.password = password;
    return builder;
  }

  /** Source asset. */
  public String from() {
    return from;
  }

  /** Target asset. */
  public String to() {
    return to;
  }

  /** An amount of the asset; positive. */
  public java.math.BigDecimal amount() {
    return amount;
  }

  /** Customer authorization value supplied by the integrator's backend authorization flow. */
  public String password() {
    return password;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.body("from", from, false);
    parts.body("to", to, false);
    parts.body("amount", amount, false);
    parts.body("password", password, true);
    parts.hasBody();
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof CreateSwapParams that)) {
      return false;
    }
    return java.util.Objects.equals(from, that.from)
        && java.util.Objects.equals(to, that.to)
        && java.util.Objects.equals(amount, that.amount)
        && java.util.Objects.equals(password, that.password);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(from, to, amount, password);
  }

  @Override
  public String toString() {
    return "CreateSwapParams{" + "from=" + from + ", " + "to=" + to + ", " + "amount=" + amount + ", " + "password=" + (password == null ? "null" : "[redacted]") + "}";
  }

  /** Builds a {@link CreateSwapParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String from;
    private String to;
    private java.math.BigDecimal amount;
    private String password;

    private Builder() {}

    /** Sets {@code from} (required). */
    public Builder from(String from) {
      this.from = from;
      return this;
    }

    /** Sets {@code to} (required). */
    public Builder to(String to) {
      this.to = to;
      return this;
    }

    /** Sets {@code amount} (required). */
    public Builder amount(java.math.BigDecimal amount) {
      this.amount = amount;
      return this;
    }

    /** Sets {@code amount} from a decimal string (exactly as written, e.g. {@code "100.5"}). */
    public Builder amount(String amount) {
      this.amount = RequestParts.decimal("CreateSwapParams.amount", amount);
      return this;
    }

    /** Sets {@code amount} to a whole number. */
    public Builder amount(long amount) {
      this.amount = java.math.BigDecimal.valueOf(amount);
      return this;
    }

    /** Sets {@code password} (required). */
    public Builder password(String password) {
      this.password = password;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public CreateSwapParams build() {
      RequestParts.require("CreateSwapParams.from", from);
      RequestParts.require("CreateSwapParams.to", to);
      RequestParts.require("CreateSwapParams.amount", amount);
      RequestParts.require("CreateSwapParams.password", password);
      return new CreateSwapParams(this);
    }
  }
}
