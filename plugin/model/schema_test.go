package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestParametersSchemaIsByteStable(t *testing.T) {
	t.Parallel()
	a := ParametersSchema()
	b := ParametersSchema()
	if !bytes.Equal(a, b) {
		t.Fatal("two calls differ")
	}
	a[0] = 'X'
	if c := ParametersSchema(); c[0] == 'X' {
		t.Fatal("a caller can change the schema other callers get")
	}
	if !json.Valid(b) {
		t.Fatal("not JSON")
	}
}

func TestParametersSchemaShape(t *testing.T) {
	t.Parallel()
	var s map[string]any
	if err := json.Unmarshal(ParametersSchema(), &s); err != nil {
		t.Fatal(err)
	}
	if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" || s["type"] != "object" {
		t.Errorf("the root is not a draft 2020-12 object schema: %v %v", s["$schema"], s["type"])
	}
	if req, _ := s["required"].([]any); len(req) != 1 || req[0] != "model" {
		t.Errorf("required = %v, want [model]", s["required"])
	}
	// Every object schema closes its keys, so the model sees what exists.
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch v := v.(type) {
		case map[string]any:
			if v["type"] == "object" {
				if _, ok := v["additionalProperties"]; !ok {
					t.Errorf("%s: object schema without additionalProperties", path)
				}
			}
			for k, x := range v {
				walk(x, path+"/"+k)
			}
		case []any:
			for _, x := range v {
				walk(x, path+"/[]")
			}
		}
	}
	walk(s, "#")
}

func TestParametersSchemaIsWhatParseEnforces(t *testing.T) {
	t.Parallel()
	// An independent compile of the published bytes accepts a model
	// Parse accepts and rejects one whose kind is unknown.
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://check.json", bytes.NewReader(ParametersSchema())); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mem://check.json")
	if err != nil {
		t.Fatal(err)
	}
	good := modelWith(6, 3, 2, 10)
	if m, problems := Parse(good, tasksurface.Limits{}); m == nil {
		t.Fatal(problems)
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(`{"model":` + string(good) + `}`))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("the published schema rejects a valid model: %v", err)
	}
	bad := strings.Replace(string(good), `"kind":"markdown"`, `"kind":"chart"`, 1)
	dec = json.NewDecoder(strings.NewReader(`{"model":` + bad + `}`))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if sch.Validate(v) == nil {
		t.Error("the published schema accepts an unknown block kind")
	}
}

func TestOutputSchemaAcceptsACanonicalValue(t *testing.T) {
	t.Parallel()
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://out.json", bytes.NewReader(OutputSchema())); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mem://out.json")
	if err != nil {
		t.Fatal(err)
	}
	m, problems := Parse(modelWith(1, 1, 0, 0), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	norm, _ := m.Normalized()
	value := `{"surfaceId":"tsf_0123456789abcdef01234567","model":` + string(norm) + `,"markdown":{"/sections/0/blocks/0/text":"<p>x</p>"}}`
	var v any
	if err := json.Unmarshal([]byte(value), &v); err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("canonical value rejected: %v", err)
	}
	var w any
	_ = json.Unmarshal([]byte(`{"surfaceId":"nope","model":{},"markdown":{}}`), &w)
	if sch.Validate(w) == nil {
		t.Error("a malformed surface id is accepted")
	}
}

func TestSchemaCompilerRefusesOutsideReferences(t *testing.T) {
	t.Parallel()
	for _, ref := range []string{"file:///etc/passwd", "https://example.com/s.json", "other.json"} {
		c := newCompiler()
		schema := `{"$ref":"` + ref + `"}`
		if err := c.AddResource("mem://x.json", strings.NewReader(schema)); err != nil {
			t.Fatal(err)
		}
		_, err := c.Compile("mem://x.json")
		if err == nil || !strings.Contains(err.Error(), "remote references are disabled") {
			t.Errorf("a $ref to %s: err = %v, want the loader to refuse it", ref, err)
		}
	}
	if _, err := loadSchema(); err != nil {
		t.Fatalf("the embedded schema does not compile: %v", err)
	}
}

// The counts a harness may configure are in the schema the model reads at
// their defaults, and a model within configured limits above them parses:
// the plugin validates those counts with the configured limits.
func TestSchemaStatesTheDefaultLimits(t *testing.T) {
	t.Parallel()
	var published any
	if err := json.Unmarshal(parametersSchema, &published); err != nil {
		t.Fatal(err)
	}
	for ptr, limit := range configuredLimits {
		node, ok := jsonpointer.Resolve(published, ptr)
		got, _ := node.(map[string]any)["maxItems"].(float64)
		if want := limit(tasksurface.DefaultLimits); !ok || int64(got) != want {
			t.Errorf("%s: maxItems %v in the published schema, want the default limit %d", ptr, got, want)
		}
	}
	fields := make([]string, 40)
	for i := range fields {
		fields[i] = fmt.Sprintf(`{"kind":"toggle","id":"f%d","label":"F"}`, i)
	}
	raw := []byte(`{"version":1,"title":"T","sections":[],"fields":[` + strings.Join(fields, ",") + `],"submit":{"label":"S"}}`)
	if m, problems := Parse(raw, tasksurface.Limits{MaxFields: 40}); m == nil {
		t.Errorf("40 fields under a configured limit of 40: %v", problems)
	}
	if _, problems := Parse(raw, tasksurface.Limits{}); len(problems) == 0 || problems[0].Code != "limit-exceeded" {
		t.Errorf("40 fields under the default limit: %v, want limit-exceeded", problems)
	}
}
