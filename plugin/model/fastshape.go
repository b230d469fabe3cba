package model

import (
	"encoding/json"
	"math/big"
	"slices"
	"unicode/utf8"
)

// The fast path reads every object by its shape in the rules table
// (rules.go): object finds each key among the shape's keys and refuses an
// unknown or repeated one, and the shape (or, for a block, field or
// layout, the arm its kind selects) then decides whether the keys read
// are the required ones and whether each string and array is within its
// bounds.

// maxKeys is the most keys one shape, or all the arms of one union
// together, may have: one bit each in seenKeys.set.
const maxKeys = 32

// seenKeys records the keys of one object read so far, by their index in
// the shape's keys, with the size of each value: code points of a string,
// items of an array.
type seenKeys struct {
	set uint32
	// sizes are int32, not int: a seenKeys sits in the frame of every
	// reader of an object, nested as deep as the model, and the input is
	// far shorter than 2 GiB.
	sizes [maxKeys]int32
}

// has reports whether the key at index i was read.
func (s *seenKeys) has(i int) bool {
	return s.set&(1<<i) != 0
}

// object reads an object whose keys are keys into seen. For each member
// it calls member with the key, which reads the value and returns its
// size. It refuses a key that is not in keys or that repeats. (seen is the
// caller's, not a result: returned, it would be copied at every level.)
func (p *fastParser) object(keys []key, seen *seenKeys, member func(k *key) (size int, ok bool)) bool {
	if !p.open('{') {
		return false
	}
	for first := true; ; first = false {
		name, done, ok := p.key(first)
		if !ok {
			return false
		}
		if done {
			return true
		}
		i := 0
		for i < len(keys) && keys[i].name != name {
			i++
		}
		if i == len(keys) || seen.has(i) {
			return false
		}
		seen.set |= 1 << i
		n, ok := member(&keys[i])
		if !ok {
			return false
		}
		seen.sizes[i] = int32(n)
	}
}

// array reads an array of at most max items, calling item for each.
func (p *fastParser) array(max int, item func() bool) (n int, ok bool) {
	if !p.open('[') {
		return 0, false
	}
	for first := true; ; first = false {
		done, ok := p.next(first)
		if !ok {
			return 0, false
		}
		if done {
			return n, true
		}
		if n == max {
			return 0, false
		}
		n++
		if !item() {
			return 0, false
		}
	}
}

// accepts reports whether the keys seen are all the required keys of s
// and each value is within its bounds.
func (s *shape) accepts(seen *seenKeys) bool {
	for i := range s.keys {
		k := &s.keys[i]
		if !seen.has(i) {
			if k.required {
				return false
			}
			continue
		}
		if k.bounded() && !k.size.holds(int(seen.sizes[i])) {
			return false
		}
	}
	return true
}

// bounded reports whether the size of k's value is checked: a string's or
// an array's.
func (k *key) bounded() bool {
	switch k.typ {
	case typeString, typeStringOrNull, typeID, typeArray, typeCells:
		return true
	}
	return false
}

// anyArm is a union read before its kind is known: all the keys of all its
// arms, each with the rule of the first arm that has it but without bounds
// (the arm checks those), and for each arm where its keys are among them.
type anyArm struct {
	keys []key
	arms []armKeys
}

// armKeys places an arm's keys among the keys of its anyArm.
type armKeys struct {
	arm *arm
	// at holds, for each key of anyArm, the index of the arm's key, or -1.
	at [maxKeys]int
}

// newAnyArm merges the arms of u. The keys "kind" is read by the caller,
// so it is the first key of every anyArm.
func newAnyArm(u *union) *anyArm {
	a := &anyArm{keys: []key{{name: "kind", typ: typeString, size: bounds{0, maxKindLength}, required: true}}}
	for i := range u.arms {
		ak := armKeys{arm: &u.arms[i]}
		for j := range ak.at {
			ak.at[j] = -1
		}
		for j, k := range u.arms[i].keys {
			at := slices.IndexFunc(a.keys, func(x key) bool { return x.name == k.name })
			if at < 0 {
				at = len(a.keys)
				k.size = bounds{0, unlimited}
				a.keys = append(a.keys, k)
			}
			ak.at[at] = j
		}
		a.arms = append(a.arms, ak)
	}
	if len(a.keys) > maxKeys {
		panic("model: a union of the rules has more than maxKeys keys")
	}
	return a
}

// The unions read by the fast path.
var (
	anyBlock  = newAnyArm(&blocks)
	anyField  = newAnyArm(&fields)
	anyLayout = newAnyArm(&layouts)
)

// accepts returns the arm of kind, when "kind" was read and the keys seen are allowed and
// required by it and each value is within the arm's bounds.
func (a *anyArm) accepts(kind string, seen *seenKeys) (*arm, bool) {
	if !seen.has(0) {
		return nil, false // no "kind"
	}
	for i := range a.arms {
		ak := &a.arms[i]
		if ak.arm.kind != kind {
			continue
		}
		var inArm seenKeys
		for j := 1; j < len(a.keys); j++ {
			if !seen.has(j) {
				continue
			}
			at := ak.at[j]
			if at < 0 {
				return nil, false
			}
			inArm.set |= 1 << at
			inArm.sizes[at] = seen.sizes[j]
		}
		return ak.arm, ak.arm.accepts(&inArm)
	}
	return nil, false
}

// maxKindLength bounds the kinds read before they are compared; no kind is
// longer.
const maxKindLength = 16

// text reads a string value of key k into dst and returns its size in code
// points. An id must match the pattern and not be reserved, and an enum's
// string must be one of its words; bounds are the shape's to check.
func (p *fastParser) text(k *key, dst *string) (int, bool) {
	if !p.at('"') {
		return 0, false
	}
	s, n, ok := p.str()
	if !ok {
		return 0, false
	}
	switch k.typ {
	case typeID:
		ok = validID(s) && !slices.Contains(reservedIDs, s)
	case typeEnum:
		ok = slices.Contains(k.words, s)
	default:
		ok = !k.visible || n == 0 || !VisiblyEmpty(s)
	}
	*dst = s
	return n, ok
}

// numberOf reads a number that must be one of k's numbers, and returns its
// literal.
func (p *fastParser) numberOf(k *key) (string, bool) {
	lit, ok := p.number()
	if !ok {
		return "", false
	}
	return lit, slices.ContainsFunc(k.numbers, func(n int64) bool { return numberIs(lit, n) })
}

// texts reads an object of shape s whose keys are all strings into dst,
// one destination for each key of s, in order.
func (p *fastParser) texts(s *shape, dst ...*string) bool {
	var seen seenKeys
	ok := p.object(s.keys, &seen, func(k *key) (int, bool) {
		for i := range s.keys {
			if &s.keys[i] == k {
				return p.text(k, dst[i])
			}
		}
		return 0, false
	})
	return ok && s.accepts(&seen)
}

// readList reads an array of at most max items of one kind into *dst, a list of
// exactly their number (left as it was for an empty array): each item is
// appended as zero to stack, the parser's scratch list of that kind, and
// read in place by item, which also gets the items before it; at the end
// the items are copied out of the stack, which keeps its room for the next
// list. No item holds a list of its own kind, so the stack's top is always
// the item being read.
func readList[T any](p *fastParser, stack *[]T, dst *[]T, max int, zero T, item func(it *T, before []T) bool) (int, bool) {
	from := len(*stack)
	n, ok := p.array(max, func() bool {
		*stack = append(*stack, zero)
		items := (*stack)[from:]
		return item(&items[len(items)-1], items[:len(items)-1])
	})
	if ok && len(*stack) > from {
		*dst = slices.Clone((*stack)[from:])
	}
	clear((*stack)[from:])
	*stack = (*stack)[:from]
	return n, ok
}

// at reports whether the next value starts with c.
func (p *fastParser) at(c byte) bool {
	p.space()
	return p.pos < len(p.src) && p.src[p.pos] == c
}

// magnitude is maxMagnitude as an exact number.
var magnitude = new(big.Rat).SetFloat64(maxMagnitude)

// valueFits reports whether v, read by value, has the JSON type of k and
// is within its bounds, as the schema decides: numbers compare exactly,
// as the schema's minimum, maximum and integer do. A string's or an
// array's own size is the shape's to check.
func valueFits(k *key, v any) bool {
	switch v := v.(type) {
	case string:
		return k.typ == typeString || k.typ == typeDate && datePatternMatches(v)
	case bool:
		return k.typ == typeBoolean
	case []string:
		if k.typ != typeArray {
			return false
		}
		b := k.itemBounds()
		for _, s := range v {
			if !b.holds(utf8.RuneCountInString(s)) {
				return false
			}
		}
		return true
	case json.Number:
		r, ok := new(big.Rat).SetString(string(v))
		if !ok {
			return false
		}
		switch k.typ {
		case typeFloat:
			if k.positive {
				return r.Sign() > 0 && r.Cmp(magnitude) <= 0
			}
			return new(big.Rat).Abs(r).Cmp(magnitude) <= 0
		case typeInteger:
			return r.IsInt() && r.Cmp(big.NewRat(int64(k.size.min), 1)) >= 0 && r.Cmp(big.NewRat(int64(k.size.max), 1)) <= 0
		}
	}
	return false
}

// datePatternMatches reports whether s matches datePattern.
func datePatternMatches(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i != 4 && i != 7 && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}
