package tool_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/dsh-community/task-surface/plugin/tool"
)

// The opening text is what the shared vectors hold, which the host shim's
// stand-in (host-shim/test/wire/texts.test.js) is held to as well.
func TestOpenedVectors(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("..", "..", "tests", "conformance", "texts", "opened.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name, Title, SurfaceID, Text string
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil || len(doc.Cases) == 0 {
		t.Fatalf("vectors: %v", err)
	}
	for _, c := range doc.Cases {
		if got := tool.Opened(c.Title, c.SurfaceID); got != c.Text {
			t.Errorf("%s: Opened = %q, want %q", c.Name, got, c.Text)
		}
	}
}
