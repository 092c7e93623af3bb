package walletapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import walletapi.internal.Privacy;
import walletapi.internal.UrlForms;

/**
 * Sends one call: builds its request, signs each attempt over the exact bytes sent, retries
 * GETs as the policy says, reads the answer within the size limit and checks both the HTTP
 * status and the envelope. Shared by the blocking, async and raw method sets of one client.
 */
final class Engine {
  private static final System.Logger LOG = System.getLogger("walletapi");
  private static final Pattern DIGITS = Pattern.compile("[0-9]+");

  final Settings settings;
  private final ObjectMapper mapper;

  /** The client's resolved settings (see {@link WalletApiClient.Builder}). */
  record Settings(
      Environment environment,
      URI baseUrl,
      String apiKey,
      Signer signer,
      String secret,
      HttpClient httpClient,
      Duration timeout,
      long maxResponseBytes,
      RetryPolicy retry,
      String userAgent,
      Clock clock,
      Executor executor) {
    @Override
    public String toString() {
      return "Settings[environment=" + environment.wireName() + ", baseUrl=" + baseUrl + ", apiKey=[redacted], timeout=" + timeout.toMillis() + " ms, maxResponseBytes=" + maxResponseBytes + ", retry=" + retry + "]";
    }
  }

  Engine(Settings settings) {
    this.settings = settings;
    this.mapper = Json.MAPPER;
  }

  /** The call, blocking; its answer as received with its data. */
  <T> RawResponse<T> call(Operation<T> op, RequestParts parts, RequestOptions options) {
    Privacy.Carried carried = new Privacy.Carried().secret(settings.apiKey).secret(settings.secret);
    for (Map.Entry<String, String> value : parts.protectedValues) {
      carried.field(value.getKey(), value.getValue());
    }
    try {
      return send(op, parts, options, carried);
    } catch (WalletApiException failure) {
      if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
        LOG.log(System.Logger.Level.DEBUG, "walletapi call failed: operation={0} kind={1} message={2}", op.name, failure.kind(), failure.getMessage());
      }
      throw failure;
    }
  }

  /** The call on the client's executor; cancelling the future aborts it (the worker is interrupted). */
  <T> CompletableFuture<RawResponse<T>> callAsync(Operation<T> op, RequestParts parts, RequestOptions options) {
    CompletableFuture<RawResponse<T>> result = new CompletableFuture<>();
    java.util.concurrent.FutureTask<Void> task = new java.util.concurrent.FutureTask<>(() -> {
      try {
        result.complete(call(op, parts, options));
      } catch (RuntimeException | Error failure) {
        result.completeExceptionally(failure);
      }
    }, null);
    CompletableFuture<?> unused = result.whenComplete((value, failure) -> {
      if (result.isCancelled()) {
        task.cancel(true);
      }
    });
    settings.executor.execute(task);
    return result;
  }

  private <T> RawResponse<T> send(Operation<T> op, RequestParts parts, RequestOptions options, Privacy.Carried carried) {
    String notSent = op.name + " was not sent: ";
    if (parts.missingArgument != null) {
      throw new ConfigurationException(notSent + parts.missingArgument + " is required (not null)", op.name);
    }
    RetryPolicy retry = options.noRetry() ? null : options.retry() != null ? options.retry() : settings.retry;
    if (!"GET".equals(op.method)) {
      retry = null;
    }
    Duration timeout = options.timeout() != null ? options.timeout() : settings.timeout;
    String pathWithQuery = target(op, parts, notSent);
    byte[] body = new byte[0];
    if (parts.hasBody) {
      try {
        body = mapper.writeValueAsBytes(parts.body);
      } catch (JsonProcessingException e) {
        throw new ConfigurationException(notSent + "its body could not be written as JSON", op.name);
      }
    }
    URI uri = URI.create(settings.baseUrl.getScheme() + "://" + settings.baseUrl.getRawAuthority() + pathWithQuery);
    int attempts = retry == null ? 1 : retry.attempts();
    for (int attempt = 1; ; attempt++) {
      Attempt<T> outcome = attempt(op, uri, pathWithQuery, body, timeout, attempt, attempts, retry, carried);
      if (outcome.result != null) {
        return outcome.result;
      }
      pause(op, outcome.delay, attempt, outcome.reason);
    }
  }

  /** One attempt's end: the call's result, or a wait before the next attempt and why. */
  private record Attempt<T>(RawResponse<T> result, Duration delay, String reason) {}

  /** The request target: the base URL's path, the template's with each parameter percent-encoded, the query. */
  private String target(Operation<?> op, RequestParts parts, String notSent) {
    StringBuilder path = new StringBuilder();
    String base = settings.baseUrl.getRawPath() == null ? "" : settings.baseUrl.getRawPath();
    path.append(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
    String template = op.pathTemplate;
    int at = 0;
    while (at < template.length()) {
      int open = template.indexOf('{', at);
      if (open < 0) {
        path.append(template, at, template.length());
        break;
      }
      int close = template.indexOf('}', open);
      String name = template.substring(open + 1, close);
      String value = parts.path.get(name);
      if (value == null) {
        throw new ConfigurationException(notSent + "the path parameter " + name + " is required", op.name);
      }
      path.append(template, at, open).append(UrlForms.encodeUriComponent(value));
      at = close + 1;
    }
    String separator = "?";
    for (Map.Entry<String, String> pair : parts.query) {
      path.append(separator).append(UrlForms.encodeUriComponent(pair.getKey())).append('=').append(UrlForms.encodeUriComponent(pair.getValue()));
      separator = "&";
    }
    return path.toString();
  }

  private <T> Attempt<T> attempt(Operation<T> op, URI uri, String pathWithQuery, byte[] body, Duration timeout, int attempt, int attempts, RetryPolicy retry, Privacy.Carried carried) {
    long deadline = System.nanoTime() + timeout.toNanos();
    SignatureInput input = new SignatureInput(op.method, pathWithQuery, body, Timestamps.next(settings.clock), settings.apiKey);
    String signature = sign(op, input, deadline, timeout);
    carried.secret(signature);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri)
        .timeout(remaining(deadline))
        .header("x-api-key", settings.apiKey)
        .header("x-timestamp", input.timestamp())
        .header("x-signature", signature)
        .header("User-Agent", settings.userAgent)
        .header("Accept", "application/json")
        .header("Accept-Encoding", "gzip");
    if (body.length > 0 || "POST".equals(op.method)) {
      request.header("Content-Type", "application/json");
      request.method(op.method, HttpRequest.BodyPublishers.ofByteArray(body));
    } else {
      request.method(op.method, HttpRequest.BodyPublishers.noBody());
    }
    long started = System.nanoTime();
    CappedBody capped = new CappedBody(settings.maxResponseBytes, deadline);
    HttpResponse<byte[]> response;
    try {
      // Blocking on this thread (sendAsync would add a hop through the HttpClient's executor to
      // every call): the request's timeout bounds the wait for the headers, CappedBody the body.
      response = settings.httpClient.send(request.build(), capped);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw aborted(op);
    } catch (IOException failed) {
      int status = capped.status;
      WalletApiException failure;
      if (failed instanceof HttpTimeoutException || capped.timedOut) {
        failure = timedOut(op, timeout, status);
      } else if (status != 0) {
        failure = new NetworkException(op.name + " answered HTTP " + status + " but its body could not be read: " + carried.mask(describe(failed)), op.name, status, failed);
      } else {
        failure = new NetworkException(op.name + " failed before an answer arrived: " + carried.mask(describe(failed)), op.name, 0, failed);
      }
      logAttempt(op, attempt, status, started, failure);
      // An answer that had begun is never retried.
      return status != 0 ? rethrow(failure) : retryOrThrow(failure, attempt, attempts, retry);
    }
    int status = response.statusCode();
    logAttempt(op, attempt, status, started, null);
    if (attempt < attempts && retry != null && retry.statuses().contains(status)) {
      return new Attempt<>(null, retryAfter(response, retry).orElseGet(() -> backoff(retry, attempt)), "status " + status);
    }
    return new Attempt<>(read(op, response, carried), null, null);
  }

  private static <T> Attempt<T> rethrow(WalletApiException failure) {
    throw failure;
  }

  private static <T> Attempt<T> retryOrThrow(WalletApiException failure, int attempt, int attempts, RetryPolicy retry) {
    if (attempt >= attempts || retry == null) {
      throw failure;
    }
    return new Attempt<>(null, backoff(retry, attempt), failure.kind());
  }

  /** The signer's signature, checked; a signer of the caller's runs aside, so one that hangs still ends the call on time. */
  private String sign(Operation<?> op, SignatureInput input, long deadline, Duration timeout) {
    String notSent = op.name + " was not sent: ";
    String signature;
    if (settings.signer instanceof Signer.HmacSha256 hmac) {
      signature = hmac.sign(input);
    } else {
      CompletableFuture<String> signing = new CompletableFuture<>();
      java.util.concurrent.FutureTask<Void> task = new java.util.concurrent.FutureTask<>(() -> {
        try {
          signing.complete(settings.signer.sign(input));
        } catch (Exception | Error failure) {
          signing.completeExceptionally(failure);
        }
      }, null);
      settings.executor.execute(task);
      try {
        signature = signing.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException interrupted) {
        task.cancel(true);
        Thread.currentThread().interrupt();
        throw aborted(op);
      } catch (java.util.concurrent.TimeoutException late) {
        task.cancel(true);
        throw timedOut(op, timeout, 0);
      } catch (ExecutionException failed) {
        throw new SigningException(notSent + "the signer threw " + failed.getCause().getClass().getName() + " (its message is withheld because it may contain secrets)", op.name, 0, null, null);
      }
    }
    if (signature == null || signature.isEmpty()) {
      throw new SigningException(notSent + "the signer returned an empty signature", op.name, 0, null, null);
    }
    if (!HeaderValues.isValid(signature)) {
      throw new SigningException(notSent + "the signer returned a signature that is not a valid HTTP header value (" + HeaderValues.RULE + "; the value is withheld)", op.name, 0, null, null);
    }
    return signature;
  }

  /** Decides what the call returns from the answer (its body read within the size limit) and checks it, decompressed, against the limit again. */
  private <T> RawResponse<T> read(Operation<T> op, HttpResponse<byte[]> response, Privacy.Carried carried) {
    int status = response.statusCode();
    String retryAfter = response.headers().firstValue("retry-after").orElse(null);
    long limit = settings.maxResponseBytes;
    String name = op.name;
    byte[] received = response.body();
    if (received == CappedBody.OVER) {
      long declared = response.headers().firstValueAsLong("content-length").orElse(-1);
      throw new InvalidResponseException(name + " answered HTTP " + status + " with a body of " + (declared > limit ? declared + " bytes" : "more than " + limit + " bytes") + ", over the client's limit of " + limit + " bytes (maxResponseBytes)", name, status, null, retryAfter);
    }
    byte[] body;
    try {
      body = decoded(response, received, limit);
    } catch (UnsupportedEncoding unsupported) {
      throw new InvalidResponseException(name + " answered HTTP " + status + " with a content encoding the client does not read (" + carried.mask(unsupported.encoding) + ")", name, status, null, retryAfter);
    } catch (IOException corrupt) {
      throw invalid(op, status, "with a compressed body that could not be decompressed", retryAfter);
    }
    if (body.length > limit) {
      throw new InvalidResponseException(name + " answered HTTP " + status + " with a body of more than " + limit + " bytes once decompressed, over the client's limit (maxResponseBytes)", name, status, null, retryAfter);
    }
    if (status >= 300 && status < 400) {
      throw invalid(op, status, "(a redirect, which the client never follows)", retryAfter);
    }
    if (status >= 200 && status < 300) {
      // One pass for the usual answer: the envelope and its data read together.
      RawResponse<T> success = success(op, response, body);
      if (success != null) {
        return success;
      }
    }
    // Otherwise the body is read as a tree, to say what it is.
    JsonNode envelope;
    if (isBlank(body)) {
      throw invalid(op, status, "with an empty body", retryAfter);
    }
    try {
      envelope = mapper.readTree(body);
    } catch (IOException notJson) {
      throw invalid(op, status, "with a body that is not JSON", retryAfter);
    }
    JsonNode statusField = envelope == null ? null : envelope.get("status");
    JsonNode message = envelope == null ? null : envelope.get("message");
    if (envelope == null || !envelope.isObject() || statusField == null || !statusField.isTextual() || message == null || !message.isTextual() || !envelope.has("data")) {
      throw invalid(op, status, "with JSON that is not the {status, message, data} envelope", retryAfter);
    }
    if (!Utf8.isValid(body)) {
      throw invalid(op, status, "with a body that is not UTF-8", retryAfter);
    }
    boolean ok = status >= 200 && status < 300;
    String envelopeStatus = statusField.asText();
    if (ok && "success".equals(envelopeStatus)) {
      T data;
      try {
        JsonNode dataNode = envelope.get("data");
        data = dataNode.isNull() ? null : mapper.readValue(mapper.treeAsTokens(dataNode), op.dataType);
      } catch (IOException | IllegalArgumentException notTheModel) {
        throw invalid(op, status, "with data that is not the " + typeName(op) + " the spec describes", retryAfter);
      }
      return new RawResponse<>(status, response.headers(), body, data);
    }
    if (!"success".equals(envelopeStatus) && !"error".equals(envelopeStatus)) {
      throw invalid(op, status, "with an unknown envelope status", retryAfter);
    }
    String apiMessage = message.asText();
    throw new ApiException(name + " failed with HTTP " + status + ": " + carried.mask(apiMessage), name, status, apiMessage, retryAfter);
  }

  /** A success envelope, read in one pass into the operation's model; null when the body is anything else. */
  private <T> RawResponse<T> success(Operation<T> op, HttpResponse<byte[]> response, byte[] body) {
    if (!Utf8.isValid(body)) {
      return null;
    }
    Envelope<T> envelope;
    try {
      envelope = mapper.readValue(body, op.envelopeType(mapper));
    } catch (IOException | IllegalArgumentException other) {
      return null;
    }
    if (envelope == null || !"success".equals(envelope.status) || envelope.message == null || !envelope.message.isTextual() || !envelope.hasData) {
      return null;
    }
    return new RawResponse<>(response.statusCode(), response.headers(), body, envelope.data);
  }

  /** The {status, message, data} envelope with its data as the operation's model. */
  @com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true)
  static final class Envelope<T> {
    @com.fasterxml.jackson.annotation.JsonProperty("status")
    String status;

    @com.fasterxml.jackson.annotation.JsonProperty("message")
    JsonNode message;

    T data;
    boolean hasData;

    // Jackson calls it, for a present data (null included).
    @SuppressWarnings("UnusedMethod")
    @com.fasterxml.jackson.annotation.JsonProperty("data")
    private void data(T value) {
      data = value;
      hasData = true;
    }

    @Override
    public String toString() {
      return "Envelope[" + status + "]";
    }
  }

  private static String typeName(Operation<?> op) {
    String type = op.dataType.getType().getTypeName();
    return type.replace("walletapi.models.", "").replace("java.util.", "").replace("java.lang.", "").replace("com.fasterxml.jackson.databind.", "");
  }

  private static boolean isBlank(byte[] body) {
    for (byte b : body) {
      if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  /** A content encoding the client does not read. */
  private static final class UnsupportedEncoding extends IOException {
    private static final long serialVersionUID = 1L;
    private final String encoding;

    UnsupportedEncoding(String encoding) {
      super("content encoding not read");
      this.encoding = encoding;
    }
  }

  /** The body decompressed as its Content-Encoding says (gzip, deflate or none), reading at most limit + 1 bytes of it. */
  private static byte[] decoded(HttpResponse<byte[]> response, byte[] body, long limit) throws IOException {
    String encoding = response.headers().firstValue("content-encoding").orElse("identity").trim().toLowerCase(Locale.ROOT);
    InputStream inflating = switch (encoding) {
      case "", "identity" -> null;
      case "gzip", "x-gzip" -> new GZIPInputStream(new ByteArrayInputStream(body));
      case "deflate" -> new InflaterInputStream(new ByteArrayInputStream(body));
      default -> throw new UnsupportedEncoding(encoding);
    };
    if (inflating == null) {
      return body;
    }
    try (inflating) {
      return inflating.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
    }
  }

  private static InvalidResponseException invalid(Operation<?> op, int status, String reason, String retryAfter) {
    return new InvalidResponseException(op.name + " answered HTTP " + status + " " + reason, op.name, status, null, retryAfter);
  }

  private static AbortedException aborted(Operation<?> op) {
    return new AbortedException(op.name + " was aborted by the caller", op.name, 0, null, null);
  }

  private static TimeoutException timedOut(Operation<?> op, Duration timeout, int status) {
    return new TimeoutException(op.name + " timed out after " + timeout.toMillis() + " ms", op.name, status, null, null);
  }

  /** What a transport failure was, in words: its class, and its message (masked by the caller). */
  private static String describe(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root && (root.getMessage() == null || root instanceof ExecutionException)) {
      root = root.getCause();
    }
    String message = root.getMessage();
    return root.getClass().getSimpleName() + (message == null ? "" : " (" + message + ")");
  }

  private static Duration remaining(long deadline) {
    return Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
  }

  private void pause(Operation<?> op, Duration wait, int attempt, String reason) {
    if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
      LOG.log(System.Logger.Level.DEBUG, "walletapi retry: operation={0} attempt={1} waitMs={2} reason={3}", op.name, attempt, wait.toMillis(), reason);
    }
    try {
      TimeUnit.NANOSECONDS.sleep(wait.toNanos());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw aborted(op);
    }
  }

  private static void logAttempt(Operation<?> op, int attempt, int status, long started, WalletApiException failure) {
    if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
      long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      LOG.log(System.Logger.Level.DEBUG, "walletapi attempt: operation={0} attempt={1} {2} elapsedMs={3}", op.name, attempt, failure == null ? "status=" + status : "kind=" + failure.kind(), elapsed);
    }
  }

  /** The exponential step min(max, initial × 2^(attempt−1)) with jitter in [50 %, 100 %]. */
  static Duration backoff(RetryPolicy retry, int attempt) {
    long max = retry.maxDelay().toNanos();
    long step = max;
    if (attempt - 1 < 32) {
      long scaled = retry.initialDelay().toNanos() << (attempt - 1);
      if (scaled >= 0 && scaled < max) {
        step = scaled;
      }
    }
    long half = step / 2;
    return Duration.ofNanos(half + ThreadLocalRandom.current().nextLong(step - half + 1));
  }

  /**
   * The Retry-After of a 429 or 503: whole seconds (ASCII digits only) or an HTTP date,
   * capped by maxDelay; empty when there is none or it is neither, and backoff applies.
   */
  Optional<Duration> retryAfter(HttpResponse<?> response, RetryPolicy retry) {
    int status = response.statusCode();
    if (status != 429 && status != 503) {
      return Optional.empty();
    }
    return retryAfterValue(response.headers(), settings.clock, retry.maxDelay());
  }

  static Optional<Duration> retryAfterValue(HttpHeaders headers, Clock clock, Duration maxDelay) {
    Optional<String> header = headers.firstValue("retry-after");
    if (header.isEmpty()) {
      return Optional.empty();
    }
    String value = header.get();
    Duration wait;
    if (DIGITS.matcher(value).matches()) {
      wait = value.length() > 12 ? maxDelay : Duration.ofSeconds(Long.parseLong(value));
    } else {
      try {
        ZonedDateTime at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
        wait = Duration.between(clock.instant(), at.toInstant());
        if (wait.isNegative()) {
          wait = Duration.ZERO;
        }
      } catch (DateTimeParseException notADate) {
        return Optional.empty();
      }
    }
    return Optional.of(wait.compareTo(maxDelay) > 0 ? maxDelay : wait);
  }
}
