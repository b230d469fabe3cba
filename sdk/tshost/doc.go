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
//
// The harness's host is built from the server it will serve
// (Config.NewHost), so it can fold through the plugin without a setter; a
// launch with no host fails with ErrNoHost unless Config.AllowNoHost is
// set. Projections and ToolResults are the two parts every host needs and
// would otherwise rewrite: each session's projection, folded
// incrementally through the plugin with the events it could not read
// reported, and the index of tool results by call id. A Host method's
// error comes back from the plugin as a *tasksurface.HostError that
// unwraps to it.
//
// Config.Reattach attaches to a plugin that is already running, started
// under a debugger with tsplugin.ServeDebug, instead of starting a binary.
// Below tshost: hostkit is a whole Host to assemble, hosttest a
// conformance suite for any Host, and tshosttest a plugin in a test's own
// process.
package tshost
