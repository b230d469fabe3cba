package main

import (
	"os/exec"
	"strings"
	"testing"
)

// unlinked are modules the plugin binary must not link. jsonschema/v5
// compiles five draft meta-schemas in its package init, which every plugin
// start would pay before its first RPC; the model's schema is checked by
// plugin/internal/schemacheck instead.
var unlinked = []string{"github.com/santhosh-tekuri/jsonschema"}

func TestBinaryDoesNotLinkUnwantedModules(t *testing.T) {
	t.Parallel()
	// go test puts its own toolchain first on PATH, so this lists the
	// dependencies of the binary the same go would build.
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 100 || deps[len(deps)-1] != "github.com/dsh-community/task-surface/plugin/cmd/task-surface-plugin" {
		t.Fatalf("go list -deps gave %d packages ending in %q, not the plugin's dependencies", len(deps), deps[len(deps)-1])
	}
	for _, dep := range deps {
		for _, mod := range unlinked {
			if dep == mod || strings.HasPrefix(dep, mod+"/") {
				t.Errorf("the plugin binary links %s", dep)
			}
		}
	}
}
