package model

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// rawSizeFactor bounds the raw input: a document more than this many times
// MaxModelBytes is rejected before it is decoded. Whitespace and escapes
// make raw JSON larger than its normalised form, but not by this much.
const rawSizeFactor = 4

// Parse parses and checks one model document (TaskSurfaceModelV1) under
// limits, whose zero fields take their defaults. It returns the model when
// there is no problem, and otherwise nil and every problem found (up to
// MaxProblems and a final too-many-problems), sorted by pointer and code,
// with pointers into the model.
//
// The model may share raw's bytes (its texts are read in place): the
// caller hands raw over and must not change it afterwards.
func Parse(raw []byte, limits tasksurface.Limits) (*Model, []tasksurface.Problem) {
	limits = limits.WithDefaults()
	if p, ok := rawTooLarge(raw, limits); ok {
		return nil, []tasksurface.Problem{p}
	}
	var ps problems
	doc, derr := decode(raw, &ps)
	if derr != nil {
		return nil, []tasksurface.Problem{{Code: derr.Code, Message: derr.Message, Pointer: derr.Pointer}}
	}
	return parseDocument(doc, limits, &ps)
}

// ParseArguments parses and checks the arguments of show_task_surface,
// {"model": TaskSurfaceModelV1}, like Parse. Pointers are into the model;
// a problem outside it (the arguments are not an object, "model" is
// missing, another key is present) has the pointer "" and the code
// invalid-arguments. Like Parse, the model may share raw's bytes.
func ParseArguments(raw []byte, limits tasksurface.Limits) (*Model, []tasksurface.Problem) {
	limits = limits.WithDefaults()
	if p, ok := rawTooLarge(raw, limits); ok {
		return nil, []tasksurface.Problem{p}
	}
	var ps problems
	doc, derr := decode(raw, &ps)
	if derr != nil {
		ptr, inside := intoModel(derr.Pointer)
		if !inside {
			ptr = ""
		}
		return nil, []tasksurface.Problem{{Code: derr.Code, Message: derr.Message, Pointer: ptr}}
	}
	var out problems
	for _, p := range ps.Items {
		// A problem at "/model" itself is about the key, not the model.
		if ptr, inside := intoModel(p.Pointer); inside && p.Pointer != argumentsRoot {
			p.Pointer = ptr
		} else {
			p = tasksurface.Problem{Code: tasksurface.CodeInvalidArguments, Pointer: "", Message: "in the arguments outside the model, " + p.Message}
		}
		out.Items = append(out.Items, p)
	}
	args, isObj := doc.(map[string]any)
	if !isObj {
		out.Add(tasksurface.CodeInvalidArguments, "", "the arguments must be an object {\"model\": {...}}, not %s.", strictjson.TypeName(doc))
		return nil, out.Finish(retry)
	}
	for _, key := range sortedKeys(args) {
		if key != "model" {
			out.Add(tasksurface.CodeInvalidArguments, "", "remove the argument %q; the only argument is \"model\".", problem.Abbreviate(key, 40))
		}
	}
	model, present := args["model"]
	if !present {
		out.Add(tasksurface.CodeInvalidArguments, "", "put the surface under the key \"model\": {\"model\": {\"version\": 1, ...}}.")
		return nil, out.Finish(retry)
	}
	return parseDocument(model, limits, &out)
}

// intoModel converts a pointer into the arguments into a pointer into the
// model, and reports whether it was inside the model at all.
func intoModel(ptr string) (string, bool) {
	if ptr == argumentsRoot || strings.HasPrefix(ptr, argumentsRoot+"/") {
		return ptr[len(argumentsRoot):], true
	}
	return "", false
}

func rawTooLarge(raw []byte, limits tasksurface.Limits) (tasksurface.Problem, bool) {
	max := rawSizeFactor * int(limits.MaxModelBytes)
	if len(raw) <= max {
		return tasksurface.Problem{}, false
	}
	return tasksurface.Problem{
		Code:    tasksurface.CodeLimitExceeded,
		Pointer: "",
		Message: fmt.Sprintf("the input is %d bytes, far over the model limit of %d bytes; send a much smaller model.", len(raw), limits.MaxModelBytes),
	}, true
}

// parseDocument checks a decoded model and builds it with its normalised
// bytes. ps already holds the decoder's problems.
func parseDocument(doc any, limits tasksurface.Limits, ps *problems) (*Model, []tasksurface.Problem) {
	if p, ok := unsupportedVersion(doc); ok {
		return nil, []tasksurface.Problem{p}
	}
	if p, ok := wrappedTwice(doc); ok {
		return nil, []tasksurface.Problem{p}
	}
	cs, err := loadSchema()
	if err != nil {
		// The schema is embedded and covered by tests; failing to compile
		// it is a defect of this build, not of the input.
		panic(err)
	}
	if err := validateSchema(cs, doc, ps); err != nil {
		panic(err)
	}
	checkSemantics(doc, limits, ps)
	dropShadowed(ps)
	remapInitial(ps)
	if len(ps.Items) > 0 {
		return nil, ps.Finish(retry)
	}
	m := build(doc.(map[string]any))
	normalized, err := marshalCompact(m.normalForm())
	if err != nil {
		// A checked document holds only values that encode.
		panic(err)
	}
	sizeProblem(len(normalized), limits, ps)
	if len(ps.Items) > 0 {
		return nil, ps.Finish(retry)
	}
	m.normalized = normalized
	return m, nil
}

// unsupportedVersion reports a numeric version other than 1 on its own: a
// model of another version would fail every other check for reasons that
// do not help.
func unsupportedVersion(doc any) (tasksurface.Problem, bool) {
	root, _ := doc.(map[string]any)
	n, ok := root["version"].(json.Number)
	if !ok {
		return tasksurface.Problem{}, false
	}
	if f, err := strconv.ParseFloat(string(n), 64); err == nil && (f == Version || f == VersionInterview) {
		return tasksurface.Problem{}, false
	}
	return tasksurface.Problem{
		Code:    tasksurface.CodeUnsupportedVersion,
		Pointer: "/version",
		Message: fmt.Sprintf("version %s is not supported; this tool takes version 1 or 2 models (the normalised model says 2 when it uses when, a bound that names a field or an allocation).", n),
	}, true
}

// wrappedTwice reports a model that is itself {"model": {...}}: the tool's
// arguments where the model belongs. Alone, since every other problem (an
// unknown key model, four missing keys) would only follow from it.
func wrappedTwice(doc any) (tasksurface.Problem, bool) {
	root, _ := doc.(map[string]any)
	_, wrapped := root["model"]
	if _, versioned := root["version"]; !wrapped || versioned {
		return tasksurface.Problem{}, false
	}
	return tasksurface.Problem{
		Code:    tasksurface.CodeInvalidArguments,
		Pointer: "",
		Message: "the model is wrapped in a second {\"model\": ...}; the arguments are {\"model\": {\"version\": 1, \"title\": ...}}, with the model's own keys directly under \"model\".",
	}, true
}
