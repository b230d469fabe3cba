package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Every problem code and reason the plugin spells out in its source is a
// declared word, so the generated files cover what the plugin produces: a
// constant named Code… or Reason… with a string value, and a literal in a
// Code: or Reason: field. (The plugin names the SDK's constants today, so
// the walk finds no literal; it guards against one coming back.)
func TestPluginWordsAreDeclared(t *testing.T) {
	t.Parallel()
	known := map[string]func(string) bool{
		"Code":   func(s string) bool { return tasksurface.Code(s).Known() },
		"Reason": func(s string) bool { return tasksurface.Reason(s).Known() },
	}
	fset := token.NewFileSet()
	files := 0
	check := func(pos token.Pos, kind string, e ast.Expr) {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || s == "" {
			return
		}
		if !known[kind](s) {
			t.Errorf("%s: %s %q is not declared in sdk/tasksurface", fset.Position(pos), strings.ToLower(kind), s)
		}
	}
	err := filepath.WalkDir(filepath.Join(repoRoot, "plugin"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if kind := wordKind(name.Name); kind != "" && i < len(n.Values) {
						check(name.Pos(), kind, n.Values[i])
					}
				}
			case *ast.KeyValueExpr:
				if key, ok := n.Key.(*ast.Ident); ok && (key.Name == "Code" || key.Name == "Reason") {
					check(n.Pos(), key.Name, n.Value)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatal("no Go source found under plugin/")
	}
}

// wordKind is "Code" or "Reason" for a constant name that declares one,
// else "".
func wordKind(name string) string {
	for _, kind := range []string{"Code", "Reason"} {
		if rest, ok := strings.CutPrefix(name, kind); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			return kind
		}
	}
	return ""
}
