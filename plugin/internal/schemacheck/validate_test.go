package schemacheck_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/schemacheck"
)

// failures renders each failure as "keyword instance-pointer
// schema-pointer".
func failures(t *testing.T, schema, instance string) []string {
	t.Helper()
	s, err := schemacheck.Compile(decodeJSON(t, schema))
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	got, err := s.Validate(decodeJSON(t, instance))
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	out := []string{}
	for _, f := range got {
		out = append(out, f.Keyword+" "+f.InstancePointer+" "+f.SchemaPointer)
	}
	return out
}

func TestValidate(t *testing.T) {
	t.Parallel()
	const bounded = `{"properties":{
		"n":{"type":"number","minimum":-1e15,"maximum":1e15},
		"s":{"type":"number","exclusiveMinimum":0},
		"i":{"type":"integer","minimum":-100,"maximum":100}}}`
	tests := map[string]struct {
		schema, instance string
		want             []string
	}{
		"a wrong type stops the schema's other keywords": {
			`{"type":"string","minLength":1,"const":"x","enum":["y"]}`, `5`,
			[]string{"type  /type"}},
		"a type list": {
			`{"type":["string","null"],"maxLength":1}`, `null`, []string{}},
		"integers written every way": {
			`{"items":{"type":"integer"}}`, `[1, 1.0, 1e0, 10E-1, -0, 1.5, 1e-1, 100000000000000000000000]`,
			[]string{"type /5 /items/type", "type /6 /items/type"}},
		"an integer is a number": {
			`{"type":"number"}`, `3`, []string{}},
		"numbers at their bounds": {
			bounded, `{"n":1e15,"s":1e-300,"i":100.0}`, []string{}},
		"numbers past their bounds by a little": {
			bounded, `{"n":1000000000000000.0000001,"s":-0,"i":-101}`,
			[]string{"minimum /i /properties/i/minimum", "maximum /n /properties/n/maximum", "exclusiveMinimum /s /properties/s/exclusiveMinimum"}},
		"a huge exponent": {
			bounded, `{"n":-1e400,"s":0.0}`,
			[]string{"minimum /n /properties/n/minimum", "exclusiveMinimum /s /properties/s/exclusiveMinimum"}},
		"const and enum compare numbers by value": {
			`{"properties":{"v":{"const":1},"c":{"enum":[2,3]}}}`, `{"v":1.0,"c":3e0}`, []string{}},
		"const and enum fail": {
			`{"properties":{"v":{"const":1},"c":{"enum":[2,3]}}}`, `{"v":"1","c":4}`,
			[]string{"enum /c /properties/c/enum", "const /v /properties/v/const"}},
		"const and enum both fail": {
			`{"const":"a","enum":["b"]}`, `"c"`, []string{"const  /const", "enum  /enum"}},
		"lengths count runes": {
			`{"items":{"type":"string","minLength":2,"maxLength":3}}`, `["éé","ééé","éééé","é"]`,
			[]string{"maxLength /2 /items/maxLength", "minLength /3 /items/minLength"}},
		"a pattern": {
			`{"items":{"pattern":"^[0-9]{4}$"}}`, `["2026","２０２６","2026\n",5]`,
			[]string{"pattern /1 /items/pattern", "pattern /2 /items/pattern"}},
		"one required failure names every missing key": {
			`{"required":["a","b","c"]}`, `{"b":1}`, []string{"required  /required"}},
		"one additionalProperties failure covers every extra key": {
			`{"properties":{"a":{}},"additionalProperties":false}`, `{"a":1,"b":2,"c":3}`,
			[]string{"additionalProperties  /additionalProperties"}},
		"additionalProperties as a schema checks each extra key": {
			`{"properties":{"a":{}},"additionalProperties":{"type":"string"}}`, `{"a":1,"b":2,"c":"x","d/e~":3}`,
			[]string{"type /b /additionalProperties/type", "type /d~1e~0 /additionalProperties/type"}},
		"counts of items": {
			`{"properties":{"few":{"minItems":2},"many":{"maxItems":1}}}`, `{"few":[1],"many":[1,2]}`,
			[]string{"minItems /few /properties/few/minItems", "maxItems /many /properties/many/maxItems"}},
		"a reference reports the referenced keyword": {
			`{"$defs":{"label":{"type":"string","maxLength":1}},"properties":{"a":{"$ref":"#/$defs/label"}}}`, `{"a":"xy"}`,
			[]string{"maxLength /a /$defs/label/maxLength"}},
		"keywords beside a reference apply before it": {
			`{"$defs":{"tags":{"type":"array","items":{"type":"string"}}},"$ref":"#/$defs/tags","maxItems":1}`, `[1,2]`,
			[]string{"maxItems  /maxItems", "type /0 /$defs/tags/items/type", "type /1 /$defs/tags/items/type"}},
		"a wrong type under a reference stops its siblings' keywords but not the reference": {
			`{"$defs":{"tags":{"type":"array"}},"$ref":"#/$defs/tags","maxItems":1}`, `"x"`,
			[]string{"type  /$defs/tags/type"}},
		"a union checks the arm its tag selects": {
			tagged, `{"kind":"b","n":1.5}`, []string{"type /n /oneOf/1/properties/n/type"}},
		"a union's arm reports its own keywords": {
			tagged, `{"kind":"b"}`, []string{"required  /oneOf/1/required"}},
		"a union value that is not an object": {
			tagged, `[]`, []string{"oneOf  /oneOf"}},
		"a union value without a tag": {
			tagged, `{"n":1}`, []string{"oneOf  /oneOf"}},
		"a union value with a tag that is not a string": {
			tagged, `{"kind":5}`, []string{"oneOf  /oneOf"}},
		"a union value with an unknown tag": {
			tagged, `{"kind":"c"}`, []string{"oneOf  /oneOf"}},
		"properties in name order": {
			`{"properties":{"b":{"type":"string"},"a":{"type":"string"}}}`, `{"a":1,"b":2}`,
			[]string{"type /a /properties/a/type", "type /b /properties/b/type"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := failures(t, tt.schema, tt.instance); !slices.Equal(got, tt.want) {
				t.Errorf("failures:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestValidateRefusesGoValues(t *testing.T) {
	t.Parallel()
	s, err := schemacheck.Compile(map[string]any{"items": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{1.5, []any{int64(2)}, []any{map[string]string{}}, []any{json.Number("1x")}} {
		if _, err := s.Validate(v); err == nil {
			t.Errorf("Validate(%#v) = nil error, want one: it is not a decoded JSON value", v)
		}
	}
}

func TestValidateConcurrently(t *testing.T) {
	t.Parallel()
	s, err := schemacheck.Compile(decodeJSON(t, `{"items":{"type":"string","maxLength":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Go(func() {
			list := make([]any, i+1)
			for j := range list {
				list[j] = strings.Repeat("x", j%2+1)
			}
			got, err := s.Validate(list)
			if err != nil {
				errs <- err
				return
			}
			if want := (i + 1) / 2; len(got) != want {
				errs <- fmt.Errorf("%d items: %d failures, want %d", i+1, len(got), want)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
