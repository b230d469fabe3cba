package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// sharedName is one name of the log contract that the JavaScript halves
// spell too: its JavaScript spelling, its Go constant in sdk/tasksurface,
// and its value (read from the compiled package, so it cannot differ from
// Go's).
type sharedName struct {
	JS, Go string
	Value  any
	// Doc is the Go constant's doc comment, read from source.
	Doc string
}

// sharedNames lists the names, in the order the generated files declare
// them.
var sharedNames = []sharedName{
	{JS: "TOOL_NAME", Go: "ToolName", Value: tasksurface.ToolName},
	{JS: "PROJECTION_KEY", Go: "ProjectionKey", Value: tasksurface.ProjectionKey},
	{JS: "COMMAND_NAME", Go: "CommandName", Value: tasksurface.CommandName},
	{JS: "COMMAND_DISMISS", Go: "DismissVerb", Value: tasksurface.DismissVerb},
	{JS: "META_KIND", Go: "MetaKind", Value: tasksurface.MetaKind},
	{JS: "META_VERSION", Go: "MetaVersion", Value: tasksurface.MetaVersion},
	{JS: "SOURCE_KEY", Go: "SourceKey", Value: tasksurface.SourceKey},
	{JS: "SOURCE_VERSION", Go: "CorrelationVersion", Value: tasksurface.CorrelationVersion},
	{JS: "EVENT_TOOL_CALL", Go: "EventToolCall", Value: tasksurface.EventToolCall},
	{JS: "EVENT_TOOL_RESULT", Go: "EventToolResult", Value: tasksurface.EventToolResult},
	{JS: "EVENT_USER_MESSAGE", Go: "EventUserMessage", Value: tasksurface.EventUserMessage},
	{JS: "EVENT_COMMAND_RUN", Go: "EventCommandRun", Value: tasksurface.EventCommandRun},
	{JS: "EVENT_COMMAND_DONE", Go: "EventCommandDone", Value: tasksurface.EventCommandDone},
}

// loadNames returns sharedNames with each one's doc comment from the Go
// source in dir; a name without one is an error.
func loadNames(dir string) ([]sharedName, error) {
	docs := map[string]string{}
	files, err := parseDir(token.NewFileSet(), dir)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				s := spec.(*ast.ValueSpec)
				var groupDoc *ast.CommentGroup
				if len(gd.Specs) == 1 {
					groupDoc = gd.Doc
				}
				for _, n := range s.Names {
					docs[n.Name] = docText(s.Doc, groupDoc)
				}
			}
		}
	}
	out := make([]sharedName, len(sharedNames))
	for i, n := range sharedNames {
		if docs[n.Go] == "" {
			return nil, fmt.Errorf("tasksurface.%s has no doc comment", n.Go)
		}
		n.Doc = docs[n.Go]
		out[i] = n
	}
	return out, nil
}

// jsValue spells a name's value as a JavaScript literal.
func jsValue(v any) string {
	switch v := v.(type) {
	case string:
		return jsString(v)
	case int:
		return strconv.Itoa(v)
	}
	panic(fmt.Sprintf("contractgen: a shared name of type %T", v))
}
