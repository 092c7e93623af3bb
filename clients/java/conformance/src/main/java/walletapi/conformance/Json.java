package walletapi.conformance;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.Map;

/** JSON as the runner reads cases and compares data: numbers compared by value, at any depth. */
final class Json {
  static final ObjectMapper MAPPER = JsonMapper.builder()
      .addModule(new JavaTimeModule())
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
      .build();

  private Json() {}

  /** Deep equality, numbers by value (100 equals 100.0). */
  static boolean equal(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return a == b || (a == null ? b.isNull() : a.isNull());
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!equal(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a.isObject() && b.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (Map.Entry<String, JsonNode> field : a.properties()) {
        if (!b.has(field.getKey()) || !equal(field.getValue(), b.get(field.getKey()))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  /** Every key given is present with a matching value, at any depth; arrays match item by item. */
  static boolean includes(JsonNode actual, JsonNode expected) {
    if (expected.isArray()) {
      if (actual == null || !actual.isArray() || actual.size() != expected.size()) {
        return false;
      }
      for (int i = 0; i < expected.size(); i++) {
        if (!includes(actual.get(i), expected.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (expected.isObject()) {
      if (actual == null || !actual.isObject()) {
        return false;
      }
      for (Map.Entry<String, JsonNode> field : expected.properties()) {
        if (!actual.has(field.getKey()) || !includes(actual.get(field.getKey()), field.getValue())) {
          return false;
        }
      }
      return true;
    }
    return equal(actual, expected);
  }

  static String truncate(String text, int length) {
    return text.length() > length ? text.substring(0, length) + "…" : text;
  }
}
