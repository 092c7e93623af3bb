package walletapi;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one call's request carries, where: path parameters, query parameters (in the spec's
 * order, unset ones left out) and body fields; and which values are protected (masked in
 * every error). Made by a params object; never shown (its toString names no value).
 */
final class RequestParts {
  final Map<String, String> path = new LinkedHashMap<>();
  final List<Map.Entry<String, String>> query = new ArrayList<>();
  final Map<String, Object> body = new LinkedHashMap<>();
  /** Protected values by field name: masked wherever the answer repeats them. */
  final List<Map.Entry<String, String>> protectedValues = new ArrayList<>();
  boolean hasBody;
  /** A params argument that was null: refused before anything is sent. */
  String missingArgument;

  static RequestParts of(String argument, RequestParts parts) {
    if (parts != null) {
      return parts;
    }
    RequestParts missing = new RequestParts();
    missing.missingArgument = argument;
    return missing;
  }

  void path(String name, Object value, boolean isProtected) {
    if (value != null) {
      path.put(name, text(value));
      carried(name, value, isProtected);
    }
  }

  void query(String name, Object value, boolean isProtected) {
    if (value != null) {
      query.add(Map.entry(name, text(value)));
      carried(name, value, isProtected);
    }
  }

  void body(String name, Object value, boolean isProtected) {
    if (value != null) {
      body.put(name, value);
      carried(name, value, isProtected);
    }
  }

  void hasBody() {
    hasBody = true;
  }

  private void carried(String name, Object value, boolean isProtected) {
    if (isProtected) {
      protectedValues.add(Map.entry(name, text(value)));
    }
  }

  /** A value as written in a path or a query: a decimal without exponent, so {@code 1E+2} is {@code 100}. */
  static String text(Object value) {
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    return String.valueOf(value);
  }

  /** Refuses a required field left unset, naming it. */
  static void require(String name, Object value) {
    if (value == null) {
      throw new ConfigurationException(name + " is required: set it on the builder before build()");
    }
  }

  /** A decimal from its text, or a ConfigurationException naming the field (never its value). */
  static BigDecimal decimal(String name, String text) {
    if (text == null) {
      return null;
    }
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException notDecimal) {
      throw new ConfigurationException(name + " must be a decimal number (digits, an optional point and exponent)");
    }
  }

  @Override
  public String toString() {
    return "RequestParts[not shown]";
  }
}
