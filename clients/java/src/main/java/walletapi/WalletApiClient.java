package walletapi;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * The client of the Wallet, Payout and Swap API: one method per operation, named after its
 * operationId, taking an immutable params object and returning the answer's {@code data} as
 * a model, or throwing a {@link WalletApiException}. Each request is signed over the exact
 * bytes sent, with a distinct {@code x-timestamp}; both the HTTP status and the envelope's
 * status are checked. Thread-safe: make one per environment and share it.
 *
 * <pre>{@code
 * WalletApiClient client = WalletApiClient.builder()
 *     .environment(Environment.CUSTOM)          // STAGING or PRODUCTION take the https address issued at onboarding
 *     .baseUrl("http://127.0.0.1:4020")
 *     .apiKey(System.getenv("WALLET_API_KEY"))
 *     .signer(Signer.hmacSha256(System.getenv("WALLET_API_SIGNING_SECRET")))
 *     .build();
 * Map<String, MarketTicker> markets = client.listMarkets();
 * }</pre>
 */
public final class WalletApiClient extends BlockingOperations {
  /** A call's default timeout per attempt, signing and reading the body included. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  /** The largest body read (after decompression) by default. */
  public static final long DEFAULT_MAX_RESPONSE_BYTES = 4L << 20;

  private final Engine engine;
  private final AsyncWalletApiClient async;
  private final RawWalletApiClient raw;

  private WalletApiClient(Engine engine) {
    this.engine = engine;
    this.async = new AsyncWalletApiClient(engine);
    this.raw = new RawWalletApiClient(engine);
  }

  /** A builder with nothing set: environment, baseUrl, apiKey and signer are required. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A client from the environment variables {@code WALLET_API_ENVIRONMENT} ({@code staging},
   * {@code production} or {@code custom}), {@code WALLET_API_BASE_URL}, {@code WALLET_API_KEY}
   * and {@code WALLET_API_SIGNING_SECRET} (HMAC-SHA256): {@code builder().fromEnv().build()}.
   */
  public static WalletApiClient fromEnv() {
    return builder().fromEnv().build();
  }

  /** The same operations, each returning a {@link java.util.concurrent.CompletableFuture}; cancelling it aborts the call. */
  public AsyncWalletApiClient async() {
    return async;
  }

  /** The same operations, each returning the answer as received ({@link RawResponse}) with its data. */
  public RawWalletApiClient withRawResponse() {
    return raw;
  }

  /**
   * Every transaction from {@code params.page()} (default 1) on, page after page, each page read
   * when the iteration reaches it: {@link TransactionPager#iterator()} and {@link
   * TransactionPager#stream()} give the records, {@link TransactionPager#pages()} the pages.
   */
  public TransactionPager autoPager(ListTransactionsParams params) {
    return autoPager(params, RequestOptions.none());
  }

  /** {@link #autoPager(ListTransactionsParams)} with every page's call made with {@code options}. */
  public TransactionPager autoPager(ListTransactionsParams params, RequestOptions options) {
    return new TransactionPager(this, params == null ? ListTransactionsParams.builder().build() : params, RequestOptions.orNone(options));
  }

  @Override
  <T> T execute(Operation<T> operation, RequestParts parts, RequestOptions options) {
    return engine.call(operation, parts, options).data();
  }

  @Override
  public String toString() {
    return "WalletApiClient[environment=" + engine.settings.environment().wireName() + ", baseUrl=" + engine.settings.baseUrl() + "]";
  }

  /** Builds a {@link WalletApiClient}; {@link #build()} refuses a wrong option, naming it (never a secret's value). */
  public static final class Builder {
    private Environment environment;
    private String baseUrl;
    private String apiKey;
    private Signer signer;
    private HttpClient httpClient;
    private Duration timeout = DEFAULT_TIMEOUT;
    private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
    private RetryPolicy retry;
    private String userAgent;
    private Clock clock = Clock.systemUTC();
    private Executor executor;
    private Function<String, String> variables;

    private Builder() {}

    /**
     * Reads the options not given (in any order, before or after this call) from the {@code
     * WALLET_API_*} environment variables when {@link #build()} runs: {@code
     * WALLET_API_ENVIRONMENT}, {@code WALLET_API_BASE_URL}, {@code WALLET_API_KEY}, and {@code
     * WALLET_API_SIGNING_SECRET} for an HMAC-SHA256 signer. An empty variable is not set; a
     * missing or invalid one is a {@link ConfigurationException} naming the variable.
     */
    public Builder fromEnv() {
      this.variables = System::getenv;
      return this;
    }

    /**
     * {@link #fromEnv()} reading these variables instead of the process's environment (which Java
     * cannot change): a parsed {@code .env} file, or a test's own.
     */
    public Builder fromEnv(Map<String, String> variables) {
      Map<String, String> copy = Map.copyOf(variables);
      this.variables = copy::get;
      return this;
    }

    /** The environment; nothing defaults to production. */
    public Builder environment(Environment environment) {
      this.environment = environment;
      return this;
    }

    /** The environment's address; https for staging and production. */
    public Builder baseUrl(String baseUrl) {
      this.baseUrl = baseUrl;
      return this;
    }

    /** The API key, sent as x-api-key. */
    public Builder apiKey(String apiKey) {
      this.apiKey = apiKey;
      return this;
    }

    /** Computes x-signature, e.g. {@link Signer#hmacSha256(String)}. */
    public Builder signer(Signer signer) {
      this.signer = signer;
      return this;
    }

    /**
     * The HTTP client that sends the requests; by default one of the client's own. It must not
     * follow redirects ({@code HttpClient.Redirect.NEVER}): credentials would go to another address.
     */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = httpClient;
      return this;
    }

    /** Each attempt's timeout, signing and reading the body included (default 30 s). */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    /** The largest body read, after decompression (default 4 MiB). */
    public Builder maxResponseBytes(long maxResponseBytes) {
      this.maxResponseBytes = maxResponseBytes;
      return this;
    }

    /** The retry policy of GETs; none by default. */
    public Builder retry(RetryPolicy retry) {
      this.retry = retry;
      return this;
    }

    /** Your product token(s), appended to the client's User-Agent. */
    public Builder userAgent(String userAgent) {
      this.userAgent = userAgent;
      return this;
    }

    /** The clock of x-timestamp and of Retry-After dates (default the system's, UTC). */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /** Runs the async methods' calls and custom signers; by default a pool of daemon threads of the client's own. */
    public Builder executor(Executor executor) {
      this.executor = executor;
      return this;
    }

    /** The client, or a {@link ConfigurationException} naming the option (or variable) that is wrong. */
    public WalletApiClient build() {
      EnvironmentVariables env = new EnvironmentVariables(variables);
      Environment environment = this.environment;
      if (environment == null) {
        environment = env.environment();
      }
      URI base = baseUrl != null ? checkBaseUrl(environment, baseUrl, "baseUrl") : checkBaseUrl(environment, env.require(EnvironmentVariables.BASE_URL, "baseUrl"), EnvironmentVariables.BASE_URL);
      String apiKey = this.apiKey;
      String apiKeyName = "apiKey";
      if (apiKey == null) {
        apiKey = env.require(EnvironmentVariables.API_KEY, "apiKey");
        apiKeyName = EnvironmentVariables.API_KEY;
      }
      if (apiKey.isBlank()) {
        throw new ConfigurationException(apiKeyName + " is required (a non-empty string)");
      }
      if (!HeaderValues.isValid(apiKey)) {
        throw new ConfigurationException(apiKeyName + " is not a valid HTTP header value (" + HeaderValues.RULE + ")");
      }
      Signer signer = this.signer;
      if (signer == null) {
        signer = Signer.hmacSha256(env.require(EnvironmentVariables.SIGNING_SECRET, "signer"));
      }
      String secret = null;
      if (signer instanceof Signer.HmacSha256 hmac) {
        if (hmac.isEmpty()) {
          throw new ConfigurationException("signer: the secret of Signer.hmacSha256 is empty");
        }
        secret = hmac.secret();
      }
      if (timeout == null || timeout.isZero() || timeout.isNegative()) {
        throw new ConfigurationException("timeout must be a positive duration (default " + DEFAULT_TIMEOUT.toSeconds() + " s)");
      }
      if (maxResponseBytes < 1) {
        throw new ConfigurationException("maxResponseBytes must be a positive number of bytes (default " + DEFAULT_MAX_RESPONSE_BYTES + ")");
      }
      if (userAgent != null && !HeaderValues.isValid(userAgent)) {
        throw new ConfigurationException("userAgent must be a valid HTTP header value (" + HeaderValues.RULE + ")");
      }
      if (clock == null) {
        throw new ConfigurationException("clock must not be null");
      }
      HttpClient http = httpClient;
      if (http == null) {
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).connectTimeout(timeout).build();
      } else if (http.followRedirects() != HttpClient.Redirect.NEVER) {
        throw new ConfigurationException("httpClient must not follow redirects (HttpClient.Redirect.NEVER): a redirect would send the credentials to another address");
      }
      Executor run = executor != null ? executor : DaemonPool.SHARED;
      String agent = Version.userAgent() + (userAgent == null ? "" : " " + userAgent);
      return new WalletApiClient(new Engine(new Engine.Settings(environment, base, apiKey, signer, secret, http, timeout, maxResponseBytes, retry, agent, clock, run)));
    }

    /** The base URL checked for the environment; {@code name} is what the errors call it: the option, or the variable it came from. */
    private static URI checkBaseUrl(Environment environment, String raw, String name) {
      String env = environment.wireName();
      if (raw.isBlank()) {
        throw new ConfigurationException(name + " is required for the " + env + " environment");
      }
      URI uri;
      try {
        uri = new URI(raw.trim());
      } catch (URISyntaxException notAUrl) {
        throw new ConfigurationException(name + " of the " + env + " environment must be an absolute URL");
      }
      if (uri.getScheme() == null || uri.getRawAuthority() == null || uri.getHost() == null) {
        throw new ConfigurationException(name + " of the " + env + " environment must be an absolute URL");
      }
      if (uri.getRawUserInfo() != null) {
        throw new ConfigurationException(name + " must not contain credentials");
      }
      if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
        throw new ConfigurationException(name + " must not contain a query or fragment");
      }
      String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
      if (environment == Environment.CUSTOM) {
        if (!scheme.equals("http") && !scheme.equals("https")) {
          throw new ConfigurationException(name + " of the custom environment must use http or https");
        }
      } else if (!scheme.equals("https")) {
        throw new ConfigurationException(name + " of the " + env + " environment must use https");
      }
      return uri;
    }

    @Override
    public String toString() {
      return "WalletApiClient.Builder[environment=" + environment + ", baseUrl=" + baseUrl + ", apiKey=" + (apiKey == null ? "unset" : "[redacted]") + "]";
    }
  }

  /** The default executor: daemon threads, so that a client never keeps a JVM alive. */
  static final class DaemonPool {
    static final ExecutorService SHARED = Executors.newCachedThreadPool(runnable -> {
      Thread thread = new Thread(runnable, "walletapi-call");
      thread.setDaemon(true);
      return thread;
    });

    private DaemonPool() {}
  }
}
