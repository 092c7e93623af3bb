// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi;

/** The input of {@code listTransactions} (GET /api/v1/transactions): immutable, made by {@link #builder()}. A required field left unset is refused by {@link Builder#build()}, naming it, before anything is sent. toString() leaves out the values of protected fields. */
public final class ListTransactionsParams {
  private final Integer limit;
  private final Integer page;

  private ListTransactionsParams(Builder builder) {
    this.limit = builder.limit;
    this.page = builder.page;
  }

  /** A builder with every field unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this value's fields, to make a changed copy. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.limit = limit;
    builder.page = page;
    return builder;
  }

  /** Page size. Unset: null (not sent). */
  public Integer limit() {
    return limit;
  }

  /** Page number, starting at 1. Unset: null (not sent). */
  public Integer page() {
    return page;
  }

  /** What the request carries, where: path, query and body fields in the spec's order. */
  RequestParts requestParts() {
    RequestParts parts = new RequestParts();
    parts.query("limit", limit, false);
    parts.query("page", page, false);
    return parts;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof ListTransactionsParams that)) {
      return false;
    }
    return java.util.Objects.equals(limit, that.limit)
        && java.util.Objects.equals(page, that.page);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(limit, page);
  }

  @Override
  public String toString() {
    return "ListTransactionsParams{" + "limit=" + limit + ", " + "page=" + page + "}";
  }

  /** Builds a {@link ListTransactionsParams}; not thread-safe, reusable. */
  public static final class Builder {
    private Integer limit;
    private Integer page;

    private Builder() {}

    /** Sets {@code limit}. */
    public Builder limit(Integer limit) {
      this.limit = limit;
      return this;
    }

    /** Sets {@code page}. */
    public Builder page(Integer page) {
      this.page = page;
      return this;
    }

    /** The params; a {@link ConfigurationException} naming the first required field left unset. */
    public ListTransactionsParams build() {
      return new ListTransactionsParams(this);
    }
  }
}
