// Package minimal is the smallest go-plugin gRPC plugin: the reference the
// cold-start benchmark compares the Task Surface plugin against.
package minimal

import (
	"context"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
)

// Handshake is the minimal plugin's handshake.
var Handshake = plugin.HandshakeConfig{ProtocolVersion: 1, MagicCookieKey: "MINIMAL_PLUGIN", MagicCookieValue: "minimal"}

// Plugin serves nothing but go-plugin's own services; its client is the
// raw connection.
type Plugin struct{ plugin.NetRPCUnsupportedPlugin }

// GRPCServer registers nothing.
func (Plugin) GRPCServer(*plugin.GRPCBroker, *grpc.Server) error { return nil }

// GRPCClient returns the connection itself.
func (Plugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (interface{}, error) {
	return c, nil
}

// Set is the plugin set both sides register.
func Set() plugin.PluginSet { return plugin.PluginSet{"minimal": Plugin{}} }
