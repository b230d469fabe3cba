package model

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/jsontext"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The fast path decodes the input straight into a Model and checks it in
// the same pass, with the rules of the strict decoder, the schema and the
// semantic checks written out for the model's own shape. It only gives a
// verdict: at the first thing it does not accept it gives up, and Parse
// runs the full check (generic decoding, jsonschema, semantics), which
// finds and words every problem. So the problems Parse reports come from
// one place, and the fast path must never accept an input the full check
// rejects, nor build a different model: FuzzFastPath and the conformance
// vectors hold it to the full check's verdict and model, in both
// directions.

// fastParse parses raw (a model, or tool arguments when args is set) on the
// fast path. It returns the model, with its normalised bytes, when the full
// check would return that model without problems; otherwise false.
func fastParse(raw []byte, args bool, limits tasksurface.Limits) (*Model, bool) {
	p := &fastParser{src: string(raw), limits: limits}
	var m *Model
	ok := true
	if args {
		ok = p.arguments(&m)
	} else {
		m, ok = p.model()
	}
	if !ok || m == nil {
		return nil, false
	}
	p.space()
	if p.pos != len(p.src) {
		return nil, false
	}
	b, err := m.appendNormalized(make([]byte, 0, min(len(raw), int(limits.MaxModelBytes))+64))
	if err != nil || len(b) > int(limits.MaxModelBytes) {
		return nil, false
	}
	m.normalized = b
	return m, true
}

// fastParser reads one input. Strings without escapes are slices of src, a
// single copy of the input, so the model never shares the caller's buffer.
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
}

// space skips JSON whitespace.
func (p *fastParser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
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
	key, _, ok = p.str()
	if !ok {
		return "", false, false
	}
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != ':' {
		return "", false, false
	}
	p.pos++
	return key, false, true
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

// text reads a string value of minLen to maxLen code points.
func (p *fastParser) text(minLen, maxLen int) (string, bool) {
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		return "", false
	}
	s, n, ok := p.str()
	return s, ok && n >= minLen && n <= maxLen
}

// id reads an id: a string that matches the id pattern and is not
// reserved.
func (p *fastParser) id() (string, bool) {
	s, ok := p.text(1, 64)
	return s, ok && validID(s) && !slices.Contains(reservedIDs, s)
}

// validID reports whether s matches ^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$.
func validID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case i > 0 && (c == '_' || c == '.' || c == ':' || c == '-'):
		default:
			return false
		}
	}
	return true
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
	if p.pos < len(p.src) && p.src[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos < len(p.src) && p.src[p.pos] == '0':
		p.pos++
	case p.pos < len(p.src) && '1' <= p.src[p.pos] && p.src[p.pos] <= '9':
		p.digits()
	default:
		return "", false
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if p.digits() == 0 {
			return "", false
		}
	}
	expAt := -1
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		expAt = p.pos
		if p.digits() == 0 {
			return "", false
		}
	}
	lit := p.src[start:p.pos]
	if expAt >= 0 {
		expAt -= start
	}
	return lit, strictjson.NumberInRange(lit, expAt)
}

func (p *fastParser) digits() int {
	n := 0
	for p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
		p.pos++
		n++
	}
	return n
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

// arguments reads {"model": ...}.
func (p *fastParser) arguments(m **Model) bool {
	if !p.open('{') {
		return false
	}
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok || (!done && (key != "model" || *m != nil)) {
			return false
		}
		if done {
			return *m != nil
		}
		if *m, ok = p.model(); !ok {
			return false
		}
	}
}

// Bits of the keys seen in an object, to refuse a repeated key and find a
// missing one.
const (
	keyVersion = 1 << iota
	keyTitle
	keyDescription
	keySections
	keyFields
	keySubmit
	keyID
	keyLayout
	keyBlocks
	keyKind
	keyColumns
	keyLabel
	keyText
	keyItems
	keyRows
	keyPath
	keyBefore
	keyAfter
	keyLanguage
	keyTone
	keyMultiline
	keyRequired
	keyOptions
	keyInitial
	keyValue
	keyDetail
)

// seen records key bit k in *set and reports whether it was new.
func seen(set *uint32, k uint32) bool {
	if *set&k != 0 {
		return false
	}
	*set |= k
	return true
}

// model reads a TaskSurfaceModelV1 object.
func (p *fastParser) model() (*Model, bool) {
	if !p.open('{') {
		return nil, false
	}
	m := &Model{Version: Version, Sections: []Section{}, Fields: []Field{}}
	var keys uint32
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return nil, false
		}
		if done {
			break
		}
		switch key {
		case "version":
			ok = seen(&keys, keyVersion)
			if ok {
				var lit string
				lit, ok = p.number()
				ok = ok && numberIs(lit, Version)
			}
		case "title":
			ok = seen(&keys, keyTitle)
			m.Title, ok = p.textIf(ok, 1, 200)
		case "description":
			ok = seen(&keys, keyDescription)
			m.Description, ok = p.textIf(ok, 0, 2000)
		case "sections":
			ok = seen(&keys, keySections) && p.sections(m)
		case "fields":
			ok = seen(&keys, keyFields) && p.fields(m)
		case "submit":
			ok = seen(&keys, keySubmit) && p.submit(m)
		default:
			ok = false
		}
		if !ok {
			return nil, false
		}
	}
	const required = keyVersion | keyTitle | keySections | keySubmit
	return m, keys&required == required && p.blocks <= int(p.limits.MaxBlocks) && len(m.Fields) <= int(p.limits.MaxFields)
}

// textIf reads a string value like text when ok, the result of the key's
// check.
func (p *fastParser) textIf(ok bool, minLen, maxLen int) (string, bool) {
	if !ok {
		return "", false
	}
	return p.text(minLen, maxLen)
}

// scopeID adds a section or field id to the shared scope.
func (p *fastParser) scopeID(id string) bool {
	if slices.Contains(p.ids, id) {
		return false
	}
	p.ids = append(p.ids, id)
	return true
}

func (p *fastParser) submit(m *Model) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			return keys&keyLabel != 0
		}
		if key != "label" || !seen(&keys, keyLabel) {
			return false
		}
		if m.Submit.Label, ok = p.text(1, 80); !ok {
			return false
		}
	}
}

// maxSections is the schema's cap on sections.
const maxSections = 64

func (p *fastParser) sections(m *Model) bool {
	if !p.open('[') {
		return false
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return false
		}
		if done {
			return true
		}
		if len(m.Sections) == maxSections {
			return false
		}
		m.Sections = append(m.Sections, Section{Layout: Layout{Kind: LayoutStack}, Blocks: []Block{}})
		if !p.section(&m.Sections[len(m.Sections)-1]) {
			return false
		}
	}
}

func (p *fastParser) section(s *Section) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			break
		}
		switch key {
		case "id":
			if ok = seen(&keys, keyID); ok {
				s.ID, ok = p.id()
				ok = ok && p.scopeID(s.ID)
			}
		case "title":
			ok = seen(&keys, keyTitle)
			s.Title, ok = p.textIf(ok, 0, 200)
		case "layout":
			ok = seen(&keys, keyLayout) && p.layout(&s.Layout)
		case "blocks":
			ok = seen(&keys, keyBlocks) && p.sectionBlocks(s)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return keys&(keyID|keyBlocks) == keyID|keyBlocks
}

func (p *fastParser) layout(l *Layout) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	columns := ""
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			break
		}
		switch key {
		case "kind":
			ok = seen(&keys, keyKind)
			l.Kind, ok = p.textIf(ok, 0, maxKindLength)
		case "columns":
			if ok = seen(&keys, keyColumns); ok {
				columns, ok = p.number()
			}
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	switch {
	case keys&keyKind == 0:
		return false
	case l.Kind == LayoutStack:
		return keys&keyColumns == 0
	case l.Kind == LayoutGrid:
		if keys&keyColumns == 0 || !numberIs(columns, 2) && !numberIs(columns, 3) {
			return false
		}
		l.Columns = integer(json.Number(columns))
		return true
	}
	return false
}

// maxKindLength bounds the kinds read before they are compared; no kind is
// longer.
const maxKindLength = 16

func (p *fastParser) sectionBlocks(s *Section) bool {
	if !p.open('[') {
		return false
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return false
		}
		if done {
			return len(s.Blocks) > 0
		}
		p.blocks++
		if p.blocks > int(p.limits.MaxBlocks) {
			return false
		}
		s.Blocks = append(s.Blocks, Block{})
		if !p.block(&s.Blocks[len(s.Blocks)-1]) {
			return false
		}
	}
}

// block reads any kind of block: every key is read with the one type it
// has in each kind that defines it, and the kind then decides which keys
// may be present and which lengths hold.
func (p *fastParser) block(b *Block) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	var textLen, beforeLen, afterLen int
	rowsChecked := false
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			break
		}
		switch key {
		case "kind":
			ok = seen(&keys, keyKind)
			b.Kind, ok = p.textIf(ok, 0, maxKindLength)
		case "text":
			if ok = seen(&keys, keyText) && p.at('"'); ok {
				b.Text, textLen, ok = p.str()
			}
		case "items":
			ok = seen(&keys, keyItems) && p.metrics(b)
		case "columns":
			ok = seen(&keys, keyColumns) && p.columns(b)
		case "rows":
			// With the columns read first (as usual), each row key is
			// checked as it is read; otherwise table checks them.
			rowsChecked = keys&keyColumns != 0 && len(b.Columns) > 0
			ok = seen(&keys, keyRows) && p.rows(b, rowsChecked)
		case "path":
			ok = seen(&keys, keyPath)
			b.Path, ok = p.textIf(ok, 0, 1024)
		case "before":
			if ok = seen(&keys, keyBefore); ok {
				p.space()
				if p.literal("null") {
					break
				}
				var before string
				if ok = p.at('"'); ok {
					before, beforeLen, ok = p.str()
					b.Before = &before
				}
			}
		case "after":
			if ok = seen(&keys, keyAfter) && p.at('"'); ok {
				b.After, afterLen, ok = p.str()
			}
		case "language":
			ok = seen(&keys, keyLanguage)
			b.Language, ok = p.textIf(ok, 0, 32)
		case "tone":
			ok = seen(&keys, keyTone)
			b.Tone, ok = p.textIf(ok, 0, maxKindLength)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	has := func(allowed, required uint32) bool {
		return keys&^allowed == 0 && keys&required == required
	}
	switch b.Kind {
	case BlockMarkdown:
		return has(keyKind|keyText, keyKind|keyText) && textLen >= 1 && textLen <= 32768
	case BlockMetrics:
		return has(keyKind|keyItems, keyKind|keyItems) && len(b.Items) >= 1 && len(b.Items) <= 16
	case BlockTable:
		return has(keyKind|keyColumns|keyRows, keyKind|keyColumns|keyRows) && tableIDs(b, rowsChecked)
	case BlockDiff:
		return has(keyKind|keyPath|keyBefore|keyAfter|keyLanguage, keyKind|keyBefore|keyAfter) &&
			beforeLen <= 32768 && afterLen <= 32768
	case BlockNotice:
		return has(keyKind|keyTone|keyText, keyKind|keyTone|keyText) && textLen >= 1 && textLen <= 2000 &&
			(b.Tone == ToneNeutral || b.Tone == ToneInfo || b.Tone == ToneWarning)
	}
	return false
}

// at reports whether the next value starts with c.
func (p *fastParser) at(c byte) bool {
	p.space()
	return p.pos < len(p.src) && p.src[p.pos] == c
}

func (p *fastParser) metrics(b *Block) bool {
	if !p.open('[') {
		return false
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return false
		}
		if done {
			return true
		}
		if len(b.Items) == 16 {
			return false
		}
		b.Items = append(b.Items, Metric{})
		if !p.metric(&b.Items[len(b.Items)-1]) {
			return false
		}
	}
}

func (p *fastParser) metric(it *Metric) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			return keys&(keyLabel|keyValue) == keyLabel|keyValue
		}
		switch key {
		case "label":
			ok = seen(&keys, keyLabel)
			it.Label, ok = p.textIf(ok, 1, 200)
		case "value":
			ok = seen(&keys, keyValue)
			it.Value, ok = p.textIf(ok, 0, 200)
		case "detail":
			ok = seen(&keys, keyDetail)
			it.Detail, ok = p.textIf(ok, 0, 1000)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

func (p *fastParser) columns(b *Block) bool {
	if !p.open('[') {
		return false
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return false
		}
		if done {
			return len(b.Columns) >= 1
		}
		if len(b.Columns) == 16 {
			return false
		}
		b.Columns = append(b.Columns, Column{})
		if !p.column(&b.Columns[len(b.Columns)-1]) {
			return false
		}
	}
}

func (p *fastParser) column(c *Column) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			return keys&(keyID|keyLabel) == keyID|keyLabel
		}
		switch key {
		case "id":
			ok = seen(&keys, keyID)
			c.ID, ok = p.idIf(ok)
		case "label":
			ok = seen(&keys, keyLabel)
			c.Label, ok = p.textIf(ok, 1, 200)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

// idIf reads an id when ok.
func (p *fastParser) idIf(ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	return p.id()
}

// rows reads a table's rows. With checkKeys, b.Columns are read and every
// row key must be one of their ids.
func (p *fastParser) rows(b *Block, checkKeys bool) bool {
	if !p.open('[') {
		return false
	}
	var columns []Column
	if checkKeys {
		columns = b.Columns
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return false
		}
		if done {
			return true
		}
		if len(b.Rows) == int(p.limits.MaxTableRows) {
			return false
		}
		row, ok := p.row(len(b.Columns), columns)
		if !ok {
			return false
		}
		b.Rows = append(b.Rows, row)
	}
}

// row reads one table row. Its keys must be ids of columns, when given.
func (p *fastParser) row(sizeHint int, columns []Column) (Row, bool) {
	if !p.open('{') {
		return nil, false
	}
	row := make(Row, sizeHint)
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return nil, false
		}
		if done {
			return row, true
		}
		if _, dup := row[key]; dup || columns != nil && !hasColumn(columns, key) {
			return nil, false
		}
		p.space()
		if p.pos >= len(p.src) {
			return nil, false
		}
		switch c := p.src[p.pos]; {
		case c == '"':
			s, n, ok := p.str()
			if !ok || n > 2000 {
				return nil, false
			}
			row[key] = s
		case c == '-' || '0' <= c && c <= '9':
			lit, ok := p.number()
			if !ok {
				return nil, false
			}
			row[key] = json.Number(lit)
		case p.literal("true"):
			row[key] = true
		case p.literal("false"):
			row[key] = false
		case p.literal("null"):
			row[key] = nil
		default:
			return nil, false
		}
	}
}

// hasColumn reports whether id is the id of one of columns.
func hasColumn(columns []Column, id string) bool {
	for i := range columns {
		if columns[i].ID == id {
			return true
		}
	}
	return false
}

// tableIDs checks what a table's columns and rows say together: unique
// column ids, and row keys that are column ids (unless rowsChecked).
func tableIDs(b *Block, rowsChecked bool) bool {
	for i, c := range b.Columns {
		if hasColumn(b.Columns[:i], c.ID) {
			return false
		}
	}
	if rowsChecked {
		return true
	}
	for _, r := range b.Rows {
		for key := range r {
			if !hasColumn(b.Columns, key) {
				return false
			}
		}
	}
	return true
}

func (p *fastParser) fields(m *Model) bool {
	if !p.open('[') {
		return false
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return false
		}
		if done {
			return true
		}
		if len(m.Fields) == int(p.limits.MaxFields) {
			return false
		}
		m.Fields = append(m.Fields, Field{})
		if !p.field(&m.Fields[len(m.Fields)-1]) {
			return false
		}
	}
}

// field reads any kind of field, like block.
func (p *fastParser) field(f *Field) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	initialLen := 0
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			break
		}
		switch key {
		case "kind":
			ok = seen(&keys, keyKind)
			f.Kind, ok = p.textIf(ok, 0, maxKindLength)
		case "id":
			if ok = seen(&keys, keyID); ok {
				f.ID, ok = p.id()
				ok = ok && p.scopeID(f.ID)
			}
		case "label":
			ok = seen(&keys, keyLabel)
			f.Label, ok = p.textIf(ok, 1, 200)
		case "multiline":
			ok = seen(&keys, keyMultiline)
			f.Multiline, ok = p.booleanIf(ok)
		case "required":
			ok = seen(&keys, keyRequired)
			f.Required, ok = p.booleanIf(ok)
		case "options":
			ok = seen(&keys, keyOptions) && p.options(f)
		case "initial":
			if ok = seen(&keys, keyInitial); ok {
				f.Initial, initialLen, ok = p.initial()
			}
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	has := func(allowed, required uint32) bool {
		return keys&^allowed == 0 && keys&required == required
	}
	const common = keyKind | keyID | keyLabel
	switch f.Kind {
	case FieldText:
		if !has(common|keyMultiline|keyRequired|keyInitial, common) {
			return false
		}
		if f.Initial == nil {
			return true
		}
		_, isString := f.Initial.(string)
		return isString && initialLen <= 4000
	case FieldToggle:
		if !has(common|keyInitial, common) {
			return false
		}
		_, isBool := f.Initial.(bool)
		return f.Initial == nil || isBool
	case FieldChoice:
		if !has(common|keyOptions|keyInitial, common|keyOptions) {
			return false
		}
		if f.Initial == nil {
			return true
		}
		s, isString := f.Initial.(string)
		return isString && f.hasOption(s)
	case FieldMultiChoice, FieldOrder:
		if !has(common|keyOptions|keyInitial, common|keyOptions) {
			return false
		}
		if f.Initial == nil {
			return true
		}
		ids, isList := f.Initial.([]string)
		if !isList {
			return false
		}
		for i, id := range ids {
			if !f.hasOption(id) || slices.Contains(ids[:i], id) {
				return false
			}
		}
		return f.Kind == FieldMultiChoice || len(ids) == len(f.Options)
	}
	return false
}

// hasOption reports whether id is one of the field's option ids.
func (f *Field) hasOption(id string) bool {
	return slices.ContainsFunc(f.Options, func(o Option) bool { return o.ID == id })
}

// booleanIf reads true or false when ok.
func (p *fastParser) booleanIf(ok bool) (bool, bool) {
	if !ok {
		return false, false
	}
	return p.boolean()
}

func (p *fastParser) options(f *Field) bool {
	if !p.open('[') {
		return false
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return false
		}
		if done {
			return len(f.Options) >= 1
		}
		if len(f.Options) == 50 {
			return false
		}
		f.Options = append(f.Options, Option{})
		o := &f.Options[len(f.Options)-1]
		if !p.option(o) || slices.ContainsFunc(f.Options[:len(f.Options)-1], func(x Option) bool { return x.ID == o.ID }) {
			return false
		}
	}
}

func (p *fastParser) option(o *Option) bool {
	if !p.open('{') {
		return false
	}
	var keys uint32
	for first := true; ; first = false {
		key, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			return keys&(keyID|keyLabel) == keyID|keyLabel
		}
		switch key {
		case "id":
			ok = seen(&keys, keyID)
			o.ID, ok = p.idIf(ok)
		case "label":
			ok = seen(&keys, keyLabel)
			o.Label, ok = p.textIf(ok, 1, 200)
		case "detail":
			ok = seen(&keys, keyDetail)
			o.Detail, ok = p.textIf(ok, 0, 1000)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

// initial reads an initial value of any field kind: a string (with its
// length in code points), a boolean, or an array of strings.
func (p *fastParser) initial() (v any, n int, ok bool) {
	p.space()
	if p.pos >= len(p.src) {
		return nil, 0, false
	}
	switch c := p.src[p.pos]; {
	case c == '"':
		s, n, ok := p.str()
		return s, n, ok
	case c == '[':
		p.pos++
		ids := []string{}
		for first := true; ; first = false {
			done, ok := p.next(first)
			if !ok {
				return nil, 0, false
			}
			if done {
				return ids, 0, true
			}
			if !p.at('"') {
				return nil, 0, false
			}
			s, _, ok := p.str()
			if !ok {
				return nil, 0, false
			}
			ids = append(ids, s)
		}
	}
	b, ok := p.boolean()
	return b, 0, ok
}
