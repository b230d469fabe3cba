//go:build linux

package tshost

import (
	"os/exec"
	"syscall"
)

// bindToHost makes the kernel kill the plugin when the host dies.
func bindToHost(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
