// Package transport carries the Task Surface contract over go-plugin's gRPC
// transport: the plugin.GRPCPlugin that both sides register, the adapters
// between the public sdk/tasksurface interfaces and the generated gRPC
// services, the broker wiring that serves the host's services to the
// plugin, and the options both sides' calls and servers use (message size
// bounds, stream workers, and a proto codec whose buffers fit the message).
package transport
