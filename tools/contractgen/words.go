package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// wordTypes are the word types of sdk/tasksurface, in the order the
// generated files declare them.
var wordTypes = []string{"Reason", "Phase", "Code", "Rule", "Param", "Outcome"}

// group is one word type with its constants.
type group struct {
	// Type is the Go type's name, e.g. "Reason".
	Type string
	// Doc is the type's doc comment.
	Doc string
	// Words are the constants in declaration order.
	Words []word
}

// word is one constant of a word type.
type word struct {
	// Const is the Go name, e.g. "ReasonNotOpen".
	Const string
	// Key is Const without the type's name, e.g. "NotOpen".
	Key string
	// Value is the word on the wire, e.g. "not-open".
	Value string
	// Doc is the constant's doc comment.
	Doc string
}

// loadWords reads the word types and their constants from the Go source in
// dir and checks them against the lists the package exports.
func loadWords(dir string) ([]group, error) {
	fset := token.NewFileSet()
	files, err := parseDir(fset, dir)
	if err != nil {
		return nil, err
	}
	groups := map[string]*group{}
	for _, t := range wordTypes {
		groups[t] = &group{Type: t}
	}
	for _, f := range files {
		if err := collect(f, fset, groups); err != nil {
			return nil, err
		}
	}
	out := make([]group, 0, len(wordTypes))
	for _, t := range wordTypes {
		out = append(out, *groups[t])
	}
	if err := checkLists(out); err != nil {
		return nil, err
	}
	return out, nil
}

// parseDir parses the non-test Go files of dir, with their comments.
func parseDir(fset *token.FileSet, dir string) ([]*ast.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", name, err)
		}
		files = append(files, f)
	}
	return files, nil
}

// collect adds the word types' doc comments and constants of one file.
func collect(f *ast.File, fset *token.FileSet, groups map[string]*group) error {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				if g, ok := groups[s.Name.Name]; ok {
					g.Doc = docText(s.Doc, gd.Doc)
				}
			case *ast.ValueSpec:
				if gd.Tok != token.CONST || s.Type == nil {
					continue
				}
				typ, ok := s.Type.(*ast.Ident)
				if !ok || groups[typ.Name] == nil {
					continue
				}
				if len(s.Names) != 1 || len(s.Values) != 1 {
					return fmt.Errorf("%s: declare one %s per line", fset.Position(s.Pos()), typ.Name)
				}
				w, err := wordOf(typ.Name, s, gd)
				if err != nil {
					return fmt.Errorf("%s: %w", fset.Position(s.Pos()), err)
				}
				groups[typ.Name].Words = append(groups[typ.Name].Words, w)
			}
		}
	}
	return nil
}

// wordOf reads one constant of type typ.
func wordOf(typ string, s *ast.ValueSpec, gd *ast.GenDecl) (word, error) {
	name := s.Names[0].Name
	lit, ok := s.Values[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return word{}, fmt.Errorf("%s is not a string literal", name)
	}
	value, err := strconv.Unquote(lit.Value)
	if err != nil {
		return word{}, fmt.Errorf("%s: %w", name, err)
	}
	key, ok := strings.CutPrefix(name, typ)
	if !ok || key == "" {
		return word{}, fmt.Errorf("%s does not start with its type's name, %s", name, typ)
	}
	var groupDoc *ast.CommentGroup
	if len(gd.Specs) == 1 {
		groupDoc = gd.Doc
	}
	doc := docText(s.Doc, groupDoc)
	if doc == "" {
		return word{}, fmt.Errorf("%s has no doc comment", name)
	}
	return word{Const: name, Key: key, Value: value, Doc: doc}, nil
}

// docText is the text of the first comment group that has one.
func docText(groups ...*ast.CommentGroup) string {
	for _, g := range groups {
		if t := strings.TrimSpace(g.Text()); t != "" {
			return t
		}
	}
	return ""
}

// checkLists fails unless the constants read from source are, in order,
// what tasksurface.Reasons, Phases, Codes, Rules, Params and Outcomes
// return.
func checkLists(groups []group) error {
	listed := map[string][]string{
		"Reason":  strs(tasksurface.Reasons()),
		"Phase":   strs(tasksurface.Phases()),
		"Code":    strs(tasksurface.Codes()),
		"Rule":    strs(tasksurface.Rules()),
		"Param":   strs(tasksurface.Params()),
		"Outcome": strs(tasksurface.Outcomes()),
	}
	for _, g := range groups {
		declared := make([]string, len(g.Words))
		for i, w := range g.Words {
			declared[i] = w.Value
		}
		if len(declared) == 0 {
			return fmt.Errorf("no %s constants found", g.Type)
		}
		if !slices.Equal(declared, listed[g.Type]) {
			return fmt.Errorf("the %s constants %v are not what tasksurface.%ss() lists, %v", g.Type, declared, g.Type, listed[g.Type])
		}
	}
	return nil
}

// strs converts words to strings.
func strs[T ~string](in []T) []string {
	out := make([]string, len(in))
	for i, w := range in {
		out[i] = string(w)
	}
	return out
}
