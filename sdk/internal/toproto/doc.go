// Package toproto converts the public sdk/tasksurface types into their
// generated protobuf messages. Each function is named after the protobuf
// message it returns; fromproto holds the inverse.
package toproto
