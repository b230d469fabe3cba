// Package tshost is the host side of the Task Surface SDK, for Go harness
// authors: it launches a Task Surface plugin binary, verifies its SHA-256
// before it runs, negotiates the protocol version over go-plugin with
// AutoMTLS, forwards the plugin's hclog output into the host's logger, gives
// each launch a private socket folder, configures it, shuts it down
// gracefully (Shutdown, wait, then kill), and restarts it after a crash
// (Supervisor).
//
// Both Plugin and Supervisor implement tasksurface.Server, so a harness
// calls the plugin through the same interface the plugin implements. The
// plugin never calls the harness: a request carries the session's
// tasksurface.Snapshot, an answer the decision the harness carries out.
// Every call that fails because the plugin process is gone (the call it
// died during, and every one after, until a Supervisor's restart) returns
// an error wrapping ErrUnavailable; Supervisor.WaitRunning returns a plugin
// only once it has answered.
//
// Projections and ToolResults are the parts of a snapshot every host needs
// and would otherwise rewrite: each session's projection view, folded
// incrementally through the plugin with the events it could not read
// reported, and the index of the tool results' metadata the plugin asks for
// when it answers MetaNeeded. ActiveSurface reads a view's open surface, for
// the check a host makes when it carries out a decision.
//
// Config.Reattach attaches to a plugin that is already running, started
// under a debugger with tsplugin.ServeDebug, instead of starting a binary.
// Below tshost: hostkit is the host that acts (logs, queue, snapshots,
// decisions carried out), hosttest a conformance suite for any host, and
// plugintest a plugin in a test's own process.
package tshost
