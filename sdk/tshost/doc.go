// Package tshost is the host side of the Task Surface SDK, for Go harness
// authors: it launches a Task Surface plugin binary, verifies its SHA-256
// before it runs, negotiates the protocol version over go-plugin with
// AutoMTLS, forwards the plugin's hclog output into the host's logger, gives
// each launch a private socket folder, serves the harness's tasksurface.Host
// to the plugin over the go-plugin broker, shuts it down gracefully
// (Shutdown, wait, then kill), and restarts it after a crash (Supervisor).
//
// Both Plugin and Supervisor implement tasksurface.Server, so a harness
// calls the plugin through the same interface the plugin implements.
package tshost
