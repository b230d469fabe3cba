package transport

import (
	"context"
	"runtime"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Plugin is the go-plugin plugin.GRPCPlugin for the Task Surface service.
// A plugin process sets Impl; a host process leaves it nil.
type Plugin struct {
	plugin.NetRPCUnsupportedPlugin

	// Impl is the plugin's implementation, served on the plugin side.
	Impl tasksurface.Server
}

var _ plugin.GRPCPlugin = (*Plugin)(nil)

// GRPCServer registers the Task Surface service on the plugin's server.
func (p *Plugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	tsproto3.RegisterTaskSurfaceServer(s, &server{impl: p.Impl})
	return nil
}

// GRPCClient returns a tasksurface.Server that calls the plugin.
func (p *Plugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (interface{}, error) {
	return &Client{rpc: tsproto3.NewTaskSurfaceClient(conn)}, nil
}

// ServerOptions are the gRPC server options both sides use: message sizes
// bounded by tasksurface.MaxMessageBytes, the codec with buffers sized to
// the message (codec.go), and worker goroutines (one per
// processor, at least minStreamWorkers) that serve calls one after another,
// so a call does not start on a fresh goroutine whose small stack has to
// grow (and be copied) on every call; when every worker is busy, a call gets
// a goroutine of its own.
func ServerOptions() []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.MaxRecvMsgSize(tasksurface.MaxMessageBytes),
		grpc.MaxSendMsgSize(tasksurface.MaxMessageBytes),
		grpc.NumStreamWorkers(uint32(max(runtime.GOMAXPROCS(0), minStreamWorkers))),
		grpc.ForceServerCodecV2(messageCodec),
	}
}

// minStreamWorkers is the fewest stream workers a server keeps. With one
// worker (a process on one processor), the next call often arrived before
// the worker was back from answering the last, and ran on a fresh
// goroutine: a tenth of the plugin's CPU per 4 KiB Show went to growing its
// stack.
const minStreamWorkers = 4

// CallOptions are the gRPC call options both sides use: message sizes
// bounded by tasksurface.MaxMessageBytes, and the codec of ServerOptions.
func CallOptions() []grpc.CallOption {
	return []grpc.CallOption{
		grpc.MaxCallRecvMsgSize(tasksurface.MaxMessageBytes),
		grpc.MaxCallSendMsgSize(tasksurface.MaxMessageBytes),
		grpc.ForceCodecV2(messageCodec),
	}
}
