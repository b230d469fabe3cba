package main

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
)

// The model's types are the schema's: every field kind of the served schema
// is an interface of its own in the Field union, and a bound that may name a
// field is a number or a Ref while the initial value beside it is a number.
func TestModelTypesFollowTheSchema(t *testing.T) {
	t.Parallel()
	out, err := renderModel(model.ParametersSchema(), modelNames)
	if err != nil {
		t.Fatal(err)
	}
	ts := string(out)
	for _, want := range []string{
		"export type Field = TextField | ChoiceField | MultiChoiceField | ToggleField | OrderField | NumberField | DateField | ScaleField | TagsField | MatrixField | AllocationField\n",
		"export interface FieldCommon {\n  id: string\n  label: string\n  help?: string\n  when?: When\n}\n",
		"export interface MultiChoiceField extends FieldCommon {\n  kind: 'multi-choice'\n  required?: boolean\n",
		"export interface ToggleField extends FieldCommon {\n  kind: 'toggle'\n  initial?: boolean\n}\n",
		"  min?: number | Ref\n",
		"  min?: string | Ref\n",
		"  initial?: Record<string, number>\n",
		"  is: (string | boolean)[]\n",
		"  rows: Record<string, Cell>[]\n",
		"export type Cell = string | number | boolean | null\n",
		"  /** null for a new file. */\n  before: string | null\n",
	} {
		if !strings.Contains(ts, want) {
			t.Errorf("model.gen.ts lacks %q", want)
		}
	}
}

// The emitter spells what the schema states, and refuses what it cannot
// spell rather than lose it.
func TestRenderModel(t *testing.T) {
	t.Parallel()
	names := []modelName{{"", "Root", "The root."}, {"/$defs/ref", "Ref", "A reference."}}
	cases := []struct {
		name, schema string
		names        []modelName
		want, err    string
	}{
		{
			name: "a type list narrowed by a $ref beside it, and a $ref narrowed by a type",
			schema: `{"type":"object","additionalProperties":false,"required":["a"],"properties":{
				"a":{"$ref":"#/$defs/nb"},"b":{"$ref":"#/$defs/nb","type":"number"},"c":{"enum":[1,"x",true]}},
				"$defs":{"nb":{"type":["number","object"],"$ref":"#/$defs/ref"},
				"ref":{"additionalProperties":false,"required":["field"],"properties":{"field":{"type":"string"}}}}}`,
			names: names,
			want:  "export interface Root {\n  a: number | Ref\n  b?: number\n  c?: 1 | 'x' | true\n}\n",
		},
		{
			name:   "a keyword with no TypeScript spelling",
			schema: `{"type":"object","properties":{"a":{"if":{"type":"string"}}},"$defs":{"ref":{"properties":{}}}}`,
			names:  names, err: `schema /properties/a: keyword "if"`,
		},
		{
			name:   "a remote reference",
			schema: `{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}},"$defs":{"ref":{"properties":{}}}}`,
			names:  names, err: "is not local",
		},
		{
			name:   "a named node the schema no longer has",
			schema: `{"type":"object","properties":{}}`,
			names:  names, err: "no node at /$defs/ref",
		},
		{
			name:   "an arm of a named union without a constant kind",
			schema: `{"oneOf":[{"properties":{"kind":{"type":"string"}}}]}`,
			names:  []modelName{{"", "Root", "The root."}}, err: "no constant kind",
		},
		{
			name:   "a type that the type beside a $ref rules out",
			schema: `{"type":"object","properties":{"a":{"$ref":"#/$defs/n","type":"string"}},"$defs":{"n":{"type":"number"}}}`,
			names:  []modelName{{"", "Root", "The root."}}, err: "no value has both",
		},
		{
			name: "the members every arm of a named union spells alike are said once, and only those",
			schema: `{"oneOf":[
				{"required":["kind","id"],"properties":{"kind":{"const":"a"},"id":{"type":"string"},"n":{"type":"number"},"x":{"type":"string"}}},
				{"required":["kind"],"properties":{"kind":{"const":"b"},"n":{"type":"number"},"id":{"type":"string"},"x":{"type":"string"}}},
				{"required":["kind","id"],"properties":{"kind":{"const":"c"},"id":{"type":"string"},"n":{"type":"number"},"x":{"type":"string"}}}]}`,
			names: []modelName{{"", "Root", "The root."}},
			want: "export interface RootCommon {\n  n?: number\n  x?: string\n}\n\n" +
				"export interface ARoot extends RootCommon {\n  kind: 'a'\n  id: string\n}\n\n" +
				"export interface BRoot extends RootCommon {\n  kind: 'b'\n  id?: string\n}\n",
		},
		{
			name:   "arms that share one member keep it",
			schema: `{"oneOf":[{"required":["kind"],"properties":{"kind":{"const":"a"},"n":{"type":"number"}}},{"required":["kind"],"properties":{"kind":{"const":"b"},"n":{"type":"number"}}}]}`,
			names:  []modelName{{"", "Root", "The root."}},
			want:   "export interface ARoot {\n  kind: 'a'\n  n?: number\n}\n",
		},
		{
			name:   "a required key that is not a property",
			schema: `{"type":"object","required":["b"],"properties":{"a":{"type":"string"}}}`,
			names:  []modelName{{"", "Root", "The root."}}, err: `required "b"`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out, err := renderModel([]byte(c.schema), c.names)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), c.want) {
				t.Fatalf("output lacks\n%s\ngot\n%s", c.want, out)
			}
		})
	}
}
