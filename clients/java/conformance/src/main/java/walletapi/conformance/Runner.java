package walletapi.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java client's conformance runner: runs the kit's cases (conformance/README.md) against
 * package walletapi and writes one result per case. The vectors run in process against a
 * replay server of raw bytes; the scenarios against the sandbox whose URL it is given.
 *
 * <pre>java -jar clients/java/conformance/target/conformance-runner.jar --cases FILE… --sandbox URL --api-key KEY --secret SECRET --out RESULT.json</pre>
 */
public final class Runner {
  static final String CLIENT = "java";

  private Runner() {}

  /** The runner's settings from its command line. */
  record Settings(String sandbox, String apiKey, String secret) {
    @Override
    public String toString() {
      return "Settings[sandbox=" + sandbox + "]";
    }
  }

  public static void main(String[] args) throws IOException {
    List<String> files = new ArrayList<>();
    String sandbox = "";
    String apiKey = "";
    String secret = "";
    String out = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--cases" -> {
          while (i + 1 < args.length && !args[i + 1].startsWith("--")) {
            files.add(args[++i]);
          }
        }
        case "--sandbox" -> sandbox = value(args, ++i, arg).replaceAll("/+$", "");
        case "--api-key" -> apiKey = value(args, ++i, arg);
        case "--secret" -> secret = value(args, ++i, arg);
        case "--out" -> out = value(args, ++i, arg);
        default -> {
          if (arg.startsWith("--")) {
            usage("unknown option " + arg);
          }
          files.add(arg);
        }
      }
    }
    if (files.isEmpty() || out == null) {
      usage("--cases and --out are required");
    }
    Settings settings = new Settings(sandbox, apiKey, secret);
    ArrayNode results = Json.MAPPER.createArrayNode();
    for (String file : files) {
      JsonNode cases = Json.MAPPER.readTree(Files.readAllBytes(Path.of(file))).path("cases");
      for (JsonNode c : cases) {
        if (c.path("unsupported").has(CLIENT)) {
          continue;
        }
        results.add(runCase(c, settings));
      }
    }
    ObjectNode report = Json.MAPPER.createObjectNode();
    report.put("client", CLIENT);
    report.set("results", results);
    Files.write(Path.of(out), (Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(report) + "\n").getBytes(StandardCharsets.UTF_8));
    // The client's daemon threads end with the JVM; a kept-alive connection does not hold it.
    System.exit(0);
  }

  private static String value(String[] args, int i, String name) {
    if (i >= args.length) {
      usage(name + " needs a value");
    }
    return args[i];
  }

  private static void usage(String problem) {
    System.err.println("conformance runner: " + problem);
    System.err.println("usage: java -jar conformance-runner.jar --cases FILE… --sandbox URL --api-key KEY --secret SECRET --out RESULT.json");
    System.exit(2);
  }

  static ObjectNode runCase(JsonNode c, Settings settings) {
    ObjectNode result = Json.MAPPER.createObjectNode();
    String id = c.path("id").asText();
    result.put("case", id);
    String outcome = "pass";
    String saw;
    try {
      saw = switch (c.path("type").asText()) {
        case "signing" -> Cases.signing(c);
        case "exchange" -> Cases.exchange(c);
        case "options" -> Cases.options(c);
        case "mask" -> Cases.mask(c);
        case "scenario" -> Scenarios.run(c, settings);
        default -> throw new Mismatch("unknown case type " + c.path("type").asText());
      };
    } catch (Mismatch mismatch) {
      outcome = "fail";
      saw = mismatch.getMessage();
    } catch (Exception | Error failure) {
      outcome = "fail";
      saw = "the runner failed: " + failure.getClass().getName();
    }
    result.put("outcome", outcome);
    result.put("saw", saw);
    return result;
  }

  /** A failed expectation; its message is what the matrix shows as "saw" (never a secret). */
  static class Mismatch extends Exception {
    private static final long serialVersionUID = 1L;

    Mismatch(String message) {
      super(message, null, false, false);
    }
  }
}
