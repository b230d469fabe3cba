package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// workspaceOnly names the fields of the repository's package.json that serve the npm workspace
// of this repository (its JS projects, their dev dependencies and the overrides their install
// needs) and have no place in the published bundle: pnpm, installing the tarball into a dsh
// profile, must see a plain package.
var workspaceOnly = []string{"workspaces", "devDependencies", "overrides"}

// jsonField is one member of a JSON object, its value kept as written.
type jsonField struct {
	Key   string
	Value json.RawMessage
}

// rewriteObject returns the JSON object raw with the members keep refuses left out and the
// members of add appended (replacing a member of the same name), every other member in its
// order and with its value, indented with two spaces.
func rewriteObject(raw []byte, keep func(key string) bool, add ...jsonField) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	added := make(map[string]bool, len(add))
	for _, f := range add {
		added[f.Key] = true
	}
	var fields []jsonField
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, fmt.Errorf("field %q: %w", key, err)
		}
		if keep(key) && !added[key] {
			fields = append(fields, jsonField{key, value})
		}
	}
	var compact bytes.Buffer
	compact.WriteByte('{')
	for i, f := range append(fields, add...) {
		if i > 0 {
			compact.WriteByte(',')
		}
		name, _ := json.Marshal(f.Key)
		compact.Write(name)
		compact.WriteByte(':')
		compact.Write(f.Value)
	}
	compact.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// packedPackageJSON returns the package.json document raw without the workspace-only fields,
// keeping every other field, its order and its value, indented with two spaces.
func packedPackageJSON(raw []byte) ([]byte, error) {
	out, err := rewriteObject(raw, func(key string) bool { return !isWorkspaceOnly(key) })
	if err != nil {
		return nil, fmt.Errorf("package.json: %w", err)
	}
	return out, nil
}

func isWorkspaceOnly(key string) bool {
	for _, k := range workspaceOnly {
		if key == k {
			return true
		}
	}
	return false
}

// stampPackageJSON rewrites stage/package.json as the packed bundle carries it.
func stampPackageJSON(stage string) error {
	path := filepath.Join(stage, "package.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	packed, err := packedPackageJSON(raw)
	if err != nil {
		return err
	}
	return os.WriteFile(path, packed, 0o644)
}

// workspaceFields names the workspace-only fields present in the package.json in folder.
func workspaceFields(folder string) ([]string, error) {
	raw, err := os.ReadFile(filepath.Join(folder, "package.json"))
	if err != nil {
		return nil, err
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("package.json: %w", err)
	}
	var found []string
	for _, k := range workspaceOnly {
		if _, ok := doc[k]; ok {
			found = append(found, k)
		}
	}
	return found, nil
}
