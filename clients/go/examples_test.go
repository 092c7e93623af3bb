package walletapi_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The go command of the PATH, the one running these tests.
const goCommand = "go"

func sampleEnv() []string {
	return append(os.Environ(),
		"WALLET_API_ENVIRONMENT=custom",
		"WALLET_API_BASE_URL="+sandbox.url,
		"WALLET_API_KEY="+sandbox.apiKey,
		"WALLET_API_SIGNING_SECRET="+sandbox.secret,
		"CUSTOMER_AUTHORIZATION=customer-authorization-value",
	)
}

// The docs' Go tab: every operation's program under examples/operations/<operationId>
// compiles, and runs against the sandbox printing the data as JSON.
func TestTheDocsSamplesRunAgainstTheSandbox(t *testing.T) {
	needSandbox(t)
	sandboxHelper(t, "POST", "/sandbox/reset")
	bin := t.TempDir()
	build := exec.Command(goCommand, "build", "-o", bin+string(os.PathSeparator), "./examples/operations/...")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	entries, _ := os.ReadDir("examples/operations")
	if len(entries) != 16 {
		t.Fatalf("%d samples, not one per operation (16)", len(entries))
	}
	run := func(id string, args ...string) any {
		t.Helper()
		cmd := exec.Command(filepath.Join(bin, id), args...)
		cmd.Env = sampleEnv()
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v\n%s", id, err, stderr.String())
		}
		var printed any
		if err := json.Unmarshal(out, &printed); err != nil {
			t.Fatalf("%s printed no JSON: %s", id, out)
		}
		return printed
	}
	field := func(v any, name string) any {
		m, _ := v.(map[string]any)
		return m[name]
	}
	for id, args := range map[string][]string{
		"listMarkets": nil, "getRates": nil, "getSwapMarket": nil, "listWallets": nil,
		"createWallet": {"usdt", "Treasury usdt wallet"}, "listCoinNetworks": {"usdt"},
		"getDepositAddress": {"usdt"}, "getMinimumWithdrawalAmount": {"usdt"},
		"previewLocalPayout": {"50000", "0123456789", "058"}, "getSwapQuote": {"usdt", "ngn", "100"},
	} {
		if printed := run(id, args...); printed == nil {
			t.Errorf("%s printed null", id)
		}
	}
	toConfirm := run("createSwap", "usdt", "ngn", "100")
	toCancel := run("createSwap", "usdt", "ngn", "50")
	if got := run("confirmSwap", field(toConfirm, "id").(string)); field(got, "status") != "confirmed" || field(got, "id") != field(toConfirm, "id") {
		t.Errorf("confirmSwap printed %v", got)
	}
	if got := run("cancelSwap", field(toCancel, "id").(string)); field(got, "status") != "cancelled" {
		t.Errorf("cancelSwap printed %v", got)
	}
	preview := run("previewWithdrawal", "usdt", "25", "0x8ba1f109551bD432803012645Ac136ddd64DBA72")
	id, _ := field(preview, "transactionId").(string)
	if got := run("getTransaction", id); field(got, "_id") != id || field(got, "status") != "pending" {
		t.Errorf("getTransaction printed %v", got)
	}
	// Two previews were made: the history holds both.
	if got := run("listTransactions"); field(got, "total") != 2.0 {
		t.Errorf("listTransactions printed %v", got)
	}
	// The sandbox's own record agrees with what the samples did.
	var swaps []struct{ Status string }
	_ = json.Unmarshal(sandboxHelper(t, "GET", "/sandbox/swaps"), &swaps)
	if len(swaps) != 2 || swaps[0].Status != "confirmed" || swaps[1].Status != "cancelled" {
		t.Errorf("the sandbox holds %+v", swaps)
	}
}

// The quick start is a module of its own (examples/quickstart, with a replace to this
// one): it builds from its go.mod and go.sum alone and runs against the sandbox.
func TestTheQuickStartModuleRunsAgainstTheSandbox(t *testing.T) {
	needSandbox(t)
	cmd := exec.Command(goCommand, "run", ".")
	cmd.Dir = filepath.Join("examples", "quickstart")
	cmd.Env = append(sampleEnv(), "GOFLAGS=-mod=readonly")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`(?m)^\d+ markets\n100 usdt → [0-9.]+ NGN\nswap \w+ confirmed\n\d+ transactions\n$`).Match(out) {
		t.Errorf("the quick start printed:\n%s", out)
	}
}
