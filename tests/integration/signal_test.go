package integration

import (
	"os"
	"syscall"
)

// syscallZero is signal 0: it checks that a process exists.
func syscallZero() os.Signal { return syscall.Signal(0) }
