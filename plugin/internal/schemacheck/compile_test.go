package schemacheck_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/schemacheck"
)

// decodeJSON decodes a test document with json.Number for numbers.
func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decoding %s: %v", s, err)
	}
	return v
}

// tagged is a tagged union of two arms, valid as a schema.
const tagged = `{"oneOf":[
	{"type":"object","required":["kind"],"properties":{"kind":{"const":"a"}}},
	{"type":"object","required":["kind","n"],"properties":{"kind":{"const":"b"},"n":{"type":"integer"}}}]}`

func TestCompileRefuses(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		schema string
		want   string
	}{
		"an unknown keyword":                {`{"type":"string","format":"date"}`, `at "/format": the keyword is not supported`},
		"an unknown keyword deep inside":    {`{"properties":{"a":{"items":{"uniqueItems":true}}}}`, `schemacheck: at "/properties/a/items/uniqueItems": the keyword`},
		"an unknown keyword in $defs":       {`{"$defs":{"x":{"if":{}}}}`, `at "/$defs/x/if"`},
		"a remote reference":                {`{"$ref":"https://example.com/s.json"}`, "is not a local reference"},
		"a relative reference":              {`{"$ref":"other.json#/a"}`, "is not a local reference"},
		"a percent-escaped reference":       {`{"$defs":{"a b":{}},"$ref":"#/$defs/a%20b"}`, "is not a local reference"},
		"an anchor reference":               {`{"$ref":"#anchor"}`, "is not a local reference"},
		"a reference to nothing":            {`{"$ref":"#/$defs/missing"}`, `at "/$ref": no schema at "/$defs/missing"`},
		"a reference to a non-schema":       {`{"$defs":{"n":5},"$ref":"#/$defs/n"}`, `at "/$defs/n": a schema must be an object`},
		"a reference loop":                  {`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`, "refers to itself"},
		"a reference to itself":             {`{"$ref":"#"}`, "refers to itself"},
		"an unknown type":                   {`{"type":"float"}`, "is not a type"},
		"an empty type list":                {`{"type":[]}`, "want a type name"},
		"required of non-strings":           {`{"required":[1]}`, "array of strings"},
		"a negative length":                 {`{"maxLength":-1}`, "non-negative integer"},
		"a fractional count":                {`{"minItems":1.5}`, "non-negative integer"},
		"a pattern that does not compile":   {`{"pattern":"(["}`, "missing closing ]"},
		"a bound that is not a number":      {`{"minimum":"0"}`, "want a number"},
		"a const object":                    {`{"const":{}}`, "only strings, numbers, booleans and null"},
		"an empty enum":                     {`{"enum":[]}`, "non-empty array"},
		"a boolean schema":                  {`{"items":true}`, `at "/items": a schema must be an object, not bool`},
		"a oneOf without a tag":             {`{"oneOf":[{"type":"string"},{"type":"number"}]}`, "only a tagged union"},
		"a oneOf whose tag is not required": {`{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"}}}]}`, "only a tagged union"},
		"a oneOf with a repeated tag":       {`{"oneOf":[{"type":"object","required":["k"],"properties":{"k":{"const":"a"}}},{"type":"object","required":["k"],"properties":{"k":{"const":"a"}}}]}`, `two arms have the tag "a"`},
		"a loop through union arms":         {`{"$defs":{"u":{"oneOf":[{"type":"object","required":["k"],"properties":{"k":{"const":"a"}},"$ref":"#/$defs/u"}]}},"$ref":"#/$defs/u"}`, "refers to itself"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := schemacheck.Compile(decodeJSON(t, tt.schema))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
			var se *schemacheck.SchemaError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), fmt.Sprintf("at %q", se.Pointer)) {
				t.Errorf("err = %#v, want a *SchemaError naming its pointer", err)
			}
		})
	}
}

func TestCompileAccepts(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"the ignored keywords":          `{"$schema":"https://json-schema.org/draft/2020-12/schema","description":"d"}`,
		"a reference to the root":       `{"properties":{"self":{"$ref":"#"}}}`,
		"a reference with siblings":     `{"$defs":{"a":{"type":"array"}},"$ref":"#/$defs/a","maxItems":2,"description":"d"}`,
		"an escaped reference":          `{"$defs":{"a/b~c":{"type":"string"}},"$ref":"#/$defs/a~1b~0c"}`,
		"a tagged union":                tagged,
		"additionalProperties a schema": `{"additionalProperties":{"type":"string"}}`,
		"additionalProperties true":     `{"additionalProperties":true}`,
		"a type list":                   `{"type":["string","null"]}`,
		"bounds written every way":      `{"minimum":-1e15,"maximum":1.5E3,"exclusiveMinimum":0.0}`,
	}
	for name, schema := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, err := schemacheck.Compile(decodeJSON(t, schema)); err != nil {
				t.Errorf("Compile: %v", err)
			}
		})
	}
}
