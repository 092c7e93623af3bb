// Generated from generated/openapi.json by tools/codegen/java-client.ts; do not edit.
// Regenerate: node --import tsx clients/java/codegen/generate.ts

package walletapi.models;

/** One page of the transaction list. Immutable; fields the spec does not list are kept in additionalProperties(). toString() leaves out the values of protected fields. */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public final class TransactionPage {
  private final Long page;
  private final Long pages;
  private final Long limit;
  private final Long total;
  private final java.util.List<walletapi.models.Transaction> data;
  private final java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties = new java.util.LinkedHashMap<>();

  /** Makes the value; {@code null} stands for a field the answer left out. */
  @com.fasterxml.jackson.annotation.JsonCreator
  public TransactionPage(
      @com.fasterxml.jackson.annotation.JsonProperty("page") Long page,
      @com.fasterxml.jackson.annotation.JsonProperty("pages") Long pages,
      @com.fasterxml.jackson.annotation.JsonProperty("limit") Long limit,
      @com.fasterxml.jackson.annotation.JsonProperty("total") Long total,
      @com.fasterxml.jackson.annotation.JsonProperty("data") java.util.List<walletapi.models.Transaction> data) {
    this.page = page;
    this.pages = pages;
    this.limit = limit;
    this.total = total;
    this.data = data;
  }

  /** Current page. */
  @com.fasterxml.jackson.annotation.JsonProperty("page")
  public Long page() {
    return page;
  }

  /** Total pages. */
  @com.fasterxml.jackson.annotation.JsonProperty("pages")
  public Long pages() {
    return pages;
  }

  /** Page size used. */
  @com.fasterxml.jackson.annotation.JsonProperty("limit")
  public Long limit() {
    return limit;
  }

  /** Total records. */
  @com.fasterxml.jackson.annotation.JsonProperty("total")
  public Long total() {
    return total;
  }

  /** Records of the page. */
  @com.fasterxml.jackson.annotation.JsonProperty("data")
  public java.util.List<walletapi.models.Transaction> data() {
    return data;
  }

  /** The fields of the answer the spec does not list, by name, as sent. */
  @com.fasterxml.jackson.annotation.JsonAnyGetter
  public java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> additionalProperties() {
    return java.util.Collections.unmodifiableMap(additionalProperties);
  }

  // Jackson calls it for every field the spec does not list.
  @SuppressWarnings("UnusedMethod")
  @com.fasterxml.jackson.annotation.JsonAnySetter
  private void keepAdditionalProperty(String name, com.fasterxml.jackson.databind.JsonNode value) {
    additionalProperties.put(name, value);
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof TransactionPage that)) {
      return false;
    }
    return java.util.Objects.equals(page, that.page)
        && java.util.Objects.equals(pages, that.pages)
        && java.util.Objects.equals(limit, that.limit)
        && java.util.Objects.equals(total, that.total)
        && java.util.Objects.equals(data, that.data)
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(page, pages, limit, total, data, additionalProperties);
  }

  @Override
  public String toString() {
    return "TransactionPage{" + "page=" + page + ", " + "pages=" + pages + ", " + "limit=" + limit + ", " + "total=" + total + ", " + "data=" + data + ", " + "additionalProperties=" + walletapi.internal.Privacy.describeUnlisted(additionalProperties) + "}";
  }
}
