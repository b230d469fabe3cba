package transport

import (
	"fmt"

	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// codec is the protobuf codec of both sides' calls (forced by CallOptions
// and ServerOptions): gRPC's own proto codec, with buffers from
// messageBuffers instead of gRPC's default pool.
//
// The default pool has tiers of 256 B, 4 KiB, 16 KiB, 32 KiB and 1 MiB, and
// clears a buffer's whole capacity each time it hands one out. A message
// of 33 KiB to 1 MiB (a large model, its value in the answer) was encoded
// into, and on receipt copied into, a 1 MiB buffer cleared first: four such
// clears per show_task_surface round trip of a 58 KiB model, the largest
// single cost of the call in both processes' profiles, and each evicting
// the caches the call's own work then missed.
type codec struct {
	pool mem.BufferPool
}

var _ encoding.CodecV2 = codec{}

// messageCodec is the codec both sides use.
var messageCodec = codec{pool: messageBuffers()}

// messageBuffers is a pool with a tier at every power of two from 256 B up
// to tasksurface.MaxMessageBytes, so a buffer is never more than twice the
// message it holds and clearing it costs at most twice the message's bytes.
func messageBuffers() mem.BufferPool {
	var exponents []uint8
	for e := uint8(8); 1<<e <= tasksurface.MaxMessageBytes; e++ {
		exponents = append(exponents, e)
	}
	pool, err := mem.NewBinaryTieredBufferPool(exponents...)
	if err != nil {
		// The exponents are constants within any word size gRPC supports.
		panic(fmt.Sprintf("transport: the message buffer pool: %v", err))
	}
	return pool
}

// Name is the codec's content subtype: proto, as gRPC's own.
func (codec) Name() string { return "proto" }

// Marshal encodes v into one buffer: from the pool above gRPC's pooling
// threshold, allocated below it, as gRPC's codec does.
func (c codec) Marshal(v any) (mem.BufferSlice, error) {
	m, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("transport: cannot encode %T: not a protobuf message", v)
	}
	size := proto.Size(m)
	// UseCachedSize reuses the sizes proto.Size just computed; m is not
	// changed meanwhile.
	opts := proto.MarshalOptions{UseCachedSize: true}
	if mem.IsBelowBufferPoolingThreshold(size) {
		buf, err := opts.Marshal(m)
		if err != nil {
			return nil, err
		}
		return mem.BufferSlice{mem.SliceBuffer(buf)}, nil
	}
	buf := c.pool.Get(size)
	if _, err := opts.MarshalAppend((*buf)[:0], m); err != nil {
		c.pool.Put(buf)
		return nil, err
	}
	return mem.BufferSlice{mem.NewBuffer(buf, c.pool)}, nil
}

// Unmarshal decodes data into v. A message that arrived in more than one
// buffer is first copied into one from the pool; proto.Unmarshal copies
// what it keeps, so the buffer goes back to the pool at once.
func (c codec) Unmarshal(data mem.BufferSlice, v any) error {
	m, ok := v.(proto.Message)
	if !ok {
		return fmt.Errorf("transport: cannot decode into %T: not a protobuf message", v)
	}
	buf := data.MaterializeToBuffer(c.pool)
	defer buf.Free()
	return proto.Unmarshal(buf.ReadOnlyData(), m)
}
