//go:build unix && !linux && !darwin

package tshost

import "syscall"

// ctimeNs is not read on this platform: the identity there is the device,
// inode, size and modification time.
func ctimeNs(*syscall.Stat_t) int64 { return 0 }
