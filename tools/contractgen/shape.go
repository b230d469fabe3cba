package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// shapeTypes are the JSON shapes of sdk/tasksurface that the JavaScript
// halves read or write themselves, in the order the generated files declare
// them: the projection view, which the host shim's fold writes (its
// synchronous twin of plugin/fold) and the browser reads.
var shapeTypes = []reflect.Type{
	reflect.TypeFor[tasksurface.ProjectionView](),
	reflect.TypeFor[tasksurface.OpenSurface](),
	reflect.TypeFor[tasksurface.ClosedSurface](),
}

// shape is one struct of the contract as JSON.
type shape struct {
	// Name is the Go type's name, e.g. "ClosedSurface".
	Name string
	// Doc is the type's doc comment.
	Doc string
	// Members are the JSON members in declaration order.
	Members []member
}

// member is one JSON member of a shape.
type member struct {
	// Key is the JSON key, e.g. "surfaceId".
	Key string
	// Optional is true when the member is left out when empty (omitempty).
	Optional bool
	// TS is the member's TypeScript type; JS its JSDoc type.
	TS, JS string
	// Doc is the Go field's doc comment.
	Doc string
}

// loadShapes reads shapeTypes by reflection, with the doc comments of the
// types and their fields from the Go source in dir; a type or a field
// without one is an error.
func loadShapes(dir string) ([]shape, error) {
	files, err := parseDir(token.NewFileSet(), dir)
	if err != nil {
		return nil, err
	}
	typeDocs := map[string]string{}
	fieldDocs := map[string]string{} // "Type.Field"
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				var groupDoc *ast.CommentGroup
				if len(gd.Specs) == 1 {
					groupDoc = gd.Doc
				}
				typeDocs[ts.Name.Name] = docText(ts.Doc, groupDoc)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					for _, n := range fl.Names {
						fieldDocs[ts.Name.Name+"."+n.Name] = docText(fl.Doc)
					}
				}
			}
		}
	}
	words := map[reflect.Type]string{reflect.TypeFor[tasksurface.Outcome](): "Outcome"}
	out := make([]shape, 0, len(shapeTypes))
	for _, t := range shapeTypes {
		s := shape{Name: t.Name(), Doc: typeDocs[t.Name()]}
		if s.Doc == "" {
			return nil, fmt.Errorf("tasksurface.%s has no doc comment", t.Name())
		}
		for i := range t.NumField() {
			f := t.Field(i)
			key, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if key == "" || key == "-" {
				return nil, fmt.Errorf("tasksurface.%s.%s has no JSON key", t.Name(), f.Name)
			}
			m := member{Key: key, Optional: strings.Contains(","+opts+",", ",omitempty,"), Doc: fieldDocs[t.Name()+"."+f.Name]}
			if m.Doc == "" {
				return nil, fmt.Errorf("tasksurface.%s.%s has no doc comment", t.Name(), f.Name)
			}
			if m.TS, m.JS, err = jsTypes(f.Type, words); err != nil {
				return nil, fmt.Errorf("tasksurface.%s.%s: %w", t.Name(), f.Name, err)
			}
			s.Members = append(s.Members, m)
		}
		out = append(out, s)
	}
	return out, nil
}

// jsTypes spells a Go field's type in TypeScript and in JSDoc: a word type
// as its enum (a string in JSDoc), any other string type as string, an
// integer as number, a pointer to a shape as the shape or null, a slice of
// shapes as an array.
func jsTypes(t reflect.Type, words map[reflect.Type]string) (ts, js string, err error) {
	switch t.Kind() {
	case reflect.String:
		if w, ok := words[t]; ok {
			return w, "string", nil
		}
		return "string", "string", nil
	case reflect.Int, reflect.Int64:
		return "number", "number", nil
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Struct {
			return t.Elem().Name() + " | null", t.Elem().Name() + " | null", nil
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Struct {
			return t.Elem().Name() + "[]", t.Elem().Name() + "[]", nil
		}
	}
	return "", "", fmt.Errorf("no JavaScript spelling for %s", t)
}

// writeShapesTS writes each shape as a TypeScript interface, which costs a
// bundle nothing.
func writeShapesTS(b *strings.Builder, shapes []shape, names map[string]string) {
	for _, s := range shapes {
		b.WriteString("\n")
		writeDoc(b, "", strings.TrimSuffix(s.Doc, ".")+" (tasksurface."+s.Name+").", names)
		b.WriteString("export interface " + s.Name + " {\n")
		for _, m := range s.Members {
			writeDoc(b, "  ", m.Doc, names)
			opt := ""
			if m.Optional {
				opt = "?"
			}
			b.WriteString("  " + jsKey(m.Key) + opt + ": " + m.TS + "\n")
		}
		b.WriteString("}\n")
	}
}

// writeShapesJS writes each shape as a JSDoc typedef and, for a shape with
// optional members, their keys as a frozen list (NAME_OPTIONAL), which a
// writer of the shape reads to leave out the empty ones as Go does.
func writeShapesJS(b *strings.Builder, shapes []shape, names map[string]string) {
	for _, s := range shapes {
		b.WriteString("\n/**\n")
		wrap(b, " *", spell(strings.TrimSuffix(s.Doc, ".")+" (tasksurface."+s.Name+").", names))
		b.WriteString(" *\n * @typedef {object} " + s.Name + "\n")
		var optional []string
		for _, m := range s.Members {
			key := m.Key
			if m.Optional {
				key = "[" + key + "]"
				optional = append(optional, jsString(m.Key))
			}
			wrap(b, " *", "@property {"+m.JS+"} "+key+" - "+spell(firstSentence(m.Doc), names))
		}
		b.WriteString(" */\n")
		if len(optional) > 0 {
			b.WriteString("\n")
			writeDoc(b, "", "The members of "+s.Name+" left out when empty, never null or ''.", names)
			b.WriteString("export const " + screaming(s.Name) + "_OPTIONAL = Object.freeze([" + strings.Join(optional, ", ") + "])\n")
		}
	}
}

// wrap writes text as comment lines that start with prefix, wrapped to
// lineWidth.
func wrap(b *strings.Builder, prefix, text string) {
	line := prefix
	for _, f := range strings.Fields(text) {
		if len(line)+1+len(f) > lineWidth && line != prefix {
			b.WriteString(line + "\n")
			line = prefix
		}
		line += " " + f
	}
	b.WriteString(line + "\n")
}

// spell writes the Go names of constants in doc as in JavaScript, as
// writeDoc does, and keeps a comment from closing early.
func spell(doc string, names map[string]string) string {
	doc = goIdent.ReplaceAllStringFunc(doc, func(id string) string {
		if js, ok := names[id]; ok {
			return js
		}
		return id
	})
	return strings.ReplaceAll(strings.Join(strings.Fields(doc), " "), "*/", "*\\/")
}

// screaming spells a Go type name in upper snake case: CLOSED_SURFACE.
func screaming(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}
