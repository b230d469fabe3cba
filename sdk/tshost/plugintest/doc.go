// Package plugintest runs a Task Surface plugin inside a test's own
// process, so a harness's tests need no plugin binary: Connect serves a
// tasksurface.Server over go-plugin's test connection (a real gRPC
// connection between the two halves, without a subprocess, a handshake or
// TLS) and returns the host's side, configured as Launch configures a
// binary.
//
//	srv := plugintest.Connect(t, server.New("test", logger), plugintest.Config{})
//	kit.Bind(ctx, srv)
//
// What the wire carries (the converters, the 16 MiB limits) is exercised as
// with a binary; what a binary adds (the SHA-256 check, the subprocess,
// restarts, ErrUnavailable when it dies) is tshost's and its own tests'.
package plugintest
