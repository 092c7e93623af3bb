// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code getTransaction} (GET /api/v1/transactions/{id}): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class GetTransactionParams {
  private final String id;

  private GetTransactionParams(Builder builder) {
    this.id = builder.id;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.id = id;
    return builder;
  }

  /** Transaction identifier. Keep it on the backend. */
  public String id() {
    return id;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.path("id", id, false);
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof GetTransactionParams that)) {
      return false;
    }
    return java.util.Objects.equals(id, that.id);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(id);
  }

  @Override
  public String toString() {
    return "GetTransactionParams{" + "id=" + id + "}";
  }

  /** Builds a {@link GetTransactionParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String id;

    private Builder() {}

    /** Sets {@code id} (required). */
    public Builder id(String id) {
      this.id = id;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public GetTransactionParams build() {
      RequestParts.require("GetTransactionParams.id", id);
      return new GetTransactionParams(this);
    }
  }
}
