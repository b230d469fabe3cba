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
// reference. Those marked superlinear cost goldmark v1.8.7 time that grows
// with the square of their size; the renderer's bounds make them linear.
func Families() []Family { return families }

var families = []Family{
	{"ordinary", Ordinary, false},
	// Link and image labels.
	{"link-openers", repeat("["), true},
	{"link-openers-text", repeat("[a "), true},
	{"image-openers", repeat("!["), true},
	{"link-nesting", halves("[a", "]"), true},          // superlinear
	{"label-with-nodes", labelWithNodes, true},         // superlinear
	{"link-destinations-open", repeat("[a]("), true},   // superlinear
	{"link-destinations-angle", repeat("[a](<"), true}, // superlinear
	{"image-destinations-open", repeat("![a]("), true}, // superlinear
	{"link-destinations-newline", repeat("[a](\n"), true},
	{"link-titles-open", repeat("[a](b ("), true},
	{"reference-links-undefined", repeat("[a][b] "), true},
	{"labels-on-many-lines", repeat("[a]\n"), true},
	{"links-with-unpaired-runs", repeat("[*a](https://e.test) "), true},
	{"images-with-unpaired-runs", repeat("![*a](u) "), true},
	{"reference-definitions", lines(func(i int) string { return "[l" + strconv.Itoa(i) + "]: https://e.example/" + strconv.Itoa(i) + "\n" }), false},
	{"reference-definitions-open", repeat("[a]:\n"), false},
	{"reference-definitions-short", repeat("[a]:b\n"), false},
	// Emphasis and strikethrough delimiters.
	{"emphasis-openers", repeat("*a "), true},
	{"underscores-spaced", repeat("_ "), false},
	{"emphasis-crossed", halves("*a ", "a_ "), true},       // superlinear
	{"strikethrough-crossed", halves("~~a ", "a* "), true}, // superlinear
	{"emphasis-intraword", repeat("a*a_"), true},           // superlinear
	{"emphasis-rule-of-three", halves("**a ", "a* "), true},
	// Block containers.
	{"quotes-nested", then("> ", "a"), true},         // superlinear
	{"lists-nested", then("- ", "a"), true},          // superlinear
	{"lists-ordered-nested", then("1. ", "a"), true}, // superlinear
	{"quotes-lists-nested", then("> - ", "a"), true}, // superlinear
	{"lists-nested-tabs", then("-\t", "a"), true},    // superlinear
	{"quotes-nested-tabs", then(">\t", "a"), true},   // superlinear
	{"lists-deep-every-line", lines(func(int) string { return strings.Repeat("- ", 20) + "a\n" }), true},
	{"lists-indented", lines(func(i int) string { return strings.Repeat("  ", i) + "- a\n" }), true},
	{"quotes-lazy", repeat("> a\nb\n"), true},
	// Code, HTML, entities, tables.
	{"backtick-runs", lines(func(i int) string { return strings.Repeat("`", i+1) + " " }), false},
	{"backtick-runs-on-lines", lines(func(i int) string { return "a " + strings.Repeat("`", i+1) + "\n" }), true},
	{"code-spans-open", repeat("`a"), true},
	{"angle-brackets", repeat("<"), false},
	{"html-openers", repeat("<a "), false},
	{"html-comments-open", repeat("<!--\n"), false},
	{"autolinks-open", repeat("<http://a "), false},
	{"ampersands", repeat("&"), false},
	{"entities-open", repeat("&#"), false},
	{"pipes", repeat("|"), false},
	{"table-like-lines", repeat("a|b\n"), true},
	{"table-wide", func(size int) string {
		row := strings.Repeat("|a", 100) + "\n"
		head := row + strings.Repeat("|-", 100) + "\n"
		return head + repeat(row)(size-len(head))
	}, true},
	{"setext-headings", repeat("a\n=\n"), true},
	{"fences-open", repeat("```\n"), false},
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
