// Package wire holds the names and JSON shapes Task Surface writes into a
// session log and reads back: the tool, projection and command names, the
// presentation metadata on a tool result, the correlated source of a
// submitted user message, the dismissal command line, and the ids.
//
// Every other package reads the log through these shapes, so the Go fold,
// the coordination service and the JavaScript twin agree on one spelling.
package wire
