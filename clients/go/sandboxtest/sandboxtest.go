// Package sandboxtest runs the local sandbox of the Wallet, Payout and Swap API for Go tests,
// with no Node installed: Start(t) runs the sandbox's single executable on a free loopback
// port, waits until GET /sandbox/health answers, and stops it when the test ends.
//
//	func TestSwap(t *testing.T) {
//		sb := sandboxtest.Start(t)
//		swap, err := sb.Client.CreateSwap(ctx, walletapi.CreateSwapRequest{...})
//	}
//
// The executable is the one WALLET_API_SANDBOX_BIN names, else wallet-api-sandbox on PATH.
// Get it from dist/standalone of the repository (`npm run build:standalone`), or build the one
// of your platform as docs/standalone.md says. It reads the same environment variables as the
// npm package's command (SANDBOX_DATABASE_URL, SANDBOX_PROFILE …); the API key and signing
// secret are made afresh for each start.
package sandboxtest

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"wallet-api.invalid/walletapi"
)

// DefaultStartTimeout is how long a sandbox has to answer its health check, unless
// WALLET_API_SANDBOX_START_TIMEOUT (a Go duration, e.g. "45s") or Options.StartTimeout says otherwise.
const DefaultStartTimeout = 30 * time.Second

// HowToGetIt is what an error says when no executable is found.
const HowToGetIt = "set WALLET_API_SANDBOX_BIN to the wallet-api-sandbox executable, or put it on PATH " +
	"(`npm run build:standalone` builds dist/standalone/wallet-api-sandbox-linux-x64; docs/go.md, \"Testing against the sandbox\")"

// Options of Run. The zero value finds the executable as Start does.
type Options struct {
	// Bin is the executable; empty means WALLET_API_SANDBOX_BIN, else wallet-api-sandbox on PATH.
	Bin string
	// StartTimeout bounds the start, from launch to a healthy answer; 0 means
	// WALLET_API_SANDBOX_START_TIMEOUT, else DefaultStartTimeout.
	StartTimeout time.Duration
	// Env is added to this process's environment for the sandbox (e.g. "SANDBOX_PROFILE=…").
	Env []string
}

// Sandbox is a running sandbox: URL to call it, Client a ready client bound to it.
type Sandbox struct {
	// URL is the sandbox's base URL, http://127.0.0.1:PORT.
	URL string
	// APIKey is the key the sandbox accepts, made for this run (its signing secret stays inside).
	APIKey string
	// Client is a client of the sandbox with its credentials.
	Client *walletapi.Client

	secret string
	cmd    *exec.Cmd
	exited chan struct{}
	http   *http.Client

	mu     sync.Mutex
	lastMs int64
	once   sync.Once
}

// Start runs a sandbox for the test and stops it at t.Cleanup; a sandbox that cannot be found,
// run or made ready in time fails the test with the cause.
func Start(t testing.TB) *Sandbox {
	t.Helper()
	sb, err := Run(context.Background(), Options{})
	if err != nil {
		t.Fatalf("sandboxtest: %v", err)
	}
	t.Cleanup(sb.Stop)
	return sb
}

// Executable is the sandbox executable Start would run, or an error saying how to get one.
func Executable() (string, error) {
	if given := os.Getenv("WALLET_API_SANDBOX_BIN"); given != "" {
		return checkExecutable(given, "WALLET_API_SANDBOX_BIN")
	}
	found, err := exec.LookPath("wallet-api-sandbox")
	if err != nil {
		return "", fmt.Errorf("no sandbox executable: %s", HowToGetIt)
	}
	return found, nil
}

func checkExecutable(path, named string) (string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("%s names no file: %s (%s)", named, path, HowToGetIt)
	}
	if info.IsDir() || !isExecutable(info) {
		return "", fmt.Errorf("%s is not an executable file: %s (chmod +x it)", named, path)
	}
	return path, nil
}

func startTimeout(given time.Duration) (time.Duration, error) {
	if given > 0 {
		return given, nil
	}
	text := os.Getenv("WALLET_API_SANDBOX_START_TIMEOUT")
	if text == "" {
		return DefaultStartTimeout, nil
	}
	parsed, err := time.ParseDuration(text)
	if err != nil || parsed <= 0 {
		return 0, fmt.Errorf("WALLET_API_SANDBOX_START_TIMEOUT must be a positive Go duration such as 45s, got %q", text)
	}
	return parsed, nil
}

func token(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Run starts a sandbox outside a test's lifecycle; call Stop when done. It never waits past the start limit.
func Run(ctx context.Context, options Options) (*Sandbox, error) {
	bin := options.Bin
	var err error
	if bin == "" {
		bin, err = Executable()
	} else {
		bin, err = checkExecutable(bin, "Options.Bin")
	}
	if err != nil {
		return nil, err
	}
	limit, err := startTimeout(options.StartTimeout)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()

	apiKey, secret := "tests-"+token(8), token(24)
	cmd := exec.Command(bin)
	cmd.Env = append(append(os.Environ(), options.Env...),
		"PORT=0", "SANDBOX_HOST=127.0.0.1", "SANDBOX_LOG=off", "SANDBOX_API_KEYS="+apiKey+":"+secret)
	cmd.SysProcAttr = processAttributes()
	// A writer, not a pipe: Wait returns only once all the output is read, so an error quotes all of it.
	output := &outputLines{listening: make(chan string, 1)}
	cmd.Stdout, cmd.Stderr = output, output
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("the sandbox could not be run (%s): %w", bin, err)
	}
	sb := &Sandbox{APIKey: apiKey, secret: secret, cmd: cmd, exited: make(chan struct{}),
		http: &http.Client{Timeout: 30 * time.Second}}
	go func() {
		_ = cmd.Wait()
		close(sb.exited)
	}()

	select {
	case sb.URL = <-output.listening:
	case <-sb.exited:
		return nil, fmt.Errorf("the sandbox (%s) stopped (%v) before listening: %s", bin, cmd.ProcessState, output.said())
	case <-ctx.Done():
		sb.Stop()
		return nil, fmt.Errorf("the sandbox (%s) did not start within %s (WALLET_API_SANDBOX_START_TIMEOUT): %s", bin, limit, output.said())
	}
	if err := sb.waitUntilHealthy(ctx); err != nil {
		sb.Stop()
		return nil, fmt.Errorf("the sandbox at %s was not ready within %s (WALLET_API_SANDBOX_START_TIMEOUT): %w", sb.URL, limit, err)
	}
	sb.Client, err = sb.NewClient(walletapi.Options{})
	if err != nil {
		sb.Stop()
		return nil, err
	}
	return sb, nil
}

// outputLines takes the sandbox's output: the first "Sandbox listening on URL" line goes to
// listening, the start of the rest is kept for errors.
type outputLines struct {
	listening chan string
	mu        sync.Mutex
	partial   []byte
	kept      strings.Builder
}

func (o *outputLines) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.partial = append(o.partial, p...)
	for {
		end := bytes.IndexByte(o.partial, '\n')
		if end < 0 {
			break
		}
		line := string(o.partial[:end])
		o.partial = o.partial[end+1:]
		if url, ok := strings.CutPrefix(line, "Sandbox listening on "); ok {
			select {
			case o.listening <- strings.TrimSpace(url):
			default:
			}
		} else if o.kept.Len() < 4096 {
			o.kept.WriteString(line + "\n")
		}
	}
	return len(p), nil
}

func (o *outputLines) said() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if text := strings.TrimSpace(o.kept.String() + string(o.partial)); text != "" {
		return text
	}
	return "it printed nothing"
}

func (s *Sandbox) waitUntilHealthy(ctx context.Context) error {
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/sandbox/health", nil)
		resp, err := s.http.Do(req)
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("health answered %d", resp.StatusCode)
		}
		select {
		case <-s.exited:
			return fmt.Errorf("the sandbox stopped (%v)", s.cmd.ProcessState)
		case <-ctx.Done():
			return err
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// NewClient is a client of the sandbox with its credentials; options sets the rest (Timeout,
// Retry …); its Environment, BaseURL, APIKey and Signer are the sandbox's.
func (s *Sandbox) NewClient(options walletapi.Options) (*walletapi.Client, error) {
	options.Environment, options.BaseURL, options.APIKey, options.Signer = walletapi.EnvironmentCustom, s.URL, s.APIKey, walletapi.HMACSHA256(s.secret)
	return walletapi.NewClient(options)
}

// Reset forgets every record and armed scenario of the sandbox's API key (POST /sandbox/reset).
func (s *Sandbox) Reset(ctx context.Context) error {
	_, err := s.helper(ctx, http.MethodPost, "/sandbox/reset", nil)
	return err
}

// Arm arms a failure scenario (POST /sandbox/scenarios; the sandbox's README lists the
// definitions), e.g. map[string]any{"operation": "createSwap", "answer": "throttle", "status": 503},
// and answers the scenario as armed.
func (s *Sandbox) Arm(ctx context.Context, definition any) (json.RawMessage, error) {
	return s.helper(ctx, http.MethodPost, "/sandbox/scenarios", definition)
}

// Scenarios lists the armed scenarios with their counts (GET /sandbox/scenarios).
func (s *Sandbox) Scenarios(ctx context.Context) (json.RawMessage, error) {
	return s.helper(ctx, http.MethodGet, "/sandbox/scenarios", nil)
}

// timestamp is x-timestamp in strictly increasing milliseconds: no two helper calls carry the
// same signature (the sandbox's replay guard refuses that).
func (s *Sandbox) timestamp() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ms := max(time.Now().UnixMilli(), s.lastMs+1)
	s.lastMs = ms
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

func (s *Sandbox) helper(ctx context.Context, method, path string, body any) (json.RawMessage, error) {
	var text []byte
	if body != nil {
		var err error
		if text, err = json.Marshal(body); err != nil {
			return nil, fmt.Errorf("%s %s: the body is not JSON: %w", method, path, err)
		}
	}
	timestamp := s.timestamp()
	mac := hmac.New(sha256.New, []byte(s.secret))
	mac.Write([]byte(timestamp + "\n" + method + "\n" + path + "\n" + string(text)))
	req, err := http.NewRequestWithContext(ctx, method, s.URL+path, bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	req.Header.Set("x-api-key", s.APIKey)
	req.Header.Set("x-timestamp", timestamp)
	req.Header.Set("x-signature", hex.EncodeToString(mac.Sum(nil)))
	if body != nil {
		req.Header.Set("content-type", "application/json")
	}
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	var envelope struct {
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&envelope); err != nil {
		return nil, fmt.Errorf("%s %s answered %d, not an envelope", method, path, resp.StatusCode)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s %s answered %d: %s", method, path, resp.StatusCode, envelope.Message)
	}
	return envelope.Data, nil
}

// Stop ends the sandbox and anything it started (SIGTERM to its process group, SIGKILL after
// 10 s); calling it again does nothing.
func (s *Sandbox) Stop() {
	s.once.Do(func() {
		select {
		case <-s.exited:
			return
		default:
		}
		terminate(s.cmd.Process)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			kill(s.cmd.Process)
			<-s.exited
		}
	})
}
