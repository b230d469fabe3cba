package bench

import (
	"context"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"os"
	"strconv"
	"testing"
)

// The cross-process benchmarks, for `go test -bench . ./bench`. Each builds
// the binaries once per process; cmd/benchreport runs the same functions
// and prints ratios.

func binaries(b *testing.B) Binaries {
	b.Helper()
	dir, err := os.MkdirTemp("", "ts-bench-")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.RemoveAll(dir) })
	bins, err := Build(dir)
	if err != nil {
		b.Fatal(err)
	}
	return bins
}

func BenchmarkColdStart(b *testing.B) {
	bins := binaries(b)
	b.Run("task-surface-hashed", func(b *testing.B) { ColdStart(bins, nil, &Samples{})(b) })
	b.Run("task-surface-verified-before", func(b *testing.B) { ColdStart(bins, tshost.NewVerifiedBinaries(""), &Samples{})(b) })
	b.Run("minimal-go-plugin", func(b *testing.B) { MinimalColdStart(bins, false, &Samples{})(b) })
	b.Run("minimal-go-plugin-checksummed", func(b *testing.B) { MinimalColdStart(bins, true, &Samples{})(b) })
}

func BenchmarkRoundTrip(b *testing.B) {
	bins := binaries(b)
	r, err := NewRig(context.Background(), bins)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Plugin.Close(context.Background())
	for _, size := range []int{4 << 10, 63 << 10} {
		args := Arguments(Model(size))
		b.Run("show-"+label(size), func(b *testing.B) { ShowRoundTrip(r.Plugin, args, &Samples{})(b) })
		b.Run("echo-"+label(size), func(b *testing.B) { EchoRoundTrip(r.Plugin, args, &Samples{})(b) })
	}
	b.Run("submit-to-admitted", func(b *testing.B) { SubmitToAdmitted(r, Arguments(Model(4<<10)), &Samples{})(b) })
}

func label(size int) string {
	if size >= 1<<10 {
		return strconv.Itoa(size>>10) + "KiB"
	}
	return strconv.Itoa(size) + "B"
}
