// Package hostile holds the families of hostile Markdown the renderer is
// held to: inputs that cost goldmark time growing faster than their size
// (long runs of unclosed link or emphasis openers, deep nesting of quotes
// and lists, long backtick runs, ...), each built to any size, and an
// ordinary document of the same size as their reference. The renderer's
// tests, its fuzz seeds and the benchmarks (make bench) share them.
package hostile

import (
	"strconv"
	"strings"
)

// Family is one kind of hostile Markdown.
type Family struct {
	// Name names the family in tests and benchmarks.
	Name string
	// Build returns about size bytes of it.
	Build func(size int) string
	// Letters says that every "a" of the input is content and must reach
	// the output's text; families whose "a" is a tag or URL leave it false.
	Letters bool
	// Costly says that goldmark alone spends far more on the family than
	// the policy does (at least twice the work at 64 KiB; for most of them
	// its cost grows with the square of the size), because a bound of
	// plugin/markdown acts on it (bounds.go says which). Its work test
	// fails when goldmark stops spending it, so that the bound may go.
	Costly bool
}

// family returns a family goldmark alone renders at about the policy's cost.
func family(name string, build func(int) string, letters bool) Family {
	return Family{Name: name, Build: build, Letters: letters}
}

// costly returns a family marked Costly.
func costly(name string, build func(int) string, letters bool) Family {
	return Family{Name: name, Build: build, Letters: letters, Costly: true}
}

// repeat returns unit repeated to exactly size bytes, or nothing when size
// is not positive.
func repeat(unit string) func(int) string {
	return func(size int) string {
		size = max(size, 0)
		return strings.Repeat(unit, size/len(unit)+1)[:size]
	}
}

// then returns unit repeated to size bytes minus len(tail), then tail.
func then(unit, tail string) func(int) string {
	return func(size int) string { return repeat(unit)(size-len(tail)) + tail }
}

// halves returns size/2 bytes of first, then size/2 bytes of second.
func halves(first, second string) func(int) string {
	return func(size int) string { return repeat(first)(size/2) + repeat(second)(size-size/2) }
}

// lines returns line(i) for i = 0, 1, ... until there are size bytes.
func lines(line func(int) string) func(int) string {
	return func(size int) string {
		var b strings.Builder
		for i := 0; b.Len() < size; i++ {
			b.WriteString(line(i))
		}
		return b.String()
	}
}

// Ordinary is the reference: a realistic document of the given size.
func Ordinary(size int) string {
	return repeat(Document16KiB())(size)
}

// Families lists the hostile families, the ordinary document first as their
// reference. Those marked costly cost goldmark alone far more than they cost
// the policy, whose bounds keep every family linear.
func Families() []Family { return families }

var families = []Family{
	family("ordinary", Ordinary, false),
	// Link and image labels.
	costly("link-openers", repeat("["), true),
	costly("link-openers-text", repeat("[a "), true),
	family("image-openers", repeat("!["), true),
	costly("link-nesting", halves("[a", "]"), true),
	costly("label-with-nodes", labelWithNodes, true),
	costly("link-destinations-open", repeat("[a]("), true),
	costly("link-destinations-angle", repeat("[a](<"), true),
	costly("image-destinations-open", repeat("![a]("), true),
	costly("link-destinations-newline", repeat("[a](\n"), true),
	family("link-titles-open", repeat("[a](b ("), true),
	family("reference-links-undefined", repeat("[a][b] "), true),
	costly("labels-on-many-lines", repeat("[a]\n"), true),
	costly("links-with-unpaired-runs", repeat("[*a](https://e.test) "), true),
	costly("images-with-unpaired-runs", repeat("![*a](u) "), true),
	costly("reference-definitions", lines(func(i int) string { return "[l" + strconv.Itoa(i) + "]: https://e.example/" + strconv.Itoa(i) + "\n" }), false),
	costly("reference-definitions-open", repeat("[a]:\n"), false),
	costly("reference-definitions-short", repeat("[a]:b\n"), false),
	// Emphasis and strikethrough delimiters.
	family("emphasis-openers", repeat("*a "), true),
	family("underscores-spaced", repeat("_ "), false),
	costly("emphasis-crossed", halves("*a ", "a_ "), true),
	costly("strikethrough-crossed", halves("~~a ", "a* "), true),
	costly("emphasis-intraword", repeat("a*a_"), true),
	family("emphasis-rule-of-three", halves("**a ", "a* "), true),
	// Block containers.
	costly("quotes-nested", then("> ", "a"), true),
	costly("lists-nested", then("- ", "a"), true),
	costly("lists-ordered-nested", then("1. ", "a"), true),
	costly("quotes-lists-nested", then("> - ", "a"), true),
	costly("lists-nested-tabs", then("-\t", "a"), true),
	costly("quotes-nested-tabs", then(">\t", "a"), true),
	family("lists-deep-every-line", lines(func(int) string { return strings.Repeat("- ", 20) + "a\n" }), true),
	costly("lists-indented", lines(func(i int) string { return strings.Repeat("  ", i) + "- a\n" }), true),
	family("quotes-lazy", repeat("> a\nb\n"), true),
	// Code, HTML, entities, tables.
	costly("backtick-runs", lines(func(i int) string { return strings.Repeat("`", i+1) + " " }), false),
	costly("backtick-runs-on-lines", lines(func(i int) string { return "a " + strings.Repeat("`", i+1) + "\n" }), true),
	family("code-spans-open", repeat("`a"), true),
	family("angle-brackets", repeat("<"), false),
	family("html-openers", repeat("<a "), false),
	family("html-comments-open", repeat("<!--\n"), false),
	family("autolinks-open", repeat("<http://a "), false),
	family("ampersands", repeat("&"), false),
	family("entities-open", repeat("&#"), false),
	family("pipes", repeat("|"), false),
	family("table-like-lines", repeat("a|b\n"), true),
	family("table-wide", func(size int) string {
		row := strings.Repeat("|a", 100) + "\n"
		head := row + strings.Repeat("|-", 100) + "\n"
		return head + repeat(row)(size-len(head))
	}, true),
	family("setext-headings", repeat("a\n=\n"), true),
	family("fences-open", repeat("```\n"), false),
}

// labelWithNodes opens many labels, fills them with many inline nodes and
// closes them: goldmark looks for a link among all the nodes at each "]".
func labelWithNodes(size int) string {
	labels := min(990, size/8)
	return strings.Repeat("[", labels) + repeat("a*")(size-2*labels) + strings.Repeat("]", labels)
}

// Document16KiB is a realistic mixed document of at least 16 KiB: headings,
// lists, a table, code, links, images and a little raw HTML.
func Document16KiB() string {
	const chunk = `## Release candidate review

The **release** is ready for *review*. See [the plan](https://example.com/plan)
and www.example.com/status, or write to ops@example.com.

- [x] unit tests pass
- [ ] canary healthy for 24h
- rollout order: canary, EU, US

| Region | Error rate | p99 (ms) |
|:-------|-----------:|---------:|
| EU     | 0.02%      | 180      |
| US     | 0.03%      | 210      |

![error chart](https://example.com/chart.png) and <span>inline html</span>.

` + "```go\nfunc main() { fmt.Println(\"hi\") }\n```\n\n"
	var b strings.Builder
	for b.Len() < 16<<10 {
		b.WriteString(chunk)
	}
	return b.String()
}
