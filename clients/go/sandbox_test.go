package walletapi_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"
	"wallet-api.invalid/walletapi"
)

// The one sandbox of the test run: WALLET_API_SANDBOX_URL (with WALLET_API_KEY and
// WALLET_API_SIGNING_SECRET, else the demo credentials), or one started by TestMain from
// the repository root.
var sandbox struct {
	url, apiKey, secret string
}

var repoRoot = func() string {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	return root
}()

func TestMain(m *testing.M) {
	flag.Parse()
	sandbox.apiKey, sandbox.secret = "sandbox-demo-key", "sandbox-demo-secret"
	stop := func() {}
	if url := os.Getenv("WALLET_API_SANDBOX_URL"); url != "" {
		sandbox.url = strings.TrimSuffix(url, "/")
		if key := os.Getenv("WALLET_API_KEY"); key != "" {
			sandbox.apiKey, sandbox.secret = key, os.Getenv("WALLET_API_SIGNING_SECRET")
		}
	} else if !testing.Short() {
		var err error
		stop, err = startSandbox()
		if err != nil {
			fmt.Fprintln(os.Stderr, "the sandbox did not start:", err)
			os.Exit(1)
		}
	}
	code := m.Run()
	stop()
	stopExamples()
	// No goroutine of the client outlives the tests (each test closes its idle connections).
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goroutines left running:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// startSandbox runs `node --import tsx scripts/sandbox.ts` on a free port and reads its URL.
func startSandbox() (func(), error) {
	cmd := exec.Command("node", "--import", "tsx", "scripts/sandbox.ts")
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "PORT=0", "SANDBOX_LOG=off")
	// A file, not a buffer: a buffer would need a goroutine copying into it.
	stderr, err := os.CreateTemp("", "sandbox-stderr-")
	if err != nil {
		return nil, err
	}
	defer os.Remove(stderr.Name())
	defer stderr.Close()
	cmd.Stderr = stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop := func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		_ = cmd.Wait()
	}
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if url, ok := strings.CutPrefix(lines.Text(), "Sandbox listening on "); ok {
			sandbox.url = strings.TrimSpace(url)
			// The rest of its output is not read: it prints nothing more with SANDBOX_LOG=off.
			return stop, nil
		}
	}
	stop()
	text, _ := os.ReadFile(stderr.Name())
	return nil, fmt.Errorf("no URL in its output: %s", text)
}

// The examples' sandbox: the test run's, or one started for the examples alone when the run
// has none (-short), so that every example runs whatever the flags.
var examples struct {
	once    sync.Once
	stop    func()
	mu      sync.Mutex
	clients []*walletapi.Client
}

// localSandboxClient is the client every example uses: walletapi.NewClient with the local
// sandbox's address and credentials.
func localSandboxClient() *walletapi.Client {
	examples.once.Do(func() {
		if sandbox.url != "" {
			return
		}
		stop, err := startSandbox()
		if err != nil {
			panic("the examples' sandbox did not start: " + err.Error())
		}
		examples.stop = stop
	})
	client, err := walletapi.NewClient(walletapi.Options{
		Environment: walletapi.EnvironmentCustom,
		BaseURL:     sandbox.url,
		APIKey:      sandbox.apiKey,
		Signer:      walletapi.HMACSHA256(sandbox.secret),
	})
	if err != nil {
		panic(err)
	}
	examples.mu.Lock()
	examples.clients = append(examples.clients, client)
	examples.mu.Unlock()
	return client
}

// setLocalSandboxEnvironment sets the four WALLET_API_* variables to the local sandbox's
// (starting it when needed) and returns what puts the process's own values back.
func setLocalSandboxEnvironment() (restore func()) {
	localSandboxClient().CloseIdleConnections()
	values := map[string]string{
		walletapi.EnvEnvironment: "custom", walletapi.EnvBaseURL: sandbox.url,
		walletapi.EnvAPIKey: sandbox.apiKey, walletapi.EnvSigningSecret: sandbox.secret,
	}
	var undo []func()
	for name, value := range values {
		if before, ok := os.LookupEnv(name); ok {
			undo = append(undo, func() { os.Setenv(name, before) })
		} else {
			undo = append(undo, func() { os.Unsetenv(name) })
		}
		os.Setenv(name, value)
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}

// stopExamples closes the examples' connections and the sandbox started for them.
func stopExamples() {
	for _, c := range examples.clients {
		c.CloseIdleConnections()
	}
	if examples.stop != nil {
		examples.stop()
	}
}

func needSandbox(t *testing.T) {
	t.Helper()
	if sandbox.url == "" {
		t.Skip("no sandbox in -short mode")
	}
}

// sandboxClient is a client of the sandbox whose idle connections close with the test.
func sandboxClient(t *testing.T, change ...func(*walletapi.Options)) *walletapi.Client {
	t.Helper()
	needSandbox(t)
	options := walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: sandbox.url, APIKey: sandbox.apiKey, Signer: walletapi.HMACSHA256(sandbox.secret)}
	for _, f := range change {
		f(&options)
	}
	c, err := walletapi.NewClient(options)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdleConnections)
	return c
}

// sandboxHelper calls one of the sandbox's test helpers, signed here with crypto/hmac.
func sandboxHelper(t *testing.T, method, path string) json.RawMessage {
	t.Helper()
	timestamp := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	mac := hmac.New(sha256.New, []byte(sandbox.secret))
	mac.Write([]byte(timestamp + "\n" + method + "\n" + path + "\n"))
	req, _ := http.NewRequestWithContext(context.Background(), method, sandbox.url+path, bytes.NewReader(nil))
	req.Header.Set("x-api-key", sandbox.apiKey)
	req.Header.Set("x-timestamp", timestamp)
	req.Header.Set("x-signature", hex.EncodeToString(mac.Sum(nil)))
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var envelope struct{ Data json.RawMessage }
	if err := json.NewDecoder(resp.Body).Decode(&envelope); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s %s: HTTP %d", method, path, resp.StatusCode)
	}
	return envelope.Data
}
