//go:build !unix

package bench

import "time"

// cpuTime returns false: this platform does not tell the process's CPU
// time.
func cpuTime() (time.Duration, bool) { return 0, false }
