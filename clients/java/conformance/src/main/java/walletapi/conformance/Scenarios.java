package walletapi.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import walletapi.ListTransactionsParams;
import walletapi.RequestOptions;
import walletapi.WalletApiClient;
import walletapi.WalletApiException;
import walletapi.conformance.Calls.Got;
import walletapi.conformance.Runner.Mismatch;
import walletapi.conformance.Runner.Settings;
import walletapi.models.Transaction;
import walletapi.models.TransactionPage;

/** Live scenarios against the sandbox the conformance command started. */
final class Scenarios {
  private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
  /** The helper's own distinct timestamps: the sandbox refuses a replayed signature. */
  private static final AtomicLong LAST = new AtomicLong();

  private Scenarios() {}

  private record Answer(int status, JsonNode data) {}

  /** A signed request to one of the sandbox's test helpers, signed with javax.crypto directly. */
  private static Answer sandbox(Settings s, String method, String path, JsonNode body) throws Exception {
    byte[] text = body == null ? new byte[0] : Json.MAPPER.writeValueAsBytes(body);
    long now = System.currentTimeMillis();
    String timestamp = TIMESTAMP.format(Instant.ofEpochMilli(LAST.updateAndGet(last -> Math.max(now, last + 1))));
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(s.secret().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    mac.update((timestamp + "\n" + method + "\n" + path + "\n").getBytes(StandardCharsets.UTF_8));
    mac.update(text);
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(s.sandbox() + path))
        .header("x-api-key", s.apiKey())
        .header("x-timestamp", timestamp)
        .header("x-signature", java.util.HexFormat.of().formatHex(mac.doFinal()))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(text));
    if (body != null) {
      request.header("content-type", "application/json");
    }
    HttpResponse<byte[]> response;
    try {
      response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException failed) {
      throw new Mismatch("the sandbox did not answer " + method + " " + path);
    }
    JsonNode data = null;
    try {
      data = Json.MAPPER.readTree(response.body()).get("data");
    } catch (IOException notJson) {
      data = null;
    }
    return new Answer(response.statusCode(), data);
  }

  /** "{{name}}" strings replaced by saved values, at any depth. */
  private static JsonNode substitute(JsonNode v, Map<String, JsonNode> saved) {
    if (v == null) {
      return null;
    }
    if (v.isTextual()) {
      String t = v.asText();
      if (t.startsWith("{{") && t.endsWith("}}") && saved.containsKey(t.substring(2, t.length() - 2))) {
        return saved.get(t.substring(2, t.length() - 2));
      }
      return v;
    }
    if (v.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      v.forEach(item -> out.add(substitute(item, saved)));
      return out;
    }
    if (v.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      for (Map.Entry<String, JsonNode> e : v.properties()) {
        out.set(e.getKey(), substitute(e.getValue(), saved));
      }
      return out;
    }
    return v;
  }

  private static final class State {
    final Map<String, JsonNode> saved = new HashMap<>();
    final List<String> armed = new ArrayList<>();
  }

  static String run(JsonNode c, Settings s) throws Exception {
    if (s.sandbox().isEmpty()) {
      throw new Mismatch("no sandbox URL was given (--sandbox)");
    }
    Answer reset = sandbox(s, "POST", "/sandbox/reset", null);
    if (reset.status != 200) {
      throw new Mismatch("the sandbox did not reset (HTTP " + reset.status + ")");
    }
    WalletApiClient client;
    try {
      client = Calls.client(s.sandbox(), s.apiKey(), s.secret(), c.get("client"));
    } catch (WalletApiException refused) {
      throw new Mismatch("the client was refused: " + refused.getMessage());
    }
    JsonNode steps = c.path("steps");
    runSteps(steps, client, s, new State());
    return steps.size() + " steps as expected";
  }

  private static void runSteps(JsonNode steps, WalletApiClient client, Settings s, State state) throws Exception {
    for (int index = 0; index < steps.size(); index++) {
      JsonNode st = steps.get(index);
      String at = "step " + (index + 1);
      if (st.has("arm")) {
        Answer armed = sandbox(s, "POST", "/sandbox/scenarios", st.get("arm"));
        if (armed.status != 200) {
          throw new Mismatch(at + ": the sandbox refused the scenario (HTTP " + armed.status + ")");
        }
        state.armed.add(armed.data == null ? "" : armed.data.path("id").asText());
      } else if (st.has("call")) {
        JsonNode call = st.get("call");
        String operationId = call.get("operationId").asText();
        JsonNode params = substitute(call.path("params"), state.saved);
        RequestOptions options = Calls.options(st.get("options"));
        JsonNode expect = substitute(st.path("expect"), state.saved);
        int times = st.path("times").asInt(1);
        Got got = null;
        for (int time = 0; time < times; time++) {
          got = Calls.invoke(client, operationId, params, options);
          try {
            Calls.check(got, expect);
          } catch (Mismatch mismatch) {
            throw new Mismatch(at + " (" + operationId + (times > 1 ? ", call " + (time + 1) : "") + "): " + mismatch.getMessage());
          }
        }
        for (Map.Entry<String, JsonNode> save : st.path("save").properties()) {
          state.saved.put(save.getKey(), got.data() == null ? null : got.data().at(save.getValue().asText()));
        }
      } else if (st.has("sandbox")) {
        String path = substitute(st.get("sandbox").get("path"), state.saved).asText();
        Answer answer = sandbox(s, st.get("sandbox").get("method").asText(), path, null);
        JsonNode expect = substitute(st.path("expect"), state.saved);
        if (expect.has("length") && (answer.data == null || !answer.data.isArray() || answer.data.size() != expect.get("length").asInt())) {
          throw new Mismatch(at + ": " + path + " has " + (answer.data == null ? 0 : answer.data.size()) + " records, not " + expect.get("length").asInt());
        }
        if (expect.has("dataIncludes") && !Json.includes(answer.data, expect.get("dataIncludes"))) {
          throw new Mismatch(at + ": " + path + " without what was expected");
        }
      } else if (st.has("expectScenario")) {
        JsonNode want = st.get("expectScenario");
        Answer list = sandbox(s, "GET", "/sandbox/scenarios", null);
        int i = want.path("index").asInt();
        JsonNode found = null;
        if (i < state.armed.size() && list.data != null) {
          for (JsonNode item : list.data) {
            if (item.path("id").asText().equals(state.armed.get(i))) {
              found = item;
            }
          }
        }
        if (found == null) {
          throw new Mismatch(at + ": no scenario " + i);
        }
        if ((want.has("matched") && found.path("matched").asInt() != want.get("matched").asInt()) || (want.has("answered") && found.path("answered").asInt() != want.get("answered").asInt())) {
          throw new Mismatch(at + ": the sandbox saw " + found.path("matched").asInt() + " calls and answered " + found.path("answered").asInt() + " by the scenario");
        }
      } else if (st.has("walk")) {
        Object params = Calls.params("listTransactions", st.get("walk").path("params"));
        int pages = 0;
        int items = 0;
        Set<String> ids = new HashSet<>();
        try {
          for (TransactionPage page : client.autoPager((ListTransactionsParams) params).pages()) {
            pages++;
            items += page.data().size();
            for (Transaction t : page.data()) {
              ids.add(t.id());
            }
            JsonNode after = st.path("afterPage").get(String.valueOf(pages));
            if (after != null) {
              runSteps(after, client, s, state);
            }
          }
        } catch (WalletApiException failed) {
          throw new Mismatch(at + ": the walk failed at page " + (pages + 1) + ": " + failed.kind());
        }
        JsonNode expect = st.path("expect");
        if (pages != expect.path("pages").asInt() || items != expect.path("items").asInt() || ids.size() != expect.path("distinctIds").asInt()) {
          throw new Mismatch(at + ": walked " + pages + " pages, " + items + " items, " + ids.size() + " distinct");
        }
      } else if (st.has("sleepMs")) {
        TimeUnit.MILLISECONDS.sleep(Calls.ms(st.get("sleepMs")).toMillis());
      } else {
        throw new Mismatch(at + ": a step the runner does not know");
      }
    }
  }
}
