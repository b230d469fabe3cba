// Package transport carries the Task Surface contract over go-plugin's gRPC
// transport: the plugin.GRPCPlugin that both sides register, the adapters
// between the public sdk/tasksurface interfaces and the generated gRPC
// service, and the options both sides' calls and servers use (message size
// bounds, stream workers, and a proto codec whose buffers fit the message).
// The plugin never calls the host, so go-plugin's broker carries nothing.
package transport
