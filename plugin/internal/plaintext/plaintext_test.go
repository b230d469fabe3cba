package plaintext_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
)

// blank is a stand-in for the model's rule of text that shows nothing:
// white space alone.
func blank(s string) bool { return strings.TrimSpace(s) == "" }

func TestTextLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" \n\t\n", nil},
		{"one", []string{"one"}},
		{"one  ", []string{"one"}},
		{"  lead", []string{"  lead"}},
		{"\n\na\n\nb\n\n", []string{"a", "", "b"}},
		{"a\u2028b\u2029c\u0085d", []string{"a", "b", "c", "d"}},
		{"a\tb", []string{"a\tb"}},
	}
	for _, tt := range tests {
		if got := plaintext.Lines(tt.in, blank); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Lines(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFlatten(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Plain", "Plain"},
		{"  two\n lines ", "two lines"},
		{"tab\tand\u2028separator", "tab and separator"},
		{"\n", ""},
	}
	for _, tt := range tests {
		if got := plaintext.Flatten(tt.in); got != tt.want {
			t.Errorf("Flatten(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLabelsTellEntriesApart(t *testing.T) {
	t.Parallel()
	got := plaintext.Labels([]string{"Staging", " Staging\n", "Prod", "  "}, []string{"stg-eu", "stg-us", "prod", "x"}, blank)
	want := []string{"Staging [stg-eu]", "Staging [stg-us]", "Prod", "[x]"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Labels = %q, want %q", got, want)
	}
}

func TestItemQuotesTheSeparator(t *testing.T) {
	t.Parallel()
	if got := plaintext.Item("a; b"); got != `"a; b"` {
		t.Errorf("Item = %s", got)
	}
	if got := plaintext.Item("a, b"); got != "a, b" {
		t.Errorf("Item = %s", got)
	}
}
