package markdown

import (
	"testing"

	"github.com/dsh-community/task-surface/tests/hostile"
)

// FuzzRender checks that no input makes Render panic or write markup
// outside the policy (see checkSafe). The vectors and a kilobyte of each
// hostile family seed it, next to the committed corpus in
// testdata/fuzz/FuzzRender.
func FuzzRender(f *testing.F) {
	for _, cases := range loadVectors(f) {
		for _, c := range cases {
			f.Add(c.Markdown)
		}
	}
	for _, fam := range hostile.Families() {
		f.Add(fam.Build(1 << 10))
	}
	r := New()
	f.Fuzz(func(t *testing.T, src string) {
		out := r.Render(src)
		if err := checkSafe(out); err != nil {
			t.Fatalf("Render(%q) = %q breaks the policy: %v", src, out, err)
		}
	})
}
