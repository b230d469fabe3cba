package server_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
)

// The SDK README tells harness authors how many bytes of the prompt the
// tool's declaration takes; the numbers it states are the ones Describe
// serves.
func TestSDKReadmeStatesTheDeclarationsSize(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("..", "..", "sdk", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(raw)), " ")
	m := regexp.MustCompile(`a ([0-9,]+)-byte parameter schema and a ([0-9,]+)-byte description`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal(`the SDK README no longer says "a N-byte parameter schema and a N-byte description"`)
	}
	desc, err := server.New("test", nil).Describe(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		stated string
		actual int
	}{
		{"parameter schema", m[1], len(desc.Tool.ParametersSchema)},
		{"description", m[2], len(desc.Tool.Description)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if n, _ := strconv.Atoi(strings.ReplaceAll(tt.stated, ",", "")); n != tt.actual {
				t.Errorf("the SDK README states a %s-byte %s; Describe serves %d bytes: update the README", tt.stated, tt.name, tt.actual)
			}
		})
	}
}
