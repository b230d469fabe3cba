package model

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The Go types follow the schema: every object the plugin writes into the
// normalised model (each field kind's normalForm, each block kind's, the
// model, a section, a layout, and the small objects inside them) has exactly
// the keys of the schema's object it stands for. A key added to schema.json
// and not to the Go kind, or to the Go kind and not to the schema, fails here
// (the TypeScript types are generated from the schema: tools/contractgen).
func TestGoKeysAreTheSchemas(t *testing.T) {
	t.Parallel()
	var schema map[string]any
	if err := json.Unmarshal(ParametersSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	defs := schema["$defs"].(map[string]any)
	def := func(name string) map[string]any { return defs[name].(map[string]any) }
	arms := func(union map[string]any) map[string]map[string]any {
		out := map[string]map[string]any{}
		for _, a := range union["oneOf"].([]any) {
			arm := a.(map[string]any)
			kind := arm["properties"].(map[string]any)["kind"].(map[string]any)["const"].(string)
			out[kind] = arm
		}
		return out
	}
	check := func(what string, goType reflect.Type, node map[string]any) {
		t.Helper()
		got := jsonKeys(goType)
		want := propertyKeys(node)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the Go keys are %v, the schema's %v", what, got, want)
		}
	}

	fieldArms := arms(def("field"))
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name())
		arm, ok := fieldArms[k.Name()]
		if !ok {
			t.Errorf("field kind %q has no arm in the schema", k.Name())
			continue
		}
		check("field "+k.Name(), reflect.TypeOf(k.normalForm(&Field{Kind: k})), arm)
	}
	if got := slices.Sorted(maps.Keys(fieldArms)); !slices.Equal(got, slices.Sorted(slices.Values(names))) {
		t.Errorf("the schema's field kinds are %v, the Go kinds %v", got, names)
	}

	blockArms := arms(def("block"))
	blocks := []string{BlockMarkdown, BlockMetrics, BlockTable, BlockDiff, BlockNotice}
	for _, kind := range blocks {
		arm, ok := blockArms[kind]
		if !ok {
			t.Errorf("block kind %q has no arm in the schema", kind)
			continue
		}
		check("block "+kind, reflect.TypeOf(Block{Kind: kind}.normalForm()), arm)
	}
	if got := slices.Sorted(maps.Keys(blockArms)); !slices.Equal(got, slices.Sorted(slices.Values(blocks))) {
		t.Errorf("the schema's block kinds are %v, the Go kinds %v", got, blocks)
	}

	section := def("section")
	layouts := arms(section["properties"].(map[string]any)["layout"].(map[string]any))
	if got := slices.Sorted(maps.Keys(layouts)); !slices.Equal(got, []string{LayoutGrid, LayoutStack}) {
		t.Errorf("the schema's layouts are %v, the Go layouts %v", got, []string{LayoutGrid, LayoutStack})
	}
	layoutKeys := map[string]any{}
	for _, arm := range layouts {
		for k, v := range arm["properties"].(map[string]any) {
			layoutKeys[k] = v
		}
	}
	check("layout (its arms together)", reflect.TypeFor[Layout](), map[string]any{"properties": layoutKeys})

	norm := reflect.TypeOf((&Model{}).normalForm())
	modelDef := def("model")
	check("model", norm, modelDef)
	sectionsField, _ := norm.FieldByName("Sections")
	check("section", sectionsField.Type.Elem(), section)
	check("submit", reflect.TypeFor[Submit](), modelDef["properties"].(map[string]any)["submit"].(map[string]any))
	metrics := blockArms[BlockMetrics]["properties"].(map[string]any)["items"].(map[string]any)["items"].(map[string]any)
	check("metric", reflect.TypeFor[Metric](), metrics)
	check("table column and matrix row (item)", reflect.TypeFor[Column](), def("item"))
	check("option", reflect.TypeFor[Option](), def("o")["items"].(map[string]any))
	check("condition (w)", reflect.TypeFor[Condition](), def("w"))
	check("bound that names a field (ref)", reflect.TypeFor[FieldRef](), def("ref"))
}

// jsonKeys are the JSON keys of a struct type, those of embedded structs
// included, sorted.
func jsonKeys(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonKeys(f.Type)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if key == "" {
			key = f.Name
		}
		if key != "-" {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}

// propertyKeys are the keys of a schema object's properties, sorted.
func propertyKeys(node map[string]any) []string {
	props, _ := node["properties"].(map[string]any)
	return slices.Sorted(maps.Keys(props))
}
