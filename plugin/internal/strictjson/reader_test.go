package strictjson_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// plain words every finding by its parts, so tests see what the reader
// passed on.
type plain struct{ brief bool }

func (w plain) Syntax(e strictjson.SyntaxError) string {
	what := e.Detail
	if w.brief {
		what = e.Brief
	}
	return fmt.Sprintf("%d %s: %s", e.Offset, e.Pointer, what)
}
func (plain) TooDeep(max int) string             { return fmt.Sprintf("deeper than %d", max) }
func (plain) DuplicateKey(key string) string     { return "again " + key }
func (plain) InvalidText() string                { return "bad text" }
func (plain) NumberOutOfRange(lit string) string { return "range " + lit }

func TestDecode(t *testing.T) {
	t.Parallel()
	strict := strictjson.Options{MaxDepth: 3, CheckNumbers: true, Wording: plain{}}
	loose := strictjson.Options{MaxDepth: 3, Wording: plain{brief: true}}
	tests := []struct {
		name     string
		in       string
		opts     strictjson.Options
		want     any
		problems []tasksurface.Problem
		err      *strictjson.Error
	}{
		{"values", `{"a":[1,"x",true,null]}`, strict, map[string]any{"a": []any{json.Number("1"), "x", true, nil}}, nil, nil},
		{"first of a repeated key wins", `{"a":1,"a":2}`, strict, map[string]any{"a": json.Number("1")},
			[]tasksurface.Problem{{Code: tasksurface.CodeDuplicateKey, Message: "again a", Pointer: "/a"}}, nil},
		{"lone surrogate", `["\ud800"]`, strict, []any{"\ufffd"},
			[]tasksurface.Problem{{Code: tasksurface.CodeForbiddenCharacter, Message: "bad text", Pointer: "/0"}}, nil},
		{"escaped key in pointer", `{"a/b":{"~":1e999}}`, strict, map[string]any{"a/b": map[string]any{"~": json.Number("0")}},
			[]tasksurface.Problem{{Code: tasksurface.CodeInvalidValue, Message: "range 1e999", Pointer: "/a~1b/~0"}}, nil},
		{"numbers unchecked", `1e999`, loose, json.Number("1e999"), nil, nil},
		{"too deep", `[[[[1]]]]`, strict, nil, nil, &strictjson.Error{Code: tasksurface.CodeTooDeep, Pointer: "/0/0/0", Message: "deeper than 3"}},
		{"trailing data", `{} x`, strict, nil, nil, &strictjson.Error{Code: tasksurface.CodeInvalidJSON, Message: "3 : unexpected data after the top-level value"}},
		{"fault inside", `{"a":[1,}`, strict, nil, nil, &strictjson.Error{Code: tasksurface.CodeInvalidJSON, Message: "8 /a/1: unexpected \"}\""}},
		{"control detail", "\"\x01\"", strict, nil, nil, &strictjson.Error{Code: tasksurface.CodeInvalidJSON, Message: "1 : control character 0x01 inside a string must be escaped"}},
		{"control brief", "\"\x01\"", loose, nil, nil, &strictjson.Error{Code: tasksurface.CodeInvalidJSON, Message: "1 : a control character inside a string must be escaped"}},
		{"short \\u brief", `"\u12`, loose, nil, nil, &strictjson.Error{Code: tasksurface.CodeInvalidJSON, Message: "3 : unterminated \\u escape"}},
		{"escape offset past the letter", `"\q"`, strict, nil, nil, &strictjson.Error{Code: tasksurface.CodeInvalidJSON, Message: "3 : invalid escape \\q"}},
		{"fraction detail", `1.x`, strict, nil, nil, &strictjson.Error{Code: tasksurface.CodeInvalidJSON, Message: "2 : invalid number: expected a digit after '.'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var ps problem.List
			got, err := strictjson.Decode([]byte(tt.in), tt.opts, &ps)
			if !reflect.DeepEqual(err, tt.err) {
				t.Fatalf("error = %+v, want %+v", err, tt.err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("value = %#v, want %#v", got, tt.want)
			}
			if !reflect.DeepEqual(ps.Items, tt.problems) {
				t.Errorf("problems = %+v, want %+v", ps.Items, tt.problems)
			}
		})
	}
}

func TestDecodeMembersKeepsDocumentOrder(t *testing.T) {
	t.Parallel()
	opts := strictjson.Options{MaxDepth: 4, Wording: plain{}}
	var ps problem.List
	members, isObject, top, err := strictjson.DecodeMembers([]byte(`{"z":1,"a":{"k":2},"z":3,"m":[]}`), opts, &ps)
	if err != nil || !isObject || top != nil {
		t.Fatalf("got %v %v %v", isObject, top, err)
	}
	want := []strictjson.Member{{Key: "z", Value: json.Number("1")}, {Key: "a", Value: map[string]any{"k": json.Number("2")}}, {Key: "m", Value: []any{}}}
	if !reflect.DeepEqual(members, want) {
		t.Errorf("members = %#v, want %#v", members, want)
	}
	if len(ps.Items) != 1 || ps.Items[0].Pointer != "/z" {
		t.Errorf("problems = %+v, want one duplicate at /z", ps.Items)
	}
	_, isObject, top, err = strictjson.DecodeMembers([]byte(` "s" `), opts, &ps)
	if err != nil || isObject || top != "s" {
		t.Errorf("a string document: %v %v %v", isObject, top, err)
	}
}

func TestTypeName(t *testing.T) {
	t.Parallel()
	for v, want := range map[any]string{nil: "null", true: "a boolean", json.Number("1"): "a number", "s": "a string", 1: "an unknown value"} {
		if got := strictjson.TypeName(v); got != want {
			t.Errorf("TypeName(%#v) = %q, want %q", v, got, want)
		}
	}
}

func TestScanNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in    string
		end   int
		expAt int
		fault string
	}{
		{"0", 1, -1, ""},
		{"-12.50e+7,", 9, 8, ""},
		{"1E9", 3, 2, ""},
		{"01", 1, -1, ""},
		{"-", 1, -1, "invalid number"},
		{"-x", 1, -1, "invalid number"},
		{"x", 0, -1, "invalid number"},
		{"1.", 2, -1, "invalid number: expected a digit after '.'"},
		{"1.e5", 2, -1, "invalid number: expected a digit after '.'"},
		{"1e", 2, -1, "invalid number: expected a digit in the exponent"},
		{"1e-", 3, -1, "invalid number: expected a digit in the exponent"},
	}
	for _, tt := range tests {
		end, expAt, fault := strictjson.ScanNumber([]byte(tt.in), 0)
		if end != tt.end || expAt != tt.expAt || fault != tt.fault {
			t.Errorf("ScanNumber(%q) = %d, %d, %q; want %d, %d, %q", tt.in, end, expAt, fault, tt.end, tt.expAt, tt.fault)
		}
		if end2, _, _ := strictjson.ScanNumber([]byte(tt.in), 0); end2 != end {
			t.Errorf("ScanNumber reads %q as bytes to %d, as a string to %d", tt.in, end2, end)
		}
	}
}

func TestSkipSpace(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int{"": 0, "x": 0, " \t\r\nx ": 4, "   ": 3, "\u00a0": 0} {
		if got := strictjson.SkipSpace([]byte(in), 0); got != want {
			t.Errorf("SkipSpace(%q) = %d, want %d", in, got, want)
		}
	}
}
