// Package transport carries the Task Surface contract over go-plugin's gRPC
// transport: the plugin.GRPCPlugin that both sides register, the adapters
// between the public sdk/tasksurface interfaces and the generated gRPC
// services, and the broker wiring that serves the host's services to the
// plugin.
package transport
