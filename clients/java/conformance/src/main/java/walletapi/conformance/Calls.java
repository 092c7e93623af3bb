package walletapi.conformance;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import walletapi.Environment;
import walletapi.RequestOptions;
import walletapi.RetryPolicy;
import walletapi.Signer;
import walletapi.WalletApiClient;
import walletapi.WalletApiException;
import walletapi.conformance.Runner.Mismatch;

/** Makes the client a case describes and calls its operations by operationId. */
final class Calls {
  private Calls() {}

  /** What a call gave: its data (as JSON) or its exception. */
  record Got(JsonNode data, Object model, JavaType type, WalletApiException error) {
    @Override
    public String toString() {
      return describe();
    }

    String describe() {
      if (error == null) {
        return "data " + Json.truncate(String.valueOf(data), 80);
      }
      return error.kind() + (error.httpStatus().isPresent() ? ", HTTP " + error.httpStatus().getAsInt() : "");
    }
  }

  static Duration ms(JsonNode value) {
    return Duration.ofNanos((long) (value.asDouble() * 1_000_000));
  }

  static RetryPolicy retry(JsonNode r) {
    RetryPolicy.Builder builder = RetryPolicy.builder().attempts(r.path("attempts").asInt());
    if (r.has("initialDelayMs")) {
      builder.initialDelay(ms(r.get("initialDelayMs")));
    }
    if (r.has("maxDelayMs")) {
      builder.maxDelay(ms(r.get("maxDelayMs")));
    }
    return builder.build();
  }

  static Signer signer(JsonNode client, String secret) {
    String kind = client == null ? "" : client.path("signer").asText("");
    String key = client != null && client.has("secret") ? client.get("secret").asText() : secret;
    return switch (kind) {
      case "throws" -> input -> {
        throw new IllegalStateException("the key store is down (secret " + key + ")");
      };
      case "returns-empty" -> input -> "";
      case "returns-line-break" -> input -> "abc\r\ndef";
      default -> Signer.hmacSha256(key);
    };
  }

  static WalletApiClient client(String baseUrl, String apiKey, String secret, JsonNode c) {
    WalletApiClient.Builder builder;
    if (c != null && c.has("env")) {
      builder = fromEnvironment(c, baseUrl, apiKey, secret);
    } else {
      builder = WalletApiClient.builder().environment(Environment.CUSTOM).baseUrl(baseUrl).apiKey(apiKey).signer(signer(c, secret));
    }
    if (c != null) {
      if (c.has("timeoutMs")) {
        builder.timeout(ms(c.get("timeoutMs")));
      }
      if (c.has("maxResponseBytes")) {
        builder.maxResponseBytes(c.get("maxResponseBytes").asLong());
      }
      if (c.has("retry")) {
        builder.retry(retry(c.get("retry")));
      }
    }
    return builder.build();
  }

  /**
   * The client of a case with {@code client.env}: those variables (with the runner's server URL,
   * key and secret substituted) are all it reads, and only the options {@code client.explicit}
   * lists are given, with the runner's own values.
   */
  private static WalletApiClient.Builder fromEnvironment(JsonNode c, String baseUrl, String apiKey, String secret) {
    Map<String, String> variables = new HashMap<>();
    for (Map.Entry<String, JsonNode> variable : c.get("env").properties()) {
      String value = variable.getValue().asText().replace("{{baseUrl}}", baseUrl).replace("{{apiKey}}", apiKey).replace("{{secret}}", secret);
      variables.put(variable.getKey(), value);
    }
    WalletApiClient.Builder builder = WalletApiClient.builder().fromEnv(variables);
    for (JsonNode option : c.path("explicit")) {
      switch (option.asText()) {
        case "environment" -> builder.environment(Environment.CUSTOM);
        case "baseUrl" -> builder.baseUrl(baseUrl);
        case "apiKey" -> builder.apiKey(apiKey);
        case "secret" -> builder.signer(signer(c, secret));
        default -> throw new IllegalArgumentException("client.explicit: no option " + option.asText());
      }
    }
    return builder;
  }

  static RequestOptions options(JsonNode o) {
    if (o == null || o.isMissingNode() || o.isNull()) {
      return RequestOptions.none();
    }
    RequestOptions.Builder builder = RequestOptions.builder();
    if (o.has("timeoutMs")) {
      builder.timeout(ms(o.get("timeoutMs")));
    }
    if (o.has("retry")) {
      builder.retry(retry(o.get("retry")));
    }
    return builder.build();
  }

  private static String upperFirst(String text) {
    return text.substring(0, 1).toUpperCase(Locale.ROOT) + text.substring(1);
  }

  /** A params field's builder method name: the generator's ({@code _id} is {@code id}). */
  private static String javaName(String json) {
    return json.replaceFirst("^_+", "");
  }

  /** The operation's params object, built through its builder from the case's flat params. */
  static Object params(String operationId, JsonNode params) throws Mismatch {
    Class<?> type;
    try {
      type = Class.forName("walletapi." + upperFirst(operationId) + "Params");
    } catch (ClassNotFoundException none) {
      return null;
    }
    try {
      Object builder = type.getMethod("builder").invoke(null);
      for (Map.Entry<String, JsonNode> field : params.properties()) {
        set(builder, javaName(field.getKey()), field.getValue(), operationId);
      }
      return builder.getClass().getMethod("build").invoke(builder);
    } catch (InvocationTargetException failed) {
      if (failed.getCause() instanceof WalletApiException e) {
        throw new CallFailed(e);
      }
      throw new Mismatch("the runner could not build the params of " + operationId);
    } catch (ReflectiveOperationException failed) {
      throw new Mismatch("the runner could not build the params of " + operationId);
    }
  }

  /** A params builder's check failed: the call's outcome is that exception. */
  static final class CallFailed extends Mismatch {
    private static final long serialVersionUID = 1L;
    final transient WalletApiException error;

    CallFailed(WalletApiException error) {
      super("params refused");
      this.error = error;
    }
  }

  private static void set(Object builder, String name, JsonNode value, String operationId) throws ReflectiveOperationException, Mismatch {
    Method chosen = null;
    Object argument = null;
    for (Method m : builder.getClass().getMethods()) {
      if (!m.getName().equals(name) || m.getParameterCount() != 1) {
        continue;
      }
      Class<?> p = m.getParameterTypes()[0];
      if (value.isNull()) {
        if (!p.isPrimitive()) {
          chosen = m;
          argument = null;
        }
      } else if (value.isTextual() && p == String.class) {
        chosen = m;
        argument = value.asText();
        break;
      } else if (value.isNumber() && p == BigDecimal.class) {
        chosen = m;
        argument = value.decimalValue();
        break;
      } else if (value.isNumber() && p == Integer.class) {
        chosen = m;
        argument = value.asInt();
        break;
      } else if (value.isBoolean() && p == Boolean.class) {
        chosen = m;
        argument = value.asBoolean();
        break;
      } else if (value.isNumber() && p == String.class && chosen == null) {
        chosen = m;
        argument = value.asText();
      }
    }
    if (chosen == null) {
      throw new Mismatch("the runner found no setter " + name + " for a " + value.getNodeType() + " in the params of " + operationId);
    }
    chosen.invoke(builder, argument);
  }

  /** Calls the client's method named after the operationId. */
  static Got invoke(WalletApiClient client, String operationId, JsonNode params, RequestOptions options) throws Mismatch {
    Object built;
    try {
      built = params(operationId, params == null ? Json.MAPPER.createObjectNode() : params);
    } catch (CallFailed refused) {
      return new Got(null, null, null, refused.error);
    }
    Method method;
    try {
      method = built == null ? client.getClass().getMethod(operationId, RequestOptions.class) : client.getClass().getMethod(operationId, built.getClass(), RequestOptions.class);
    } catch (NoSuchMethodException none) {
      throw new Mismatch("no operation " + operationId + " in the client");
    }
    JavaType type = Json.MAPPER.getTypeFactory().constructType(method.getGenericReturnType());
    try {
      Object model = built == null ? method.invoke(client, options) : method.invoke(client, built, options);
      return new Got(Json.MAPPER.valueToTree(model), model, type, null);
    } catch (InvocationTargetException failed) {
      if (failed.getCause() instanceof WalletApiException e) {
        return new Got(null, null, type, e);
      }
      throw new Mismatch("the call threw " + failed.getCause().getClass().getName() + ", not a WalletApiException");
    } catch (IllegalAccessException failed) {
      throw new Mismatch("the runner could not call " + operationId);
    }
  }

  /** The expected data as the model the client returns sees it: read into that type and written again. */
  private static JsonNode normalised(JsonNode expected, JavaType type) throws Mismatch {
    if (type == null || expected.isNull()) {
      return expected;
    }
    try {
      return Json.MAPPER.valueToTree(Json.MAPPER.treeToValue(expected, type));
    } catch (IllegalArgumentException | com.fasterxml.jackson.core.JsonProcessingException cannot) {
      throw new Mismatch("expected data that " + type + " cannot hold");
    }
  }

  static void check(Got got, JsonNode expect) throws Mismatch {
    JsonNode error = expect.get("error");
    if (error != null && !error.isNull()) {
      if (got.error == null) {
        throw new Mismatch(got.describe() + ", not " + error.path("kind").asText());
      }
      checkError(got.error, error);
      return;
    }
    if (got.error != null) {
      throw new Mismatch(got.describe());
    }
    if (expect.has("data")) {
      JsonNode want = normalised(expect.get("data"), got.type);
      if (!Json.equal(got.data, want)) {
        throw new Mismatch("other data: " + Json.truncate(String.valueOf(got.data), 120));
      }
    }
    if (expect.has("dataIncludes")) {
      if (!Json.includes(got.data, expect.get("dataIncludes"))) {
        throw new Mismatch("data without what was expected: " + Json.truncate(String.valueOf(got.data), 120));
      }
    }
  }

  static void checkError(WalletApiException e, JsonNode expected) throws Mismatch {
    String kind = expected.path("kind").asText();
    String shown = new Got(null, null, null, e).describe();
    if (!e.kind().equals(kind)) {
      throw new Mismatch(shown + ", not " + kind);
    }
    String expectedClass = switch (kind) {
      case "api" -> "ApiException";
      case "invalid-response" -> "InvalidResponseException";
      case "network" -> "NetworkException";
      case "timeout" -> "TimeoutException";
      case "aborted" -> "AbortedException";
      case "signing" -> "SigningException";
      case "configuration" -> "ConfigurationException";
      default -> "?";
    };
    if (!e.getClass().getSimpleName().equals(expectedClass)) {
      throw new Mismatch(kind + ", but as a " + e.getClass().getSimpleName());
    }
    if (expected.has("httpStatus") && (e.httpStatus().isEmpty() || e.httpStatus().getAsInt() != expected.get("httpStatus").asInt())) {
      throw new Mismatch(shown + ", not HTTP " + expected.get("httpStatus").asInt());
    }
    if (expected.has("apiMessage") && !e.apiMessage().orElse("\u0000").equals(expected.get("apiMessage").asText())) {
      throw new Mismatch(kind + " with another provider message");
    }
    if (expected.has("retryAfter") && !e.retryAfter().orElse("\u0000").equals(expected.get("retryAfter").asText())) {
      throw new Mismatch(kind + " without Retry-After " + expected.get("retryAfter").asText());
    }
  }
}
