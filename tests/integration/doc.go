// Package integration tests the real plugin binary over a real socket: each
// test builds nothing itself but launches the binary that TestMain built,
// through the SDK's host side (digest check, AutoMTLS, supervision), with
// the host kit (hostkit) as the harness's host, and walks what a user does
// and what can break.
package integration
