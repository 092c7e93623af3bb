//go:build unix

package sandboxtest

import (
	"io/fs"
	"os"
	"syscall"
)

// The sandbox gets a process group of its own: Stop ends it and whatever it started.
func terminate(p *os.Process) { _ = syscall.Kill(-p.Pid, syscall.SIGTERM) }
func kill(p *os.Process)      { _ = syscall.Kill(-p.Pid, syscall.SIGKILL) }

func isExecutable(info fs.FileInfo) bool { return info.Mode().Perm()&0o111 != 0 }
