// Package tshosttest runs a Task Surface plugin inside a test's own
// process, so a harness's tests need no plugin binary: Connect serves a
// tasksurface.Server over go-plugin's test connection (a real gRPC
// connection and broker between the two halves, without a subprocess, a
// handshake or TLS) and returns the host's side, configured with the
// harness's host as Launch configures a binary.
//
//	srv := tshosttest.Connect(t, server.New("test", logger), tshosttest.Config{NewHost: kit.Bind})
//
// What the wire carries (the converters, the 16 MiB limits, HostError, the
// host services served back over the broker) is exercised as with a
// binary; what a binary adds (the SHA-256 check, the subprocess, restarts)
// is tshost's and its own tests'.
package tshosttest
