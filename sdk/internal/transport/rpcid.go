package transport

import (
	"context"

	"google.golang.org/grpc/metadata"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// rpcIDHeader is the gRPC metadata key that carries a client request's id
// beside a Submit and the AdmitUserMessage it causes.
const rpcIDHeader = "tasksurface-rpc-id"

// sendRpcID puts the request id ctx carries into the outgoing metadata.
func sendRpcID(ctx context.Context) context.Context {
	if id, ok := tasksurface.RpcIDFromContext(ctx); ok {
		return metadata.AppendToOutgoingContext(ctx, rpcIDHeader, string(id))
	}
	return ctx
}

// receiveRpcID puts the request id of the incoming metadata into ctx.
func receiveRpcID(ctx context.Context) context.Context {
	if md, ok := metadata.FromIncomingContext(ctx); ok {
		if ids := md.Get(rpcIDHeader); len(ids) == 1 && tasksurface.ValidID(ids[0]) {
			return tasksurface.ContextWithRpcID(ctx, tasksurface.RpcID(ids[0]))
		}
	}
	return ctx
}
