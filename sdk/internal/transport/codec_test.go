package transport

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
)

// showRequest is a Show request carrying n bytes of arguments.
func showRequest(n int) *tsproto3.ShowRequest {
	return &tsproto3.ShowRequest{
		SessionId:     "session",
		CallId:        "call_1",
		ArgumentsJson: bytes.Repeat([]byte("a"), n),
		Mode:          "native",
	}
}

// split cuts b into buffers of at most size bytes, as the transport hands
// over a message that arrived in several HTTP/2 frames.
func split(b []byte, size int) mem.BufferSlice {
	var out mem.BufferSlice
	for len(b) > 0 {
		n := min(size, len(b))
		out = append(out, mem.SliceBuffer(bytes.Clone(b[:n])))
		b = b[n:]
	}
	return out
}

func TestCodecRoundTrip(t *testing.T) {
	t.Parallel()
	// Sizes around gRPC's pooling threshold and the pool's tiers, up to a
	// message near tasksurface.MaxMessageBytes.
	for _, n := range []int{0, 1, 100, 1 << 10, 4 << 10, 4<<10 + 1, 33 << 10, 58 << 10, 1<<20 + 7, 15 << 20} {
		for _, frame := range []int{16 << 10, 1 << 30} {
			want := showRequest(n)
			data, err := messageCodec.Marshal(want)
			if err != nil {
				t.Fatalf("%d bytes: marshal: %v", n, err)
			}
			encoded := data.Materialize()
			data.Free()
			if std, _ := proto.Marshal(want); !bytes.Equal(encoded, std) {
				t.Fatalf("%d bytes: the encoding differs from proto.Marshal's", n)
			}
			in := split(encoded, frame)
			got := &tsproto3.ShowRequest{}
			if err := messageCodec.Unmarshal(in, got); err != nil {
				t.Fatalf("%d bytes in frames of %d: unmarshal: %v", n, frame, err)
			}
			in.Free()
			if !proto.Equal(got, want) {
				t.Fatalf("%d bytes in frames of %d: decoded a different message", n, frame)
			}
		}
	}
}

// The decoded message keeps its own copy: the buffers it was read from go
// back to the pool and are written over by the next message.
func TestCodecDecodedMessageOutlivesItsBuffers(t *testing.T) {
	t.Parallel()
	first, _ := proto.Marshal(showRequest(40 << 10))
	got := &tsproto3.ShowRequest{}
	in := split(first, 16<<10)
	if err := messageCodec.Unmarshal(in, got); err != nil {
		t.Fatal(err)
	}
	in.Free()
	for range 8 {
		other := &tsproto3.ShowRequest{ArgumentsJson: bytes.Repeat([]byte("b"), 40<<10)}
		data, err := messageCodec.Marshal(other)
		if err != nil {
			t.Fatal(err)
		}
		data.Free()
	}
	if strings.Trim(string(got.GetArgumentsJson()), "a") != "" || len(got.GetArgumentsJson()) != 40<<10 {
		t.Fatal("the decoded arguments changed after their buffers were reused")
	}
}

func TestCodecRefusesOtherValues(t *testing.T) {
	t.Parallel()
	if _, err := messageCodec.Marshal("not a message"); err == nil || !strings.Contains(err.Error(), "not a protobuf message") {
		t.Fatalf("marshal of a string: %v", err)
	}
	var s string
	if err := messageCodec.Unmarshal(mem.BufferSlice{mem.SliceBuffer([]byte{})}, &s); err == nil || !strings.Contains(err.Error(), "not a protobuf message") {
		t.Fatalf("unmarshal into a string: %v", err)
	}
	if messageCodec.Name() != "proto" {
		t.Fatalf("name %q: peers would not take the content subtype", messageCodec.Name())
	}
}

// BenchmarkCodec encodes and decodes (from 16 KiB frames) a Show request
// with gRPC's default proto codec and with this package's, at the typical
// (4 KiB) and the largest benchmark model sizes (58 KiB) and at 1 MiB.
func BenchmarkCodec(b *testing.B) {
	codecs := []struct {
		name  string
		codec encoding.CodecV2
	}{{"grpc-default", encoding.GetCodecV2("proto")}, {"transport", messageCodec}}
	for _, n := range []int{4 << 10, 58 << 10, 1 << 20} {
		msg := showRequest(n)
		for _, c := range codecs {
			b.Run(c.name+"/"+label(n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(n))
				for b.Loop() {
					data, err := c.codec.Marshal(msg)
					if err != nil {
						b.Fatal(err)
					}
					in := split(data.Materialize(), 16<<10)
					data.Free()
					got := &tsproto3.ShowRequest{}
					if err := c.codec.Unmarshal(in, got); err != nil {
						b.Fatal(err)
					}
					in.Free()
				}
			})
		}
	}
}

func label(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}
