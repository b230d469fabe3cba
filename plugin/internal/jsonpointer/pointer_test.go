package jsonpointer

import (
	"slices"
	"testing"
)

func TestAppendEscapes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		token string
		want  string
	}{
		{"title", "/title"},
		{"a/b", "/a~1b"},
		{"a~b", "/a~0b"},
		{"~1", "/~01"},
		{"/~", "/~1~0"},
		{"", "/"},
	}
	for _, tt := range tests {
		if got := Append("", tt.token); got != tt.want {
			t.Errorf("Append(%q) = %q, want %q", tt.token, got, tt.want)
		}
		if got := Tokens(tt.want); !slices.Equal(got, []string{tt.token}) {
			t.Errorf("Tokens(%q) = %q, want [%q]", tt.want, got, tt.token)
		}
		if got := Last(Append("/x", tt.token)); got != tt.token {
			t.Errorf("Last round trip of %q gave %q", tt.token, got)
		}
	}
}

func TestCompare(t *testing.T) {
	t.Parallel()
	sorted := []string{
		"",
		"/",
		"/fields",
		"/fields/0",
		"/fields/2",
		"/fields/10",
		"/fields/10/id",
		"/sections",
		"/sections/9/id",
		"/sections/10",
		"/title",
	}
	for i := range sorted {
		for j := range sorted {
			got := Compare(sorted[i], sorted[j])
			switch {
			case i < j && got >= 0, i > j && got <= 0, i == j && got != 0:
				t.Errorf("Compare(%q, %q) = %d", sorted[i], sorted[j], got)
			}
		}
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	doc := map[string]any{"a/b": []any{"x", map[string]any{"~": true}}}
	tests := []struct {
		ptr  string
		want any
		ok   bool
	}{
		{"/a~1b/0", "x", true},
		{"/a~1b/1/~0", true, true},
		{"/a~1b/2", nil, false},
		{"/a~1b/01", nil, false},
		{"/a~1b/-", nil, false},
		{"/missing", nil, false},
	}
	for _, tt := range tests {
		got, ok := Resolve(doc, tt.ptr)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("Resolve(%q) = %v, %v; want %v, %v", tt.ptr, got, ok, tt.want, tt.ok)
		}
	}
}
