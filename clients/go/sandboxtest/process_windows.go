//go:build windows

package sandboxtest

import (
	"io/fs"
	"os"
	"syscall"
)

func processAttributes() *syscall.SysProcAttr { return nil }
func terminate(p *os.Process)                 { _ = p.Kill() }
func kill(p *os.Process)                      { _ = p.Kill() }
func isExecutable(info fs.FileInfo) bool      { return info.Mode().IsRegular() }
