package markdown

import (
	stdhtml "html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"

	"github.com/dsh-community/task-surface/tests/hostile"
)

// tag matches one element tag the renderer wrote; text is escaped, so every
// "<" in an output opens a tag.
var tag = regexp.MustCompile(`<[^>]*>`)

// textOf returns what a reader sees of html: its text, entities decoded.
func textOf(html string) string {
	return stdhtml.UnescapeString(tag.ReplaceAllString(html, ""))
}

// TestPathologicalFamilies renders every hostile family and checks that the
// output is within the policy and that no content was lost: each "a" the
// family uses as content is still in the text.
func TestPathologicalFamilies(t *testing.T) {
	t.Parallel()
	r := New()
	for _, f := range hostile.Families() {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			src := f.Build(8 << 10)
			out := r.Render(src)
			if err := checkSafe(out); err != nil {
				t.Fatalf("output breaks the policy: %v", err)
			}
			if !f.Letters {
				return
			}
			if got, want := strings.Count(textOf(out), "a"), strings.Count(src, "a"); got != want {
				t.Errorf("text has %d of the input's %d letters a", got, want)
			}
		})
	}
}

// TestBounds shows where each bound starts to act: Markdown just within it
// renders as CommonMark says, and the first construct past it is text.
func TestBounds(t *testing.T) {
	t.Parallel()
	quotes := func(n int) string { return strings.Repeat("> ", n) + "a" }
	items := func(n int) string { return strings.Repeat("- ", n) + "a" }
	tests := []struct {
		name     string
		src      string
		contains []string
		counts   map[string]int
	}{
		{"quotes at the bound", quotes(maxNesting), []string{"<p>a</p>"},
			map[string]int{"<blockquote>": maxNesting}},
		{"a quote past the bound", quotes(maxNesting + 1), []string{"<p>&gt; a</p>"},
			map[string]int{"<blockquote>": maxNesting}},
		{"list items at the bound", items(maxNesting / 2), []string{"<li>a</li>"},
			map[string]int{"<li>": maxNesting / 2}},
		{"a list item past the bound", items(maxNesting/2 + 1), []string{"<li>- a</li>"},
			map[string]int{"<li>": maxNesting / 2}},
		{"nested lists on every line within the document's containers", deepLists(25), nil,
			map[string]int{"<li>": 25 * 20, "<li>-": 0}},
		{"nested lists on every line past the document's containers", deepLists(400), []string{strings.Repeat("<ul>\n<li>\n", 19) + "<ul>\n<li>a</li>"},
			// The containers run out on a line after budget/38 whole ones;
			// the lines after it keep their nested markers as text.
			map[string]int{"<li>" + strings.Repeat("- ", 19) + "a</li>": 400 - (400*42/containerBytes+containerBase)/38 - 1}},
		{"quotes and lists share the bound", strings.Repeat("> - ", maxNesting/4) + "> a", []string{"<p>a</p>"},
			map[string]int{"<blockquote>": maxNesting/4 + 1, "<li>": maxNesting / 4}},
		{"many links in one paragraph", strings.Repeat("[x](https://e.example/p) and ", 1000), nil,
			map[string]int{`<a href="https://e.example/p"`: 1000}},
		{"a long destination", "[x](https://e.example/" + strings.Repeat("p", 8<<10) + ")", []string{">x</a>"},
			map[string]int{"<a href=": 1}},
		{"many links with intraword underscores", "see foo_bar: " + strings.Repeat("[a_b](https://e.example/p), ", 500), nil,
			map[string]int{`<a href="https://e.example/p"`: 500}},
		{"links nested in brackets", strings.Repeat("[", 60) + "[x](https://e.example)" + strings.Repeat("]", 60), nil,
			map[string]int{"<a href=": 1}},
		{"labels past the bound are text", strings.Repeat("[", maxOpenLabels+10) + "x" + strings.Repeat("]", maxOpenLabels+10), nil,
			map[string]int{"[": maxOpenLabels + 10, "]": maxOpenLabels + 10}},
		{"dense emphasis in one paragraph", strings.Repeat("**b** *i* ~~s~~ ", 2000), nil,
			map[string]int{"<strong>b</strong>": 2000, "<em>i</em>": 2000, "<del>s</del>": 2000}},
		{"nested emphasis in one paragraph", strings.Repeat("*a **b** c* ", 2000), nil,
			map[string]int{"<em>a <strong>b</strong> c</em>": 2000}},
		{"unpaired openers before pairs", strings.Repeat("*a ", 200) + strings.Repeat("_b_ ", 200), nil,
			map[string]int{"<em>b</em>": 200, "*a": 200}},
		{"a paragraph of definitions at the bound", strings.Repeat("[a]: https://e.example/d\n", maxDefinitionLines-1) + "[a]", []string{`target="_blank">a</a>`},
			map[string]int{"[a]": 0}},
		{"a paragraph of definitions past the bound is read a piece at a time", strings.Repeat("[a]: https://e.example/d\n", 3*maxDefinitionLines) + "[a]", []string{`target="_blank">a</a>`},
			map[string]int{"[a]": 0}},
		{"a definition across the end of a piece is read as if the paragraph ended there", strings.Repeat("[a]: https://e.example/d\n", maxDefinitionLines-1) + "[b]:\n/b\n[b]", nil,
			map[string]int{"[b]:": 1, "[b]": 2}},
		{"closers that cannot pair become text", strings.Repeat("*a ", 4000) + strings.Repeat("a_ ", 4000), nil,
			map[string]int{"<em>": 0, "*a": 4000, "a_": 4000}},
	}
	r := New()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := r.Render(tt.src)
			if err := checkSafe(out); err != nil {
				t.Fatalf("output breaks the policy: %v", err)
			}
			for _, s := range tt.contains {
				if !strings.Contains(out, s) {
					t.Errorf("output %.300q lacks %q", out, s)
				}
			}
			text := textOf(out)
			for s, want := range tt.counts {
				in := out
				if !strings.HasPrefix(s, "<") {
					in = text
				}
				if got := strings.Count(in, s); got != want {
					t.Errorf("output has %d of %q, want %d", got, s, want)
				}
			}
		})
	}
}

// deepLists returns n lines of 20 nested list items each, 42 bytes a line:
// 38 containers a line that the document's budget counts, past the
// top-level list and its items.
func deepLists(n int) string {
	return strings.Repeat(strings.Repeat("- ", 20)+"a\n", n)
}

// TestBoundsPerBlock shows that a block's budget is its own: a hostile
// paragraph does not cost the next one its links and emphasis.
func TestBoundsPerBlock(t *testing.T) {
	t.Parallel()
	hostile := strings.Repeat("[a](", 4<<10) + "\n\n" + strings.Repeat("*a ", 4<<10) + strings.Repeat("a_ ", 4<<10)
	out := New().Render(hostile + "\n\n*ok* [x](https://e.example)\n")
	if !strings.HasSuffix(out, `<p><em>ok</em> <a href="https://e.example" rel="noopener noreferrer nofollow" target="_blank">x</a></p>`+"\n") {
		t.Errorf("the paragraph after hostile ones renders as %.300q", out[max(0, len(out)-300):])
	}
}

// TestDestinationScan checks the estimate of what goldmark reads for a link
// destination.
func TestDestinationScan(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src   string
		limit int
		want  int
	}{
		{"https://e.example) x", 100, 17},
		{"a(b)c) x", 100, 5},
		{"a\\)b) x", 100, 4},
		{"  a b", 100, 3},
		{"<a b> c", 100, 4},
		{"<a b\nc>", 100, 4},
		{"\n\nab", 100, 4},
		{strings.Repeat("a", 50), 100, 50},
		{strings.Repeat("a", 500), 100, 101},
		{"", 100, 0},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.src), func(t *testing.T) {
			t.Parallel()
			if got := destinationScan([]byte(tt.src), tt.limit); got != tt.want {
				t.Errorf("destinationScan(%q, %d) = %d, want %d", tt.src, tt.limit, got, tt.want)
			}
		})
	}
}

// unbounded returns a Renderer with the policy over goldmark's own parser,
// without the bounds: the reference for Markdown the bounds must not
// change.
func unbounded() *Renderer {
	p := goldmark.DefaultParser()
	p.AddOptions(
		parser.WithInlineParsers(util.Prioritized(extension.NewStrikethroughParser(), extensionPriority)),
		parser.WithASTTransformers(util.Prioritized(htmlStripper{}, stripperPriority)),
	)
	return newRenderer(p)
}

// TestBoundsKeepOrdinaryMarkdown renders ordinary Markdown, every vector,
// and each hostile family at a size within the bounds, with and without
// the bounds: the HTML must be the same.
func TestBoundsKeepOrdinaryMarkdown(t *testing.T) {
	t.Parallel()
	inputs := map[string]string{
		"ordinary 32 KiB":  hostile.Ordinary(32 << 10),
		"dense emphasis":   strings.Repeat("**b** *i* ~~s~~ _u_ a*b*c ", 1000),
		"many links":       strings.Repeat("[x](https://e.example/p) [y][r] <https://e.example> ", 500) + "\n\n[r]: https://e.example/r",
		"nested links":     strings.Repeat("[", 60) + "[x](https://e.example)" + strings.Repeat("]", 60),
		"snake case links": "see foo_bar: " + strings.Repeat("[a_b](https://e.example/p), *[c](https://e.example/q) d* ", 500),
		"quotes and lists": strings.Repeat("> - ", maxNesting/4) + "a\n" + strings.Repeat("  ", maxNesting/4) + "b",
	}
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			inputs[file+"/"+c.Name] = c.Markdown
		}
	}
	for _, f := range hostile.Families() {
		// A kilobyte of each family is within the bounds, except of the
		// nested ones: 64 bytes of those nest 64 containers deep at most.
		size := 1 << 10
		if strings.Contains(f.Name, "nested") {
			size = 64
		}
		inputs[f.Name] = f.Build(size)
	}
	renderAsGoldmark(t, inputs)
}

// renderAsGoldmark renders each input, in a subtest of its name, with and
// without the bounds: the HTML must be the same.
func renderAsGoldmark(t *testing.T, inputs map[string]string) {
	t.Helper()
	bounded, reference := New(), unbounded()
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got, want := bounded.Render(src), reference.Render(src); got != want {
				t.Errorf("bounded and unbounded renders differ\n got: %.300q\nwant: %.300q", got, want)
			}
		})
	}
}

// TestDefinitionsInPieces renders paragraphs longer than a piece of
// definitions, with and without the bounds: the HTML must be the same.
func TestDefinitionsInPieces(t *testing.T) {
	t.Parallel()
	defs := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString("[l" + strconv.Itoa(i) + "]: https://e.example/" + strconv.Itoa(i) + "\n")
		}
		return b.String()
	}
	long := 2*maxDefinitionLines + 100
	renderAsGoldmark(t, map[string]string{
		"all definitions":                defs(long) + "\n[l0] [l600]",
		"definitions, then text":         defs(long) + "text [l1] [l610]\n[l3]: https://e.example/late\n\n[l3]",
		"text after a whole piece":       defs(maxDefinitionLines) + "text [l5]",
		"in a list item, loose or tight": "- a\n\n- " + strings.ReplaceAll(defs(long), "\n", "\n  ") + "b [l7]\n- c",
		"in a quote":                     "> " + strings.ReplaceAll(defs(long), "\n", "\n> ") + "b [l9]",
		"text first":                     "text\n" + defs(long) + "[l1]",
	})
}
