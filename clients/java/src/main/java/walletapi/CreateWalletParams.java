// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code createWallet} (POST /api/v1/wallets/generate-wallet): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class CreateWalletParams {
  private final String token;
  private final String name;

  private CreateWalletParams(Builder builder) {
    this.token = builder.token;
    this.name = builder.name;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.token = token;
    builder.name = name;
    return builder;
  }

  /** Supported asset reference, for example {@code usdt}, {@code bitcoin}, {@code naira}. */
  public String token() {
    return token;
  }

  /** Wallet name, at most 80 characters. Unset: null (not sent). */
  public String name() {
    return name;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.body("token", token, false);
    parts.body("name", name, false);
    parts.hasBody();
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof CreateWalletParams that)) {
      return false;
    }
    return java.util.Objects.equals(token, that.token)
        && java.util.Objects.equals(name, that.name);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(token, name);
  }

  @Override
  public String toString() {
    return "CreateWalletParams{" + "token=" + token + ", " + "name=" + name + "}";
  }

  /** Builds a {@link CreateWalletParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String token;
    private String name;

    private Builder() {}

    /** Sets {@code token} (required). */
    public Builder token(String token) {
      this.token = token;
      return this;
    }

    /** Sets {@code name}. */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public CreateWalletParams build() {
      RequestParts.require("CreateWalletParams.token", token);
      return new CreateWalletParams(this);
    }
  }
}
