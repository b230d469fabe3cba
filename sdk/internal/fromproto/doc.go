// Package fromproto converts generated protobuf messages into the public
// sdk/tasksurface types. Each function is named after the protobuf message
// it reads; toproto holds the inverse. A nil message converts to the zero
// value, never a panic.
package fromproto
