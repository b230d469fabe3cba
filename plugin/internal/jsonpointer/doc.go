// Package jsonpointer builds, splits, orders and resolves JSON Pointers
// (RFC 6901), the addresses every problem of the plugin carries. The model
// parser, the submission validator and the strict JSON reader share it, so
// a key is escaped and a list of problems is ordered the same way
// everywhere.
package jsonpointer
