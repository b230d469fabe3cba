// Package tsplugin serves a Task Surface implementation as a go-plugin
// plugin: the plugin binary's main calls Serve with its tasksurface.Server.
//
// Serve speaks the gRPC protocol only, negotiates the protocol version from
// tasksurface.Handshake, bounds every message at tasksurface.MaxMessageBytes,
// logs hclog JSON on the stderr it had before go-plugin redirected it (so the
// host forwards the lines into its own logger), and exits when the host that
// started it dies, so no plugin outlives its harness.
//
// ServeDebug serves the same implementation for a harness to attach to
// (tshost.Config.Reattach) instead of one that starts it: for a plugin run
// under a debugger.
package tsplugin
