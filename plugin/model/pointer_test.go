package model

import (
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"slices"
	"testing"
)

func TestAppendPointerEscapes(t *testing.T) {
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
		if got := appendPointer("", tt.token); got != tt.want {
			t.Errorf("appendPointer(%q) = %q, want %q", tt.token, got, tt.want)
		}
		if got := pointerTokens(tt.want); !slices.Equal(got, []string{tt.token}) {
			t.Errorf("pointerTokens(%q) = %q, want [%q]", tt.want, got, tt.token)
		}
		if got := lastToken(appendPointer("/x", tt.token)); got != tt.token {
			t.Errorf("lastToken round trip of %q gave %q", tt.token, got)
		}
	}
}

func TestProblemPointersEscapeKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		raw  string
		want string
	}{
		{"slash in an unknown key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a/b":1}`, "/a~1b"},
		{"tilde in an unknown key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a~b":1}`, "/a~0b"},
		{"tilde then one", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"~1":1}`, "/~01"},
		{"slash in a row key", `{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"table","columns":[{"id":"c","label":"C"}],"rows":[{"x/y~z":1}]}]}],"submit":{"label":"S"}}`, "/sections/0/blocks/0/rows/0/x~1y~0z"},
		{"slash in a duplicate key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a/b":1,"a/b":2}`, "/a~1b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, problems := Parse([]byte(tt.raw), tasksurface.Limits{})
			found := false
			for _, p := range problems {
				if p.Pointer == tt.want {
					found = true
				}
			}
			if !found {
				t.Errorf("no problem at %q: %v", tt.want, problems)
			}
		})
	}
}

func TestComparePointers(t *testing.T) {
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
			got := comparePointers(sorted[i], sorted[j])
			switch {
			case i < j && got >= 0, i > j && got <= 0, i == j && got != 0:
				t.Errorf("comparePointers(%q, %q) = %d", sorted[i], sorted[j], got)
			}
		}
	}
}

func TestResolvePointer(t *testing.T) {
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
		got, ok := resolvePointer(doc, tt.ptr)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("resolvePointer(%q) = %v, %v; want %v, %v", tt.ptr, got, ok, tt.want, tt.ok)
		}
	}
}
