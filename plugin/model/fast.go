package model

import (
	"math/big"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/dsh-community/task-surface/plugin/internal/jsontext"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The fast path decodes the input straight into a Model and checks it in
// the same pass, with the rules of the strict decoder, the schema and the
// semantic checks written out for the model's own shape. It only gives a
// verdict: at the first thing it does not accept it gives up, and Parse
// runs the full check (generic decoding, the schema, semantics), which
// finds and words every problem. So the problems Parse reports come from
// one place, and the fast path must never accept an input the full check
// rejects, nor build a different model: FuzzFastPath and the conformance
// vectors hold it to the full check's verdict and model, in both
// directions.

// fastParse parses raw (a model, or tool arguments when args is set) on the
// fast path. It returns the model, with its normalised bytes written at the
// end of dst (see AppendArguments), when the full check would return that
// model without problems; otherwise false.
func fastParse(dst, raw []byte, args bool, limits tasksurface.Limits) (*Model, []byte, bool) {
	// The input is read in place: the caller hands raw over (see Parse),
	// so no copy of it is made.
	p := parsers.Get().(*fastParser)
	p.src, p.limits = unsafe.String(unsafe.SliceData(raw), len(raw)), limits
	// Once the model is dropped, or built with its own copies of what the
	// parser kept (its fields, its rows moved into the normalised bytes),
	// the next parse reuses the parser.
	defer p.release()
	var m *Model
	ok := true
	if args {
		ok = p.arguments(&m)
	} else {
		m, ok = p.model()
	}
	if !ok || m == nil {
		return nil, dst, false
	}
	p.space()
	if p.pos != len(p.src) {
		return nil, dst, false
	}
	out, err := m.appendNormalized(normalizedBuffer(dst, len(raw), limits), true)
	if err != nil || len(out)-len(dst) > int(limits.MaxModelBytes) {
		return nil, dst, false
	}
	m.normalized = out[len(dst):len(out):len(out)]
	return m, out, true
}

// maxKeptRows bounds the row buffer a released parser keeps: that of the
// largest models within the default limits.
const maxKeptRows = 256 << 10

// parsers holds fast parsers between parses, with their scratch space.
var parsers = sync.Pool{New: func() any { return new(fastParser) }}

// release empties the parser, keeping its scratch space but no reference
// into the input or the model, and gives it back for the next parse.
// The caller must have dropped the model or moved its rows into the
// normalised bytes (appendNormalized with moveRows).
func (p *fastParser) release() {
	rows := p.rowBuf[:0]
	if cap(rows) > maxKeptRows {
		rows = nil
	}
	clear(p.ids)
	st := p.stack // each readList leaves its stack empty and cleared
	*p = fastParser{buf: p.buf[:0], ids: p.ids[:0], cellBuf: p.cellBuf[:0], rowBuf: rows, stack: st}
	parsers.Put(p)
}

// fastParser reads one input. Strings without escapes are slices of src,
// the input itself, which the model then shares.
type fastParser struct {
	src    string
	pos    int
	limits tasksurface.Limits
	// buf holds the text of a string with escapes while it is decoded.
	buf []byte
	// ids are the section and field ids seen so far (one scope).
	ids []string
	// blocks counts the blocks of all sections.
	blocks int
	// rowBuf holds the normalised rows of every table (see row) until
	// they are moved into the normalised bytes, after which the next parse
	// with this parser reuses it; cells and cellBuf are the row being read.
	rowBuf  []byte
	cells   [maxRowCells]rowCell
	cellBuf []byte
	// stack holds the items of the lists being read (see readList).
	stack stacks
}

// stacks are the parser's scratch lists, one for each kind of item read
// with readList: the model gets a copy of each list at its exact length
// (a Field or a Block is large, and doubling a list of them from one cost
// more than the copy).
type stacks struct {
	fields   []Field
	sections []Section
	blocks   []Block
	metrics  []Metric
	columns  []Column
	options  []Option
}

// space skips JSON whitespace.
func (p *fastParser) space() {
	p.pos = strictjson.SkipSpace(p.src, p.pos)
}

// open consumes the opening byte of an object or array.
func (p *fastParser) open(c byte) bool {
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

// key reads the next key of an object whose '{' has been consumed, and the
// ':' after it. first tells whether it would be the first member. done
// reports the end of the object.
func (p *fastParser) key(first bool) (key string, done, ok bool) {
	p.space()
	if p.pos >= len(p.src) {
		return "", false, false
	}
	switch c := p.src[p.pos]; {
	case c == '}':
		p.pos++
		return "", true, true
	case !first && c == ',':
		p.pos++
		p.space()
	case !first:
		return "", false, false
	}
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		return "", false, false
	}
	if key, ok = p.plainKey(); !ok {
		if key, _, ok = p.str(); !ok {
			return "", false, false
		}
	}
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != ':' {
		return "", false, false
	}
	p.pos++
	return key, false, true
}

// plainKey reads a key without escapes at p.pos (its opening quote) as it
// is written, found by its closing quote; false, with p.pos unchanged, for
// a key with an escape, which str decodes. It does not check the key's
// characters: every key is then compared with the names of a shape or with
// column ids, which are plain identifiers, so a key with a character str
// would refuse matches none of them and the fast path gives up as before.
func (p *fastParser) plainKey() (string, bool) {
	rest := p.src[p.pos+1:]
	q := strings.IndexByte(rest, '"')
	if q < 0 || strings.IndexByte(rest[:q], '\\') >= 0 {
		return "", false
	}
	p.pos += q + 2
	return rest[:q], true
}

// next moves to the next item of an array whose '[' has been consumed.
// done reports the end of the array.
func (p *fastParser) next(first bool) (done, ok bool) {
	p.space()
	if p.pos >= len(p.src) {
		return false, false
	}
	switch c := p.src[p.pos]; {
	case c == ']':
		p.pos++
		return true, true
	case !first && c == ',':
		p.pos++
	case !first:
		return false, false
	}
	return false, true
}

// str reads a string at p.pos and returns its text and its length in code
// points. It refuses what the strict decoder refuses (unescaped control
// characters, bad escapes, invalid UTF-8, lone surrogates) and every
// character CheckText forbids, which no string of a valid model holds.
func (p *fastParser) str() (s string, n int, ok bool) {
	p.pos++ // the opening quote
	start := p.pos
	escaped := false
	for p.pos < len(p.src) {
		run := jsontext.PlainRun(p.src[p.pos:])
		p.pos += run
		n += run
		if p.pos == len(p.src) {
			break
		}
		switch c := p.src[p.pos]; {
		case c == '"':
			if escaped {
				p.buf = append(p.buf, p.src[start:p.pos]...)
				s = string(p.buf)
			} else {
				s = p.src[start:p.pos]
			}
			p.pos++
			return s, n, true
		case c == '\\':
			if !escaped {
				escaped = true
				p.buf = p.buf[:0]
			}
			p.buf = append(p.buf, p.src[start:p.pos]...)
			r, ok := p.escape()
			if !ok {
				return "", 0, false
			}
			p.buf = utf8.AppendRune(p.buf, r)
			n++
			start = p.pos
		case c < utf8.RuneSelf:
			// A control character, raw (a syntax error) or DEL.
			return "", 0, false
		default:
			r, size := utf8.DecodeRuneInString(p.src[p.pos:])
			if r == utf8.RuneError && size == 1 || forbiddenName(r) != "" {
				return "", 0, false
			}
			p.pos += size
			n++
		}
	}
	return "", 0, false
}

// escape reads one escape after a backslash and returns its character,
// refusing what str refuses.
func (p *fastParser) escape() (rune, bool) {
	if p.pos+1 >= len(p.src) {
		return 0, false
	}
	e := p.src[p.pos+1]
	p.pos += 2
	switch e {
	case '"', '\\', '/':
		return rune(e), true
	case 'n':
		return '\n', true
	case 't':
		return '\t', true
	case 'u':
		r, ok := p.hex4()
		if !ok {
			return 0, false
		}
		if utf16.IsSurrogate(r) {
			if r >= 0xdc00 || p.pos+1 >= len(p.src) || p.src[p.pos] != '\\' || p.src[p.pos+1] != 'u' {
				return 0, false
			}
			p.pos += 2
			r2, ok := p.hex4()
			if !ok {
				return 0, false
			}
			if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
				return 0, false
			}
		}
		if forbiddenName(r) != "" {
			return 0, false
		}
		return r, true
	}
	// \b, \f and \r decode to forbidden characters; others are invalid.
	return 0, false
}

// hex4 reads four hexadecimal digits.
func (p *fastParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.src) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(p.src[p.pos : p.pos+4]) {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	p.pos += 4
	return r, true
}

// boolean reads true or false.
func (p *fastParser) boolean() (bool, bool) {
	p.space()
	switch {
	case p.literal("true"):
		return true, true
	case p.literal("false"):
		return false, true
	}
	return false, false
}

func (p *fastParser) literal(word string) bool {
	if len(p.src)-p.pos >= len(word) && p.src[p.pos:p.pos+len(word)] == word {
		p.pos += len(word)
		return true
	}
	return false
}

// number reads a number literal the strict decoder keeps: valid syntax,
// within maxNumberLength characters, maxExponent and float64's range.
func (p *fastParser) number() (string, bool) {
	p.space()
	start := p.pos
	end, ok := numberAt(p.src, p.pos)
	p.pos = end
	return p.src[start:end], ok
}

// numberAt scans the number literal at pos in src, as number reads it, and
// returns where it ends and whether the strict decoder keeps it.
func numberAt(src string, pos int) (end int, ok bool) {
	end, expAt, _, ok := strictjson.ScanNumber(src, pos)
	return end, ok && strictjson.NumberInRange(src[pos:end], expAt)
}

// numberIs reports whether a number literal equals n exactly, as the
// schema's const and enum compare numbers.
func numberIs(lit string, n int64) bool {
	if lit == strconv.FormatInt(n, 10) {
		return true
	}
	r, ok := new(big.Rat).SetString(lit)
	return ok && r.Cmp(big.NewRat(n, 1)) == 0
}
