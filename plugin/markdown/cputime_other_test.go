//go:build !unix

package markdown

// cpuNanos reports that the process's CPU time is unknown here.
func cpuNanos() int64 { return -1 }
