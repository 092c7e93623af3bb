//go:build linux

package sandboxtest

import "syscall"

// On Linux the kernel also sends the sandbox SIGTERM when the test binary dies without running
// its cleanups (SIGKILL, a crash).
func processAttributes() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
