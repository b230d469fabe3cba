// Package bench holds the cross-process measurements of the plugin: cold
// start, round trips against a bare echo on the same connection, submit to
// admitted through the SDK's host kit with the plugin's decision beside it
// (SubmitTimeline), and memory. Each is a testing.B function,
// run by `go test -bench` in this package and by cmd/benchreport, which
// prints every figure beside its reference measured in the same run and
// rewrites BENCHMARKS.md. In process, it measures the Markdown policy on
// every hostile family beside goldmark alone (MeasureHostile), for the
// report's ratios; plugin/markdown's BenchmarkRenderHostile renders the same
// blocks for `go test -bench`.
package bench
