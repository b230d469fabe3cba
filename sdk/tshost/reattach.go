package tshost

import (
	"context"
	"fmt"
	"net"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/dsh-community/task-surface/sdk/internal/transport"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// attach connects to the plugin cfg.Reattach names, serves the host to it
// and configures it, as Launch does for a binary it starts.
func attach(ctx context.Context, cfg Config) (*Plugin, error) {
	addr, err := reattachAddr(cfg.Reattach)
	if err != nil {
		return nil, err
	}
	cfg.Logger.Warn("attaching to a running plugin: its binary is not verified and the connection has no TLS",
		"network", cfg.Reattach.Network, "address", cfg.Reattach.Address, "pid", cfg.Reattach.Pid)
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig: tasksurface.Handshake,
		// A reattached client negotiates no version: it takes Plugins.
		Plugins: plugin.PluginSet{tasksurface.PluginName: &transport.Plugin{}},
		Reattach: &plugin.ReattachConfig{
			Protocol: plugin.ProtocolGRPC, ProtocolVersion: tasksurface.ProtocolVersion,
			Addr: addr, Pid: cfg.Reattach.Pid, Test: true,
		},
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		Logger:           cfg.Logger.Named("plugin"),
		GRPCDialOptions:  []grpc.DialOption{grpc.WithDefaultCallOptions(transport.CallOptions()...)},
	})
	p, err := begin(ctx, &Plugin{client: client, exited: make(chan struct{})}, cfg)
	if err != nil {
		return nil, fmt.Errorf("tshost: attach to the plugin at %s %s: %w", cfg.Reattach.Network, cfg.Reattach.Address, err)
	}
	return p, nil
}

// reattachAddr resolves a reattach config's address.
func reattachAddr(r *tasksurface.ReattachConfig) (net.Addr, error) {
	switch r.Network {
	case "unix":
		return &net.UnixAddr{Name: r.Address, Net: "unix"}, nil
	case "tcp":
		addr, err := net.ResolveTCPAddr("tcp", r.Address)
		if err != nil {
			return nil, fmt.Errorf("tshost: reattach address %q: %w", r.Address, err)
		}
		return addr, nil
	}
	return nil, fmt.Errorf("tshost: reattach network %q is neither unix nor tcp", r.Network)
}
