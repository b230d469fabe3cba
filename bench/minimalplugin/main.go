// Command minimalplugin is the reference for the cold-start benchmark: the
// smallest go-plugin gRPC plugin there is, speaking a handshake with
// AutoMTLS and serving nothing but go-plugin's own services.
package main

import (
	"github.com/hashicorp/go-plugin"

	"github.com/dsh-community/task-surface/bench/minimal"
)

func main() {
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: minimal.Handshake,
		Plugins:         minimal.Set(),
		GRPCServer:      plugin.DefaultGRPCServer,
	})
}
