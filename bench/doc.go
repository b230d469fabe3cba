// Package bench holds the cross-process measurements of the plugin: cold
// start, round trips against a bare echo on the same connection, submit to
// admitted through the SDK's host kit with the plugin's decision beside it
// (SubmitTimeline), and memory. Each is a testing.B function,
// run by `go test -bench` in this package and by cmd/benchreport, which
// prints every figure beside its reference measured in the same run and
// rewrites BENCHMARKS.md.
package bench
