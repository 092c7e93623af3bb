// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code cancelSwap} (POST /api/v1/swaps/{id}/cancel): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class CancelSwapParams {
  private final String id;

  private CancelSwapParams(Builder builder) {
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

  /** The swap id returned by create. */
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
    if (!(other instanceof CancelSwapParams that)) {
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
    return "CancelSwapParams{" + "id=" + id + "}";
  }

  /** Builds a {@link CancelSwapParams}; not thread-safe, reusable. */
  public static final class Builder {
    private String id;

    private Builder() {}

    /** Sets {@code id} (required). */
    public Builder id(String id) {
      this.id = id;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public CancelSwapParams build() {
      RequestParts.require("CancelSwapParams.id", id);
      return new CancelSwapParams(this);
    }
  }
}
