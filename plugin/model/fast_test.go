package model

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// fullCheck runs the full check alone, as Parse and ParseArguments do when
// the fast path gives up.
func fullCheck(raw []byte, args bool, limits tasksurface.Limits) (*Model, []tasksurface.Problem) {
	limits = limits.WithDefaults()
	if p, ok := rawTooLarge(raw, limits); ok {
		return nil, []tasksurface.Problem{p}
	}
	if args {
		m, _, problems := checkArguments(nil, raw, limits)
		return m, problems
	}
	m, _, problems := checkModel(nil, raw, limits)
	return m, problems
}

// checkFastPath fails unless the fast path and the full check agree on
// raw: the same verdict and, for a valid input, the same model with the
// same normalised bytes, a model that parses from those bytes to itself.
func checkFastPath(t *testing.T, raw []byte, args bool, limits tasksurface.Limits) {
	t.Helper()
	limits = limits.WithDefaults()
	if _, tooLarge := rawTooLarge(raw, limits); tooLarge {
		return // Parse refuses it before either path runs
	}
	fast, _, accepted := fastParse(nil, raw, args, limits)
	full, problems := fullCheck(raw, args, limits)
	if accepted != (full != nil) {
		t.Fatalf("the fast path accepts: %v; the full check accepts: %v, with problems %v\ninput: %q", accepted, full != nil, problems, raw)
	}
	if !accepted {
		return
	}
	if !reflect.DeepEqual(fast, full) {
		t.Fatalf("the fast path built another model:\nfast %#v\nfull %#v\ninput: %q", fast, full, raw)
	}
	again, problems := Parse(fast.normalized, limits)
	if again == nil {
		t.Fatalf("the normalised model does not parse: %v", problems)
	}
	if !reflect.DeepEqual(again, fast) {
		t.Fatalf("the model parsed from its normalised bytes differs:\n%#v\n%#v", again, fast)
	}
}

// The fast path agrees with the full check on every conformance vector,
// given as it is and, for a model, inside the tool arguments.
func TestFastPathMatchesFullCheckOnVectors(t *testing.T) {
	t.Parallel()
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				raw, args := c.input(t)
				checkFastPath(t, raw, args, c.Limits)
				if !args {
					checkFastPath(t, wrapArguments(raw), true, c.Limits)
				}
			})
		}
	}
}

// Every valid vector of the typed kinds and of the visible-text rule takes
// the fast path: the new kinds are not left to the slow full check.
func TestFastPathAcceptsTypedVectors(t *testing.T) {
	t.Parallel()
	vectors := loadVectors(t)
	for _, file := range []string{"typed.json", "invisible.json"} {
		cases, ok := vectors[file]
		if !ok {
			t.Fatalf("no vectors in %s", file)
		}
		for _, c := range cases {
			if !c.Valid {
				continue
			}
			raw, args := c.input(t)
			if _, _, ok := fastParse(nil, raw, args, tasksurface.DefaultLimits); !ok {
				t.Errorf("%s/%s: the fast path gave up on a valid model", file, c.Name)
			}
		}
	}
}

// Valid tables take the fast path whatever the order of a row's keys, the
// escapes in its cells, its number of cells, or where the columns are: rows
// are not left to the slow full check.
func TestFastPathAcceptsTables(t *testing.T) {
	t.Parallel()
	const table = `"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`
	for name, tc := range map[string][2]string{
		"keys out of order":   {`{"c":"x","d":1.50}`, `{"d":1.50,"c":"x"}`},
		"escaped key":         {`{"c":"x","d":1.50}`, `{"\u0064":1.50,"c":"x"}`},
		"cells with escapes":  {`{"c":"x"`, `{"c":"<&> \u2028 \"q\" \\ \/ \ud83d\ude00"`},
		"a cell per column":   {table, `"columns":[` + manyColumns(16) + `],"rows":[` + manyCells(16) + `]`},
		"rows before columns": {table, `"rows":[` + manyCells(16) + `,{"c3":"x"}],"columns":[` + manyColumns(16) + `]`},
	} {
		raw := []byte(strings.Replace(edgeModel, tc[0], tc[1], 1))
		if _, _, ok := fastParse(nil, raw, false, tasksurface.DefaultLimits); !ok {
			t.Errorf("%s: the fast path gave up on a valid table: %s", name, raw)
		}
		checkFastPath(t, raw, false, tasksurface.Limits{})
	}
}

// The benchmark models take the fast path.
func TestFastPathAcceptsTheBenchmarkModels(t *testing.T) {
	t.Parallel()
	for _, raw := range [][]byte{realisticModel(14, 5, 12), realisticModel(200, 110, 690)} {
		if _, _, ok := fastParse(nil, raw, false, tasksurface.DefaultLimits); !ok {
			_, problems := Parse(raw, tasksurface.Limits{})
			t.Fatalf("the fast path gave up on a benchmark model (problems %v)", problems)
		}
		checkFastPath(t, raw, false, tasksurface.Limits{})
	}
}

func wrapArguments(model []byte) []byte {
	return append(append([]byte(`{"model":`), model...), '}')
}

// FuzzFastPath is the differential fuzz target of the fast path: on any
// input, as a model or as tool arguments, under the default or tight
// limits, its verdict is the full check's, and a model it accepts is the
// one the full check builds. The seeds are every conformance vector (and
// each model wrapped as arguments); testdata/fuzz/FuzzFastPath holds what
// fuzzing found interesting:
//
//	go test ./plugin/model -run '^$' -fuzz FuzzFastPath -fuzztime 5m
func FuzzFastPath(f *testing.F) {
	for _, cases := range loadVectors(f) {
		for _, c := range cases {
			raw, args := c.input(f)
			if len(raw) > 1<<16 {
				continue // expanded megabyte inputs make slow seeds
			}
			f.Add(raw, args, false)
			if !args {
				f.Add(wrapArguments(raw), true, true)
			}
		}
	}
	f.Add(realisticModel(3, 1, 2), false, false)
	for _, raw := range edgeInputs() {
		f.Add(raw, false, false)
	}
	f.Fuzz(func(t *testing.T, raw []byte, args, tight bool) {
		limits := tasksurface.Limits{}
		if tight {
			limits = tightLimits
		}
		checkFastPath(t, raw, args, limits)
	})
}

// edgeModel is a valid model with every kind of block and field; the edge
// cases replace one part of it.
const edgeModel = `{"version":1,"title":"T","description":"d","sections":[` +
	`{"id":"s1","title":"S","layout":{"kind":"grid","columns":2},"blocks":[` +
	`{"kind":"markdown","text":"**m**"},` +
	`{"kind":"metrics","items":[{"label":"L","value":"","detail":"D"}]},` +
	`{"kind":"table","columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]},` +
	`{"kind":"diff","path":"p","before":null,"after":"a","language":"go"},` +
	`{"kind":"notice","tone":"info","text":"n"}]},` +
	`{"id":"s2","layout":{"kind":"stack"},"blocks":[{"kind":"diff","before":"b","after":""}]}],` +
	`"fields":[{"kind":"text","id":"f1","label":"F","multiline":true,"required":false,"initial":""},` +
	`{"kind":"choice","id":"f2","label":"F","options":[{"id":"a","label":"A"},{"id":"b","label":"B","detail":"x"}],"initial":"b"},` +
	`{"kind":"multi-choice","id":"f3","label":"F","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"initial":["b"]},` +
	`{"kind":"toggle","id":"f4","label":"F","initial":false},` +
	`{"kind":"order","id":"f5","label":"F","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"initial":["b","a"]}],` +
	`"submit":{"label":"Go"}}`

// edgeCases are variants of edgeModel around the rules the fast path
// writes out: number equality, escapes in keys and texts, surrogates,
// forbidden characters, duplicates, reserved ids, lengths, limits and
// syntax. Each is [old, new], replacing the first occurrence.
var edgeCases = [][2]string{
	{"", ""},
	{`"version":1`, `"version":1.0`}, {`"version":1`, `"version":1e0`}, {`"version":1`, `"version":10E-1`},
	{`"version":1`, `"version":1.0000000000000000000001`}, {`"version":1`, `"version":-1`},
	{`"version":1`, `"version":"1"`}, {`"version":1`, `"version":2`}, {`"version":1,`, ``},
	{`"columns":2`, `"columns":2.0`}, {`"columns":2`, `"columns":3e0`}, {`"columns":2`, `"columns":20e-1`},
	{`"columns":2`, `"columns":2.5`}, {`"columns":2`, `"columns":"2"`}, {`"columns":2`, `"columns":4`},
	{`"columns":2`, `"columns":2.00000000000000000001`}, {`,"columns":2`, ``},
	{`{"kind":"stack"}`, `{"kind":"stack","columns":2}`}, {`{"kind":"stack"}`, `{}`}, {`{"kind":"stack"}`, `{"kind":"flow"}`},
	{`"title":"T"`, `"\u0074itle":"T"`}, {`"title":"T"`, `"title":"T","title":"T"`},
	{`{"c":"x"`, `{"\u0063":"x"`}, {`{"c":"x"`, `{"c":"x","c":"y"`}, {`{"c":"x"`, `{"e":"x"`},
	{`"text":"n"`, `"text":"\u2028\ud83d\ude00\u00e9\/\"\\\n\t"`}, {`"text":"n"`, `"text":"\ud83d"`},
	{`"text":"n"`, `"text":"\udc00"`}, {`"text":"n"`, `"text":"\ud83d\u0041"`}, {`"text":"n"`, `"text":"\u0000"`},
	{`"text":"n"`, `"text":"\u007f"`}, {`"text":"n"`, `"text":"\ufeff"`}, {`"text":"n"`, `"text":"\u202a"`},
	{`"text":"n"`, "\"text\":\"\u202a\""}, {`"text":"n"`, "\"text\":\"\x7f\""}, {`"text":"n"`, "\"text\":\"\t\""},
	{`"text":"n"`, `"text":"\r"`}, {`"text":"n"`, `"text":"\b\f"`}, {`"text":"n"`, "\"text\":\"\xff\""},
	{`"text":"n"`, "\"text\":\"\xed\xa0\x80\""}, {`"text":"n"`, `"text":"\ufffd` + "\uFFFD" + `"`}, {`"text":"n"`, `"text":"\u00"`},
	{`"text":"n"`, `"text":"\x41"`}, {`"text":"n"`, `"text":""`}, {`"tone":"info"`, `"tone":"loud"`},
	{`"label":"L"`, `"label":"` + strings.Repeat("é", 200) + `"`}, {`"label":"L"`, `"label":"` + strings.Repeat("é", 201) + `"`},
	{`"label":"L"`, `"label":"` + strings.Repeat(`\u00e9`, 200) + `"`}, {`"label":"L"`, `"label":"` + strings.Repeat(`\ud83d\ude00`, 201) + `"`},
	{`"d":1.50`, `"d":1e400`}, {`"d":1.50`, `"d":1e-400`}, {`"d":1.50`, `"d":-0`}, {`"d":1.50`, `"d":01`},
	{`"d":1.50`, `"d":1.`}, {`"d":1.50`, `"d":` + strings.Repeat("1", 65)}, {`"d":1.50`, `"d":-`}, {`"d":1.50`, `"d":[]`},
	{`"d":1.50`, `"d":{}`}, {`"d":1.50`, `"d":"` + strings.Repeat("x", 2001) + `"`}, {`"d":1.50`, `"d":tru`},
	{`"id":"s1"`, `"id":"constructor"`}, {`"id":"c"`, `"id":"toString"`}, {`"id":"a"`, `"id":"valueOf"`},
	{`"id":"s1"`, `"id":"f1"`}, {`"id":"s1"`, `"id":"_s"`}, {`"id":"s1"`, `"id":"s/1"`}, {`"id":"s1"`, `"id":"` + strings.Repeat("a", 65) + `"`},
	{`"id":"d"`, `"id":"c"`}, {`"id":"b"`, `"id":"a"`}, {`"initial":"b"`, `"initial":"z"`}, {`"initial":["b"]`, `"initial":["b","b"]`},
	{`"initial":["b","a"]`, `"initial":["b"]`}, {`"initial":["b","a"]`, `"initial":["b","a","a"]`}, {`"initial":false`, `"initial":null`},
	{`"initial":false`, `"initial":"false"`}, {`"initial":""`, `"initial":"` + strings.Repeat("x", 4001) + `"`}, {`"initial":""`, `"initial":[]`},
	{`"initial":["b"]`, `"initial":[]`}, {`"initial":["b"]`, `"initial":[1]`}, {`"multiline":true`, `"multiline":1`},
	{`"before":null`, `"before":"x"`}, {`,"before":"b"`, ``}, {`"before":null`, `"before":1`}, {`"description":"d"`, `"description":null`},
	{`{"kind":"markdown","text":"**m**"}`, `{"text":"**m**","kind":"markdown"}`}, {`"kind":"markdown"`, `"kind":"chart"`},
	{`"kind":"markdown"`, `"kind":"markdown","kind":"markdown"`}, {`"text":"**m**"`, `"text":"**m**","tone":"info"`},
	{`"items":[{"label":"L","value":"","detail":"D"}]`, `"items":[]`}, {`"rows":[`, `"rows":[{},`}, {`"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`, `"rows":[]`},
	{`"blocks":[{"kind":"diff","before":"b","after":""}]`, `"blocks":[]`}, {`"fields":[`, `"fields":[],"x":[`},
	{`"submit":{"label":"Go"}`, `"submit":{"label":""}`}, {`"submit":{"label":"Go"}`, `"submit":{"label":"Go","x":1}`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"rows":[{"c":"x","d":1.50},{"d":true}],"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"rows":[{"c":"x","d":1.50},{"e":true}],"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"rows":[{"c":"x"}],"columns":[]`},
	{`{"version"`, " \r\n\t{\"version\""}, {`{"version"`, `[{"version"`}, {`"version":1`, `"version" : 1 `},
	// Rows are written in their normalised encoding as they are read: keys
	// out of order, escaped or repeated, cells that need escapes, a row of
	// every column, and rows read before their columns.
	{`{"c":"x","d":1.50}`, `{"d":1.50,"c":"x"}`}, {`{"c":"x","d":1.50}`, `{"\u0064":1.50,"c":"x"}`},
	{`{"c":"x","d":1.50}`, `{"d":1.50,"c":"x","d":2}`}, {`{"c":"x","d":1.50}`, `{"d":1.50,"\u0063":"x","c":"y"}`},
	{`{"c":"x"`, `{"c":"<&> \u2028\u2029 \"q\" \\ \/ \u00e9 \ud83d\ude00"`}, {`{"c":"x"`, "{\"c\":\"\u2028<é>\""},
	{`{"c":"x","d":1.50}`, ` { "d" : -0.5e+3 , "c" : "x" } `},
	// Keys are read as written when they have no escape (plainKey): one
	// with a control character, DEL, invalid UTF-8 or a forbidden
	// character matches no name, and the full check words it.
	{`"title":"T"`, "\"ti\x01tle\":\"T\""}, {`"title":"T"`, "\"title\x7f\":\"T\""}, {`"title":"T"`, "\"title\xff\":\"T\""},
	{`"title":"T"`, "\"title\u202a\":\"T\""}, {`{"c":"x"`, "{\"c\x7f\":\"x\""}, {`{"c":"x"`, "{\"c\t\":\"x\""},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		"\"rows\":[{\"c\x01\":1}],\"columns\":[{\"id\":\"c\",\"label\":\"C\"}]"},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"columns":[` + manyColumns(16) + `],"rows":[` + manyCells(16) + `,{}]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"columns":[` + manyColumns(17) + `],"rows":[` + manyCells(17) + `]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"rows":[` + manyCells(16) + `],"columns":[` + manyColumns(16) + `]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"rows":[` + manyCells(16) + `,{"x":1}],"columns":[` + manyColumns(16) + `]`},
	// Rows after their columns are read by plainRow when their cells are
	// written as they are normalised: ids that begin with one another, in
	// and out of the columns' order, repeated, escaped or unknown; cells at
	// and beyond their bound, with an escape, DEL or non-ASCII text, and
	// each literal.
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"columns":[{"id":"cd","label":"C"},{"id":"c","label":"D"}],"rows":[{"cd":"x","c":1},{"c":2,"cd":"y"},{"c":false},{"cd":null}]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"columns":[{"id":"cd","label":"C"},{"id":"c","label":"D"}],"rows":[{"cd":"x","cde":1}]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"columns":[{"id":"c","label":"C"},{"id":"cd","label":"D"}],"rows":[{"c":"x","c":1}]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","\u0064":1,"d":2}]`},
	{`"columns":[{"id":"c","label":"C"},{"id":"d","label":"D"}],"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`,
		`"columns":[{"id":"c","label":"C"},{"id":"c","label":"D"}],"rows":[{"c":"x"}]`},
	{`{"c":"x"`, `{"c":"` + strings.Repeat("x", 2000) + `"`}, {`{"c":"x"`, `{"c":"` + strings.Repeat("x", 2001) + `"`},
	{`{"c":"x"`, `{"c":"x\ty"`}, {`{"c":"x"`, "{\"c\":\"x\x7fy\""}, {`{"c":"x"`, `{"c":"xé"`}, {`{"c":"x"`, `{"c":"x`},
	{`{"c":"x","d":1.50}`, `{"c":"x","d":1.50,}`}, {`{"c":"x","d":1.50}`, `{"c":"x" "d":1.50}`}, {`{"c":"x","d":1.50}`, `{"c":"x","d":nul}`},
	{`{"c":"x","d":1.50}`, `{"c":"x","d":[1]}`}, {`{"c":"x","d":1.50}`, `{"cx:":"}`}, {`{"c":"x","d":1.50}`, `{"c" "x","d":1.50}`}, {`{"c":"x","d":1.50}`, `{c:"x","d":1.50}`},
}

// manyColumns returns n table columns, c0 to c(n-1).
func manyColumns(n int) string {
	cols := make([]string, n)
	for i := range cols {
		cols[i] = fmt.Sprintf(`{"id":"c%d","label":"C"}`, i)
	}
	return strings.Join(cols, ",")
}

// manyCells returns a row with a cell for each of manyColumns(n), last
// column first.
func manyCells(n int) string {
	cells := make([]string, n)
	for i := range cells {
		cells[i] = fmt.Sprintf(`"c%d":%d`, n-1-i, i)
	}
	return "{" + strings.Join(cells, ",") + "}"
}

// edgeInputs returns the edge cases as model documents.
func edgeInputs() [][]byte {
	out := make([][]byte, 0, len(edgeCases)+3)
	for _, c := range edgeCases {
		out = append(out, []byte(strings.Replace(edgeModel, c[0], c[1], 1)))
	}
	out = append(out, []byte(edgeModel+" "), []byte(edgeModel+"x"), []byte(edgeModel+"{}"))
	return out
}

// The fast path agrees with the full check around every rule it writes
// out, as a model and as arguments, under default and tight limits.
func TestFastPathEdgeCases(t *testing.T) {
	t.Parallel()
	if _, _, ok := fastParse(nil, []byte(edgeModel), false, tasksurface.DefaultLimits); !ok {
		t.Fatal("the fast path refuses the edge model itself")
	}
	args := []string{`{"model":%s}`, ` {"model" : %s } `, `{"model":%s,"model":%[1]s}`, `{"model":%s,"x":1}`, `{"x":1,"model":%s}`, `[%s]`, `{}`, `{"model":null}`}
	for i, raw := range edgeInputs() {
		for _, limits := range []tasksurface.Limits{{}, {MaxBlocks: 6}, {MaxBlocks: 5}, {MaxFields: 4}, {MaxTableRows: 2}, {MaxModelBytes: 1500}, tightLimits} {
			checkFastPath(t, raw, false, limits)
			for _, a := range args {
				checkFastPath(t, []byte(fmt.Sprintf(a, raw)), true, limits)
			}
		}
		if t.Failed() {
			t.Fatalf("edge case %d", i)
		}
	}
}

// A parse reuses the row buffer of the one before it, so a model's rows
// must live in its own normalised bytes by then: models parsed one after
// another, and at once, keep their rows.
func TestRowsSurviveTheNextParse(t *testing.T) {
	t.Parallel()
	table := func(tag string, n int) []byte {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = fmt.Sprintf(`{"d":%d,"c":"%s row %d"}`, i, tag, i)
		}
		return []byte(strings.Replace(edgeModel, `"rows":[{"c":"x","d":1.50},{"c":null,"d":true},{}]`, `"rows":[`+strings.Join(rows, ",")+`]`, 1))
	}
	inputs := [][]byte{table("first", 14), table("second", 200), table("third", 3), table("fourth", 30)}
	type kept struct {
		m    *Model
		rows []string
	}
	parse := func(raw []byte) kept {
		m, _, ok := fastParse(nil, raw, false, tasksurface.DefaultLimits)
		if !ok {
			t.Fatalf("the fast path gave up on %.80s", raw)
		}
		var rows []string
		for _, s := range m.Sections {
			for _, b := range s.Blocks {
				for _, r := range b.Rows {
					rows = append(rows, string(r))
				}
			}
		}
		if len(rows) == 0 {
			t.Fatal("no rows to check")
		}
		return kept{m, rows}
	}
	check := func(k kept) {
		i := 0
		for _, s := range k.m.Sections {
			for _, b := range s.Blocks {
				for _, r := range b.Rows {
					if string(r) != k.rows[i] {
						t.Fatalf("row %d changed after other parses:\n got %s\nwant %s", i, r, k.rows[i])
					}
					i++
				}
			}
		}
	}
	var all []kept
	for range 3 {
		for _, raw := range inputs {
			all = append(all, parse(raw))
		}
	}
	var wg sync.WaitGroup
	for _, raw := range inputs {
		wg.Go(func() {
			for range 20 {
				check(parse(raw))
			}
		})
	}
	wg.Wait()
	for _, k := range all {
		check(k)
	}
}
