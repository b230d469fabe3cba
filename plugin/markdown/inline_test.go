package markdown

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// inlineFragments are the pieces TestInlineMatchesGoldmark builds lines
// from: prose and every character the inline path reads; refusedFragments
// are the characters and shapes that make it leave a line to goldmark
// (or should), and destinations it may not write.
var (
	inlineFragments = []string{
		"a", "b", "word", "Plan", "7", "2024", " ", " ", "  ", ".", ",", ";", "?", "'", "\"", ">", "(", ")", "/", "-", "+", "=", "#", "|", "{", "$", "%", ":", "!",
		"*", "*", "*", "**", "**", "`", "`", "[", "[", "]", "](https://example.com/notes)", "](http://a.b/c?d=e#f)", "](mailto:me)",
	}
	refusedFragments = []string{
		"***", "``", "](javascript:alert)", "](/relative)", "](https://x.y/a b)", "](https://x.y/(a))", "](https://x.y/&amp;)",
		"![", "http:", "https://x.y", "www.", "WWW.x", "me@x.y", "<", "<b>", "&", "&amp;", "_", "__", "~", "~~", "\\", "\\*",
		"1.", "1)", "-", "é", "\t", "\n",
	}
)

// randomLine joins a few fragments chosen by rng, one in ten of them from
// refusedFragments.
func randomLine(rng *rand.Rand) string {
	var b strings.Builder
	for range 1 + rng.IntN(12) {
		if rng.IntN(10) == 0 {
			b.WriteString(refusedFragments[rng.IntN(len(refusedFragments))])
		} else {
			b.WriteString(inlineFragments[rng.IntN(len(inlineFragments))])
		}
	}
	return b.String()
}

// TestInlineMatchesGoldmark checks, over lines built at random from
// the characters that matter, that whatever the inline path renders is
// byte for byte what goldmark and the policy write; and that the path
// takes a fair share of them, so that the check checks something.
func TestInlineMatchesGoldmark(t *testing.T) {
	t.Parallel()
	r := New()
	rng := rand.New(rand.NewPCG(11, 29))
	const lines = 100000
	taken := 0
	for range lines {
		src := randomLine(rng)
		got, ok := renderInline(src)
		if !ok {
			continue
		}
		taken++
		if want := r.renderFull(src); got != want {
			t.Fatalf("inline path renders %q as\n%q\ngoldmark writes\n%q", src, got, want)
		}
	}
	if taken < lines/40 {
		t.Fatalf("the inline path took %d of %d lines; the check needs at least %d", taken, lines, lines/40)
	}
}

// TestInlineTakesProse lists lines the inline path must take, with what
// they render to (goldmark's output), and lines it must leave to goldmark.
func TestInlineTakesProse(t *testing.T) {
	t.Parallel()
	r := New()
	takes := []struct{ src, want string }{
		{"**Read me first.** The table lists every plan; see [the notes](https://example.com/notes).",
			`<p><strong>Read me first.</strong> The table lists every plan; see <a href="https://example.com/notes" rel="noopener noreferrer nofollow" target="_blank">the notes</a>.</p>` + "\n"},
		{"Plain prose, nothing else.", "<p>Plain prose, nothing else.</p>\n"},
		{"Run `make test` and *then* ship it.", "<p>Run <code>make test</code> and <em>then</em> ship it.</p>\n"},
		{`He said "x > y".`, "<p>He said &quot;x &gt; y&quot;.</p>\n"},
		{"2024 was a year; a * b is a product.", "<p>2024 was a year; a * b is a product.</p>\n"},
		{"[**bold** link](http://example.com/a?b=c#d) then text", `<p><a href="http://example.com/a?b=c#d" rel="noopener noreferrer nofollow" target="_blank"><strong>bold</strong> link</a> then text</p>` + "\n"},
		{"**unclosed and *closed*", "<p>**unclosed and <em>closed</em></p>\n"},
	}
	for _, c := range takes {
		got, ok := renderInline(c.src)
		if !ok {
			t.Errorf("the inline path leaves %q to goldmark; it should take it", c.src)
			continue
		}
		if got != c.want {
			t.Errorf("inline path renders %q as %q, want %q", c.src, got, c.want)
		}
		if full := r.renderFull(c.src); full != c.want {
			t.Errorf("goldmark renders %q as %q; the table's expectation %q is stale", c.src, full, c.want)
		}
	}
	leaves := []string{
		"", "- item", "* item", "1. item", "12) item", "# Title", "> quote", "***", "* * *", "    code", " leading space", "trailing space ",
		"two\nlines", "a_b_", "~~gone~~", "<b>bold</b>", "a &amp; b", `back\slash`, "see www.example.com", "http://example.com", "me@example.com",
		"![alt](https://example.com/i.png)", "[text](javascript:alert(1))", "[text](/relative)", "[ref]", "[ref]: https://example.com",
		"a*b*c", "**a*", "``double``", "`unclosed", "é accent", "tab\there", strings.Repeat("a", maxInlineBytes+1),
	}
	for _, src := range leaves {
		if got, ok := renderInline(src); ok {
			t.Errorf("the inline path takes %q (as %q); it should leave it to goldmark", src, got)
		}
	}
}

// FuzzInline checks that the inline path, where it takes a line, writes
// what goldmark and the policy write.
func FuzzInline(f *testing.F) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 200 {
		f.Add(randomLine(rng))
	}
	r := New()
	f.Fuzz(func(t *testing.T, src string) {
		got, ok := renderInline(src)
		if !ok {
			return
		}
		if want := r.renderFull(src); got != want {
			t.Fatalf("inline path renders %q as\n%q\ngoldmark writes\n%q", src, got, want)
		}
	})
}
