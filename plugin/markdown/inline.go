package markdown

import (
	"strings"

	"github.com/yuin/goldmark/util"
)

// maxInlineBytes is the longest block the inline path takes: a line of
// prose, which is what most markdown blocks of a task surface are.
const maxInlineBytes = 2048

// maxInlineTokens is the most pieces (text runs, emphasis runs, code
// spans, link ends) the inline path keeps track of; a line with more goes
// to goldmark.
const maxInlineTokens = 64

// inlineKind tells what an inlineToken stands for.
type inlineKind uint8

const (
	// inlineText is plain text, written escaped.
	inlineText inlineKind = iota
	// inlineStars is a run of one or two asterisks: literal text, or an
	// emphasis opener or closer (see inlineToken.role).
	inlineStars
	// inlineCode is the content of a code span.
	inlineCode
	// inlineLinkOpen starts a link whose destination is the token's text.
	inlineLinkOpen
	// inlineLinkClose ends the link.
	inlineLinkClose
)

// Roles of an inlineStars token.
const (
	starsLiteral uint8 = iota
	starsOpen
	starsClose
)

// inlineToken is a piece of an inline block: the kind and the bytes of the
// source it covers.
type inlineToken struct {
	kind       inlineKind
	role       uint8
	start, end int32
}

// inlineLine is the inline path's reading of one block.
type inlineLine struct {
	src    string
	tokens [maxInlineTokens]inlineToken
	n      int
	// openers holds the indexes of the emphasis openers still waiting for
	// a closer, innermost last; -1 marks the start of a link's text, which
	// a closer cannot reach past.
	openers [maxInlineTokens]int
	nopen   int
}

// renderInline renders src exactly as the full renderer does, and reports
// true, when src is one short line that only needs the inline path: plain
// ASCII prose, emphasis with "*" and "**" that pairs without ambiguity,
// code spans of single backticks, and inline links to an allowed
// destination. For anything else it reports false and the caller renders
// src with goldmark: the path never guesses, it declines.
//
// The rules it follows are CommonMark's, for the subset it accepts: a
// paragraph of one line; delimiter runs that are left- or right-flanking
// (never both) and close the nearest opener of the same length; code spans
// binding tighter than emphasis and links; emphasis inside a link's text
// kept to it. Characters that would start something it does not read
// ("_", "~", "<", "&", "\\", "!" before "[", an autolink or linkify
// candidate, a block marker at the start) make it decline.
func renderInline(src string) (string, bool) {
	if len(src) == 0 || len(src) > maxInlineBytes || !inlineStart(src) || src[len(src)-1] == ' ' {
		return "", false
	}
	var l inlineLine
	l.src = src
	if !l.read() {
		return "", false
	}
	return l.write(), true
}

// inlineStart reports whether a line beginning as src does is a paragraph
// whatever follows: it starts with a letter, with digits that do not make
// an ordered list marker, with an asterisk that is neither a bullet nor
// part of a thematic break, with "[" or with a single backtick.
func inlineStart(src string) bool {
	c := src[0]
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		return true
	case '0' <= c && c <= '9':
		i := 0
		for i < len(src) && '0' <= src[i] && src[i] <= '9' {
			i++
		}
		return i == len(src) || (src[i] != '.' && src[i] != ')')
	case c == '*':
		return len(src) > 1 && src[1] != ' ' && strings.Trim(src, "* ") != ""
	case c == '[':
		return true
	case c == '`':
		return len(src) > 1 && src[1] != '`'
	}
	return false
}

// read splits the line into tokens and pairs the emphasis runs, reporting
// false when the line needs goldmark.
func (l *inlineLine) read() bool {
	src := l.src
	text := -1 // start of the pending text run, or -1
	inLink := -1
	flush := func(end int) bool {
		if text < 0 {
			return true
		}
		ok := l.add(inlineText, text, end)
		text = -1
		return ok
	}
	for i := 0; i < len(src); {
		c := src[i]
		if c < 0x20 || c > 0x7e {
			return false
		}
		switch c {
		case '<', '&', '\\', '~', '_', '@':
			return false
		case '!':
			if i+1 < len(src) && src[i+1] == '[' {
				return false
			}
		case ':':
			if linkifyScheme(src[:i]) {
				return false
			}
		case 'w', 'W':
			if len(src)-i >= 4 && strings.EqualFold(src[i:i+4], "www.") {
				return false
			}
		case '`':
			if !flush(i) {
				return false
			}
			end, ok := codeSpanEnd(src, i)
			if !ok || !l.add(inlineCode, i+1, end) {
				return false
			}
			i = end + 1
			continue
		case '*':
			if !flush(i) {
				return false
			}
			end := i
			for end < len(src) && src[end] == '*' {
				end++
			}
			if end-i > 2 || !l.stars(i, end) {
				return false
			}
			i = end
			continue
		case '[':
			if inLink >= 0 || !flush(i) || !l.add(inlineLinkOpen, 0, 0) || l.nopen == maxInlineTokens {
				return false
			}
			inLink = l.n - 1
			l.openers[l.nopen] = -1
			l.nopen++
			i++
			continue
		case ']':
			if inLink < 0 || l.n-1 == inLink && text < 0 || !flush(i) {
				return false
			}
			end, ok := linkDestinationEnd(src, i+1)
			if !ok || !l.add(inlineLinkClose, 0, 0) {
				return false
			}
			l.tokens[inLink].start, l.tokens[inLink].end = int32(i+2), int32(end)
			// Openers left inside the link's text stay text.
			for l.nopen > 0 && l.openers[l.nopen-1] >= 0 {
				l.nopen--
			}
			l.nopen-- // the link's mark
			inLink = -1
			i = end + 1
			continue
		}
		if text < 0 {
			text = i
		}
		i++
	}
	return inLink < 0 && flush(len(src))
}

// add appends a token, reporting false when there is no room.
func (l *inlineLine) add(kind inlineKind, start, end int) bool {
	if l.n == maxInlineTokens {
		return false
	}
	l.tokens[l.n] = inlineToken{kind: kind, start: int32(start), end: int32(end)}
	l.n++
	return true
}

// stars reads the asterisk run src[start:end] (one or two of them): by
// CommonMark's flanking rules it opens, closes or is text. A run that could
// do both, or that closes an opener of another length, needs goldmark.
func (l *inlineLine) stars(start, end int) bool {
	before, after := byte(' '), byte(' ')
	if start > 0 {
		before = l.src[start-1]
	}
	if end < len(l.src) {
		after = l.src[end]
	}
	left := after != ' ' && (!asciiPunct(after) || before == ' ' || asciiPunct(before))
	right := before != ' ' && (!asciiPunct(before) || after == ' ' || asciiPunct(after))
	if !l.add(inlineStars, start, end) {
		return false
	}
	at := l.n - 1
	switch {
	case left && right:
		return false
	case left:
		l.openers[l.nopen] = at
		l.nopen++
	case right:
		if l.nopen == 0 || l.openers[l.nopen-1] < 0 {
			return true // nothing to close: text
		}
		opener := &l.tokens[l.openers[l.nopen-1]]
		if opener.end-opener.start != int32(end-start) {
			return false
		}
		opener.role, l.tokens[at].role = starsOpen, starsClose
		l.nopen--
	}
	return true
}

// codeSpanEnd returns the index of the backtick that closes the code span
// opened at src[open], when the span is one the inline path writes: single
// backticks, printable ASCII content that neither starts nor ends with a
// space and holds no bracket, "<" or "&".
func codeSpanEnd(src string, open int) (int, bool) {
	if open+1 < len(src) && src[open+1] == '`' {
		return 0, false
	}
	n := strings.IndexByte(src[open+1:], '`')
	if n <= 0 {
		return 0, false
	}
	end := open + 1 + n
	if end+1 < len(src) && src[end+1] == '`' {
		return 0, false
	}
	content := src[open+1 : end]
	if content[0] == ' ' || content[len(content)-1] == ' ' {
		return 0, false
	}
	for i := 0; i < len(content); i++ {
		if c := content[i]; c < 0x20 || c > 0x7e || c == '[' || c == ']' || c == '<' || c == '&' {
			return 0, false
		}
	}
	return end, true
}

// linkDestinationEnd returns the index of the ")" that closes the inline
// link destination starting with "(" at src[at], when it is one the inline
// path writes: an allowed URL of plain characters, without a title.
func linkDestinationEnd(src string, at int) (int, bool) {
	if at >= len(src) || src[at] != '(' {
		return 0, false
	}
	n := strings.IndexByte(src[at+1:], ')')
	if n <= 0 {
		return 0, false
	}
	dest := src[at+1 : at+1+n]
	for i := 0; i < len(dest); i++ {
		if !destinationByte(dest[i]) {
			return 0, false
		}
	}
	if !allowedURL([]byte(dest)) {
		return 0, false
	}
	return at + 1 + n, true
}

// destinationByte reports whether c may stand in a destination the inline
// path writes: letters, digits and "-._~:/?#=+,;".
func destinationByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~:/?#=+,;", c) >= 0
}

// linkifyScheme reports whether text ends with a scheme linkify reads
// (http, https or mailto, in any case), so that a colon after it could
// start a link.
func linkifyScheme(text string) bool {
	for _, s := range [...]string{"http", "https", "mailto"} {
		if len(text) >= len(s) && strings.EqualFold(text[len(text)-len(s):], s) {
			return true
		}
	}
	return false
}

// asciiPunct reports whether c is ASCII punctuation as CommonMark counts
// it for flanking.
func asciiPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

// write returns the HTML of the line, as goldmark and the policy write it.
func (l *inlineLine) write() string {
	var b strings.Builder
	b.Grow(len(l.src) + len(l.src)/4 + 16)
	b.WriteString("<p>")
	for _, t := range l.tokens[:l.n] {
		s := l.src[t.start:t.end]
		switch t.kind {
		case inlineText:
			writeEscaped(&b, s)
		case inlineStars:
			switch {
			case t.role == starsLiteral:
				b.WriteString(s)
			case t.role == starsOpen && len(s) == 1:
				b.WriteString("<em>")
			case t.role == starsOpen:
				b.WriteString("<strong>")
			case len(s) == 1:
				b.WriteString("</em>")
			default:
				b.WriteString("</strong>")
			}
		case inlineCode:
			b.WriteString("<code>")
			writeEscaped(&b, s)
			b.WriteString("</code>")
		case inlineLinkOpen:
			b.WriteString(`<a href="`)
			b.Write(util.EscapeHTML(util.URLEscape([]byte(s), true)))
			b.WriteString(`"` + linkAttributes + `>`)
		case inlineLinkClose:
			b.WriteString("</a>")
		}
	}
	b.WriteString("</p>\n")
	return b.String()
}

// writeEscaped writes s with the characters HTML reserves escaped, as
// goldmark escapes text; the inline path has already refused "<" and "&".
func writeEscaped(b *strings.Builder, s string) {
	for {
		i := strings.IndexAny(s, `">`)
		if i < 0 {
			b.WriteString(s)
			return
		}
		b.WriteString(s[:i])
		if s[i] == '"' {
			b.WriteString("&quot;")
		} else {
			b.WriteString("&gt;")
		}
		s = s[i+1:]
	}
}
