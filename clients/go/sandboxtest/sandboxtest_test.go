//go:build unix

package sandboxtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// script writes an executable shell script standing in for a broken sandbox.
func script(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "wallet-api-sandbox")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func runError(t *testing.T, options Options) string {
	t.Helper()
	sb, err := Run(context.Background(), options)
	if err == nil {
		sb.Stop()
		t.Fatal("Run started a sandbox")
	}
	return err.Error()
}

func TestNoExecutableSaysHowToGetOne(t *testing.T) {
	t.Setenv("WALLET_API_SANDBOX_BIN", "")
	t.Setenv("PATH", t.TempDir())
	message := runError(t, Options{})
	for _, want := range []string{"no sandbox executable", "WALLET_API_SANDBOX_BIN", "npm run build:standalone"} {
		if !strings.Contains(message, want) {
			t.Errorf("%q does not say %q", message, want)
		}
	}
}

func TestAMissingExecutableIsNamed(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nothing-here")
	t.Setenv("WALLET_API_SANDBOX_BIN", missing)
	if message := runError(t, Options{}); !strings.Contains(message, "WALLET_API_SANDBOX_BIN names no file: "+missing) {
		t.Errorf("got %q", message)
	}
}

func TestAFileThatIsNotExecutableIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wallet-api-sandbox")
	if err := os.WriteFile(path, []byte("not a program"), 0o644); err != nil {
		t.Fatal(err)
	}
	if message := runError(t, Options{Bin: path}); !strings.Contains(message, "Options.Bin is not an executable file") {
		t.Errorf("got %q", message)
	}
}

func TestAnUnrunnableExecutableIsNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wallet-api-sandbox")
	// Executable bits on bytes no system can load.
	if err := os.WriteFile(path, []byte{0x7f, 'E', 'L', 'F', 0, 0, 0}, 0o755); err != nil {
		t.Fatal(err)
	}
	if message := runError(t, Options{Bin: path}); !strings.Contains(message, "the sandbox could not be run ("+path+")") {
		t.Errorf("got %q", message)
	}
}

func TestASandboxThatStopsAtStartGivesItsOutput(t *testing.T) {
	bin := script(t, `echo "Sandbox did not start: PORT 4020 is in use" >&2; exit 1`)
	message := runError(t, Options{Bin: bin})
	if !strings.Contains(message, "stopped (exit status 1) before listening: Sandbox did not start: PORT 4020 is in use") {
		t.Errorf("got %q", message)
	}
}

func TestASilentSandboxIsStoppedAtTheLimit(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	bin := script(t, `echo $$ > `+pidFile+`; exec sleep 60`)
	started := time.Now()
	message := runError(t, Options{Bin: bin, StartTimeout: 500 * time.Millisecond})
	if !strings.Contains(message, "did not start within 500ms") {
		t.Errorf("got %q", message)
	}
	if waited := time.Since(started); waited > 15*time.Second {
		t.Errorf("Run returned after %s", waited)
	}
	pid := readPid(t, pidFile)
	if syscall.Kill(pid, 0) == nil {
		t.Errorf("the silent sandbox (pid %d) is still running", pid)
	}
}

func TestASandboxThatNeverTurnsHealthyIsStoppedAtTheLimit(t *testing.T) {
	// Says it listens on a port where nothing answers.
	bin := script(t, `echo "Sandbox listening on http://127.0.0.1:9"; exec sleep 60`)
	message := runError(t, Options{Bin: bin, StartTimeout: 700 * time.Millisecond})
	if !strings.Contains(message, "the sandbox at http://127.0.0.1:9 was not ready within 700ms") {
		t.Errorf("got %q", message)
	}
}

func TestABadStartTimeoutIsNamed(t *testing.T) {
	t.Setenv("WALLET_API_SANDBOX_START_TIMEOUT", "soon")
	if message := runError(t, Options{Bin: script(t, "exit 0")}); !strings.Contains(message, `WALLET_API_SANDBOX_START_TIMEOUT must be a positive Go duration such as 45s, got "soon"`) {
		t.Errorf("got %q", message)
	}
}

func readPid(t *testing.T, path string) int {
	t.Helper()
	var pid int
	for range 50 {
		if text, err := os.ReadFile(path); err == nil && len(text) > 0 {
			if _, err := fmt.Sscan(strings.TrimSpace(string(text)), &pid); err == nil {
				return pid
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no pid in %s", path)
	return 0
}
