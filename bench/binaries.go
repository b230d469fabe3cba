package bench

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/dsh-community/task-surface/sdk/tshost"
)

// Binaries are the two plugins the benchmarks launch, built in one run.
type Binaries struct {
	// Plugin is the Task Surface plugin.
	Plugin string
	// PluginSHA256 is its digest.
	PluginSHA256 string
	// Minimal is the minimal go-plugin gRPC plugin.
	Minimal string
	// MinimalSHA256 is its digest.
	MinimalSHA256 string
}

// Build compiles both plugins into dir.
func Build(dir string) (Binaries, error) {
	b := Binaries{Plugin: filepath.Join(dir, "task-surface-plugin"), Minimal: filepath.Join(dir, "minimalplugin")}
	for out, pkg := range map[string]string{
		b.Plugin:  "github.com/dsh-community/task-surface/plugin/cmd/task-surface-plugin",
		b.Minimal: "github.com/dsh-community/task-surface/bench/minimalplugin",
	} {
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if msg, err := cmd.CombinedOutput(); err != nil {
			return b, fmt.Errorf("build %s: %v\n%s", pkg, err, msg)
		}
	}
	var err error
	if b.PluginSHA256, err = tshost.FileSHA256(b.Plugin); err != nil {
		return b, err
	}
	b.MinimalSHA256, err = tshost.FileSHA256(b.Minimal)
	return b, err
}
