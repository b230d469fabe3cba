package markdown

import (
	"strings"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
)

func TestRenderConcurrent(t *testing.T) {
	t.Parallel()
	r := New()
	var docs []vectorCase
	for _, cases := range loadVectors(t) {
		docs = append(docs, cases...)
	}
	const workers = 8
	var wg sync.WaitGroup
	errs := make(chan string, workers*len(docs))
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, d := range docs {
				if got := r.Render(d.Markdown); got != d.HTML {
					errs <- d.Name + ": " + got
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("concurrent render differs: %s", e)
	}
}

// TestRenderAfterRender renders with a Renderer that has just rendered
// something that leaves state in goldmark's parse context (caches of where
// a closer is missing, link reference definitions, lists, tables): the
// next render must come out as a new Renderer's first render does.
func TestRenderAfterRender(t *testing.T) {
	t.Parallel()
	before := map[string]string{
		"open comment":                 "a <!-- b c d e f g h i j k l m n o p q r s t u v w x y z",
		"open processing instruction":  "a <? b c d e f g h i j k l m n o p q r s t u v w x y z",
		"open declaration":             "a <!X b c d e f g h i j k l m n o p q r s t u v w x y z",
		"open CDATA":                   "a <![CDATA[ b c d e f g h i j k l m n o p q r s t u v w",
		"reference definition":         "[r]: https://e.example/r\n\n[a][r]",
		"list with a thematic break":   "- a\n- b\n\n* * *\n- c",
		"table with escaped pipes":     "| a \\| b | c |\n|---|---|\n| d \\| e | f |",
		"open fence":                   "```go\na",
		"open labels and emphasis":     "[[[*a _b ~~c",
		"setext heading and paragraph": "a\n===\nb\n---",
	}
	after := map[string]string{
		"comment":                "x <!-- y --> z",
		"processing instruction": "x <?y?> z",
		"declaration":            "x <!Y> z",
		"CDATA":                  "x <![CDATA[y]]> z",
		"reference link":         "[a][r] and [r]",
		"list":                   "- a\n\n  b\n- c",
		"table":                  "| a | b |\n|---|---|\n| c | d |",
		"emphasis and link":      "**a** *b* [c](https://e.example/c) ~~d~~",
	}
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			after[file+"/"+c.Name] = c.Markdown
		}
	}
	for bname, b := range before {
		t.Run(bname, func(t *testing.T) {
			t.Parallel()
			r := New()
			for aname, a := range after {
				_ = r.Render(b)
				if got, want := r.Render(a), New().Render(a); got != want {
					t.Errorf("%s after %s:\n got: %q\nwant: %q", aname, bname, got, want)
				}
			}
		})
	}
}

func TestRenderBlocks(t *testing.T) {
	t.Parallel()
	before := "old"
	m := &model.Model{
		Version: 1,
		Title:   "Release",
		Sections: []model.Section{
			{ID: "intro", Blocks: []model.Block{
				{Kind: model.BlockMarkdown, Text: "# Plan\n\n![chart](https://e.example/c.png)"},
				{Kind: model.BlockNotice, Tone: model.ToneInfo, Text: "*not markdown*"},
				{Kind: model.BlockMarkdown, Text: "[docs](https://e.example/docs)"},
			}},
			{ID: "diff", Blocks: []model.Block{
				{Kind: model.BlockDiff, Before: &before, After: "new"},
			}},
			{ID: "tail", Blocks: []model.Block{
				{Kind: model.BlockMarkdown, Text: "<script>x</script>"},
			}},
		},
	}
	r := New()
	got := RenderBlocks(r, m)
	want := map[string]string{
		"/sections/0/blocks/0": "<h1>Plan</h1>\n<p>chart</p>\n",
		"/sections/0/blocks/2": `<p><a href="https://e.example/docs" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>` + "\n",
		"/sections/2/blocks/0": "",
	}
	if len(got) != len(want) {
		t.Fatalf("RenderBlocks gave %d entries, want %d: %q", len(got), len(want), got)
	}
	for k, v := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("no entry for %s", k)
		} else if g != v {
			t.Errorf("%s = %q, want %q", k, g, v)
		}
	}
}

func TestRenderBlocksNilModel(t *testing.T) {
	t.Parallel()
	if got := RenderBlocks(New(), nil); got == nil || len(got) != 0 {
		t.Errorf("RenderBlocks(nil) = %#v, want an empty map", got)
	}
}

func TestAllowedURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dest string
		want bool
	}{
		{"https://example.com", true},
		{"HTTP://example.com", true},
		{"mailto:a@example.com", true},
		{"MailTo:a@example.com", true},
		{"https://", false},
		{"mailto:", false},
		{"javascript:alert(1)", false},
		{" https://example.com", false},
		{"\x00https://example.com", false},
		{"//example.com", false},
		{"/relative", false},
		{"data:text/html,x", false},
		{"https:example.com", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := allowedURL([]byte(tt.dest)); got != tt.want {
			t.Errorf("allowedURL(%q) = %v, want %v", tt.dest, got, tt.want)
		}
	}
}

func TestLanguageName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang string
		want bool
	}{
		{"go", true},
		{"c++", true},
		{"objective-c", true},
		{"", false},
		{"-x", false},
		{"js\"", false},
		{"javascript:x", false},
		{"c&#43;&#43;", false},
		{"中文", false},
		{strings.Repeat("a", 33), false},
	}
	for _, tt := range tests {
		if got := languageName([]byte(tt.lang)); got != tt.want {
			t.Errorf("languageName(%q) = %v, want %v", tt.lang, got, tt.want)
		}
	}
}

// TestCheckSafeRejects proves the policy checker used by the vector and
// fuzz tests can fail: each input breaks the policy in one way.
func TestCheckSafeRejects(t *testing.T) {
	t.Parallel()
	bad := []string{
		`<img src="https://e.example/x.png">`,
		`<p><script>alert(1)</script></p>`,
		`<iframe></iframe>`,
		`<p style="color:red">x</p>`,
		`<a href="javascript:alert(1)">x</a>`,
		`<a href="/relative">x</a>`,
		`<a href="https://e.example" onclick="x()">x</a>`,
		`<a href="https://e.example" rel="opener">x</a>`,
		`<p id="x">x</p>`,
		`<span>x</span>`,
		`<!-- raw HTML omitted -->`,
		`<p>a > b</p>`,
		`<code class="x">y</code>`,
		`<input type="text">`,
		`<p`,
		`<a href="&#106;avascript:alert(1)">x</a>`,
		`<a title=" javascript:x" href="https://e.example">x</a>`,
	}
	for _, h := range bad {
		if err := checkSafe(h); err == nil {
			t.Errorf("checkSafe(%q) found nothing wrong", h)
		}
	}
	if err := checkSafe(`<p><a href="https://e.example" rel="noopener noreferrer nofollow" target="_blank">x &lt;img&gt;</a></p>` + "\n"); err != nil {
		t.Errorf("checkSafe rejected safe output: %v", err)
	}
}
