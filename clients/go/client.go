package walletapi

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"time"
)

// Environment names the environment a client talks to; there is no default.
type Environment string

// The environments.
const (
	// EnvironmentStaging is for building and testing, at the https address issued at onboarding.
	EnvironmentStaging Environment = "staging"
	// EnvironmentProduction is used only once the integration is approved, over https.
	EnvironmentProduction Environment = "production"
	// EnvironmentCustom is the local sandbox or mock (http or https).
	EnvironmentCustom Environment = "custom"
)

const (
	// DefaultTimeout bounds a call, signing and reading the body included.
	DefaultTimeout = 30 * time.Second
	// DefaultMaxResponseBytes is the largest body read (after decompression): far above any
	// answer of this API, far below what would hurt a backend if a server misbehaved.
	DefaultMaxResponseBytes = 4 << 20
	// DefaultInitialDelay and DefaultMaxDelay are a RetryPolicy's delays when left nil.
	DefaultInitialDelay = 100 * time.Millisecond
	DefaultMaxDelay     = 2000 * time.Millisecond
)

// DefaultRetryStatuses are the statuses a GET is retried on when a RetryPolicy names none.
var DefaultRetryStatuses = []int{429, 502, 503, 504}

// RetryPolicy retries GETs (never POSTs: they move value and the API has no idempotency
// key) after a failure before the answer's headers and after the listed statuses, with
// exponential backoff and jitter in [50 %, 100 %] of min(MaxDelay, InitialDelay × 2^(n−1)),
// or the Retry-After of a 429 or 503 capped by MaxDelay. Every attempt is signed anew.
type RetryPolicy struct {
	// Attempts is the most requests one call sends, the first included (at least 1).
	Attempts int
	// InitialDelay is the first backoff step; nil means DefaultInitialDelay. A pointer to 0
	// means no wait between attempts (walletapi.Ptr(time.Duration(0))): zero is a delay,
	// not "unset".
	InitialDelay *time.Duration
	// MaxDelay caps every wait, Retry-After included; nil means DefaultMaxDelay, a pointer
	// to 0 no wait at all.
	MaxDelay *time.Duration
	// RetryOnStatus lists the statuses retried; nil means DefaultRetryStatuses.
	RetryOnStatus []int
}

// Options configure a Client. Environment, BaseURL, APIKey and Signer are required.
type Options struct {
	// Environment is EnvironmentStaging, EnvironmentProduction or EnvironmentCustom; nothing
	// defaults to production.
	Environment Environment
	// BaseURL is the environment's address; https for Staging and Production.
	BaseURL string
	// APIKey is sent as x-api-key.
	APIKey string
	// Signer computes x-signature, e.g. HMACSHA256(secret).
	Signer Signer
	// HTTPClient sends the requests; nil means a client of the SDK's own. The client is
	// copied with redirects turned off: a 3xx is never followed (credentials would go to
	// another address) and ends the call as an invalid response.
	HTTPClient *http.Client
	// Logger receives one debug record per attempt and one per retry, never a credential;
	// nil (the default) logs nothing.
	Logger *slog.Logger
	// Timeout bounds each call, signing and the body included; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxResponseBytes is the largest body read; 0 means DefaultMaxResponseBytes.
	MaxResponseBytes int64
	// Retry is the retry policy of GETs; nil means no retry.
	Retry *RetryPolicy
	// UserAgent is your product token(s), appended to the client's User-Agent.
	UserAgent string
	// Now is the clock of x-timestamp; nil means time.Now. Whatever the clock, no two
	// requests of a client carry the same x-timestamp: when the clock has not moved past the
	// last one issued, the next is 1 ms later. With time.Now the rule holds across every
	// client of the process; a clock of your own keeps its own sequence.
	Now func() time.Time
}

// Format keeps the API key and the signer's secret out of every fmt verb.
func (o Options) Format(f fmt.State, _ rune) {
	_, _ = fmt.Fprintf(f, "walletapi.Options{Environment:%q, BaseURL:%q, APIKey:[redacted], Timeout:%s, MaxResponseBytes:%d}",
		string(o.Environment), o.BaseURL, o.Timeout, o.MaxResponseBytes)
}

// Client calls the API. It is safe for concurrent use; make one per environment.
type Client struct {
	server      string // base URL with a trailing slash, as the generated builders resolve paths against it
	apiKey      string
	signer      Signer
	secret      string // the HMACSHA256 signer's secret, masked like the key
	httpClient  *http.Client
	ownsHTTP    bool
	logger      *slog.Logger
	timeout     time.Duration
	maxBytes    int64
	retry       *resolvedRetry
	userAgent   string
	now         func() time.Time
	instants    *instants // the process's, or the client's own when it has a clock of its own
	environment Environment
}

type resolvedRetry struct {
	attempts     int
	initial, max time.Duration
	statuses     []int
}

// Format keeps the client's credentials out of every fmt verb.
func (c Client) Format(f fmt.State, _ rune) {
	_, _ = fmt.Fprintf(f, "walletapi.Client{Environment:%q, BaseURL:%q}", string(c.environment), strings.TrimSuffix(c.server, "/"))
}

// userAgent is the User-Agent every request starts with.
var userAgent = "wallet-api-sdk-go/" + Version + " go/" + strings.TrimPrefix(runtime.Version(), "go")

// NewClient checks the options and returns a client, or an *Error of kind configuration
// naming the option that is wrong (never quoting a credential). It reads no environment
// variable: NewClientFromEnv does.
func NewClient(options Options) (*Client, error) {
	return newClient(options, optionNames)
}

// names are what a configuration error calls the four connection options: the option's
// name, or the environment variable the value came from.
type names struct{ environment, baseURL, apiKey, signer string }

var optionNames = names{environment: "Environment", baseURL: "BaseURL", apiKey: "APIKey", signer: "Signer"}

func newClient(options Options, n names) (*Client, error) {
	switch options.Environment {
	case EnvironmentStaging, EnvironmentProduction, EnvironmentCustom:
	case "":
		return nil, configurationError(`%s must be chosen explicitly: one of "staging", "production", "custom"`, n.environment)
	default:
		return nil, configurationError(`%s must be one of "staging", "production", "custom"`, n.environment)
	}
	server, err := checkBaseURL(n, options.Environment, options.BaseURL)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(options.APIKey) == "" {
		return nil, configurationError("%s is required (a non-empty string)", n.apiKey)
	}
	if !isHeaderValue(options.APIKey) {
		return nil, configurationError("%s is not a valid HTTP header value (%s)", n.apiKey, headerValueRule)
	}
	if options.Signer == nil {
		return nil, configurationError("%s is required: e.g. walletapi.HMACSHA256(secret)", n.signer)
	}
	secret := ""
	if h, ok := options.Signer.(*hmacSigner); ok {
		if len(h.secret) == 0 {
			return nil, configurationError("%s: the secret of HMACSHA256 is empty", n.signer)
		}
		secret = string(h.secret)
	}
	if options.Timeout < 0 {
		return nil, configurationError("Timeout must be positive (0 means the default, %s)", DefaultTimeout)
	}
	if options.MaxResponseBytes < 0 {
		return nil, configurationError("MaxResponseBytes must be a positive number of bytes (0 means the default, %d)", DefaultMaxResponseBytes)
	}
	if options.UserAgent != "" && !isHeaderValue(options.UserAgent) {
		return nil, configurationError("UserAgent must be a valid HTTP header value (%s)", headerValueRule)
	}
	retry, err := resolveRetry(options.Retry)
	if err != nil {
		return nil, err
	}
	c := &Client{
		server: server, apiKey: options.APIKey, signer: options.Signer, secret: secret,
		logger: options.Logger, timeout: options.Timeout, maxBytes: options.MaxResponseBytes,
		retry: retry, userAgent: userAgent, now: options.Now, environment: options.Environment,
	}
	if c.timeout == 0 {
		c.timeout = DefaultTimeout
	}
	if c.maxBytes == 0 {
		c.maxBytes = DefaultMaxResponseBytes
	}
	if options.UserAgent != "" {
		c.userAgent += " " + options.UserAgent
	}
	if c.now == nil {
		c.now, c.instants = time.Now, processInstants
	} else {
		c.instants = &instants{}
	}
	if options.HTTPClient != nil {
		copied := *options.HTTPClient
		c.httpClient = &copied
	} else {
		// A transport of its own, so CloseIdleConnections closes only this client's.
		c.httpClient = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
		c.ownsHTTP = true
	}
	c.httpClient.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return c, nil
}

// CloseIdleConnections closes the idle keep-alive connections of the client's transport
// (and their goroutines).
func (c *Client) CloseIdleConnections() { c.httpClient.CloseIdleConnections() }

// checkBaseURL checks the base URL for the environment; n says what errors call them.
func checkBaseURL(n names, env Environment, raw string) (string, error) {
	// "the production environment", or "the production environment (WALLET_API_ENVIRONMENT)"
	// when the environment came from there: the error names every source it depends on.
	of := fmt.Sprintf("the %s environment", env)
	if n.environment != optionNames.environment {
		of += " (" + n.environment + ")"
	}
	if raw == "" {
		return "", configurationError("%s is required for %s", n.baseURL, of)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", configurationError("%s of %s must be an absolute URL", n.baseURL, of)
	}
	if u.User != nil {
		return "", configurationError("%s must not contain credentials", n.baseURL)
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return "", configurationError("%s must not contain a query or fragment", n.baseURL)
	}
	scheme := strings.ToLower(u.Scheme)
	if env == EnvironmentCustom {
		if scheme != "http" && scheme != "https" {
			return "", configurationError("%s of %s must use http or https", n.baseURL, of)
		}
	} else if scheme != "https" {
		return "", configurationError("%s of %s must use https", n.baseURL, of)
	}
	s := u.String()
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s, nil
}

func resolveRetry(p *RetryPolicy) (*resolvedRetry, error) {
	if p == nil {
		return nil, nil
	}
	if p.Attempts < 1 {
		return nil, configurationError("Retry.Attempts must be an integer of at least 1")
	}
	r := &resolvedRetry{attempts: p.Attempts, initial: DefaultInitialDelay, max: DefaultMaxDelay, statuses: p.RetryOnStatus}
	if p.InitialDelay != nil {
		r.initial = *p.InitialDelay
	}
	if p.MaxDelay != nil {
		r.max = *p.MaxDelay
	}
	if r.initial < 0 || r.max < 0 {
		return nil, configurationError("Retry.InitialDelay and Retry.MaxDelay must not be negative")
	}
	if r.initial > r.max {
		return nil, configurationError("Retry.InitialDelay must not exceed Retry.MaxDelay")
	}
	if r.statuses == nil {
		r.statuses = DefaultRetryStatuses
	}
	for _, s := range r.statuses {
		if s < 100 || s > 599 {
			return nil, configurationError("Retry.RetryOnStatus must hold HTTP statuses (100 to 599)")
		}
	}
	return r, nil
}

const headerValueRule = "visible ASCII or Latin-1 characters with spaces or tabs only between them: no line breaks, NUL or other control characters, no leading or trailing whitespace"

// isHeaderValue reports whether s can be sent as a header value unchanged.
func isHeaderValue(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[0] == '\t' || s[len(s)-1] == ' ' || s[len(s)-1] == '\t' {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if (b < 0x20 && b != '\t') || b == 0x7f {
			return false
		}
	}
	return true
}

// CallOption changes one call: its timeout, its retry policy, or where its raw answer goes.
type CallOption func(*callSettings)

type callSettings struct {
	timeout  time.Duration
	retry    *RetryPolicy
	noRetry  bool
	raw      *RawResponse
	badValue string // the option that was wrong, reported before anything is sent
}

// WithTimeout bounds this call (signing and the body included) instead of the client's
// Timeout; a deadline of the context passed also holds.
func WithTimeout(d time.Duration) CallOption {
	return func(s *callSettings) {
		if d <= 0 {
			s.badValue = "WithTimeout must be given a positive duration"
		}
		s.timeout = d
	}
}

// WithRetry sets this call's retry policy (GETs only); nil turns retries off for it.
func WithRetry(p *RetryPolicy) CallOption {
	return func(s *callSettings) { s.retry, s.noRetry = p, p == nil }
}

// RawResponse is the answer as received: status, headers and the body's bytes.
type RawResponse struct {
	StatusCode int
	Header     http.Header
	Body       []byte
}

// WithRawResponse fills dst with the answer of the call (its last attempt), whatever the
// call returns, when an answer was read.
func WithRawResponse(dst *RawResponse) CallOption {
	return func(s *callSettings) { s.raw = dst }
}
