package fromproto_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// goTypes maps each proto message to the public Go type that carries it.
var goTypes = map[protoreflect.Name]any{
	"Problem": tasksurface.Problem{}, "Limits": tasksurface.Limits{}, "LogProblem": tasksurface.LogProblem{},
	"DescribeResponse": tasksurface.Description{}, "ToolDeclaration": tasksurface.ToolDeclaration{},
	"ProjectionDeclaration": tasksurface.ProjectionDeclaration{}, "CommandDeclaration": tasksurface.CommandDeclaration{},
	"QueueHooksDeclaration": tasksurface.QueueHooksDeclaration{},
	"ConfigureRequest":      tasksurface.ConfigureRequest{}, "ConfigureResponse": tasksurface.ConfigureResponse{},
	"ShowRequest": tasksurface.ShowRequest{}, "ShowResponse": tasksurface.ShowResponse{},
	"GetActiveRequest": tasksurface.GetActiveRequest{}, "GetActiveResponse": tasksurface.GetActiveResponse{},
	"PendingSubmission": tasksurface.PendingSubmission{},
	"SubmitRequest":     tasksurface.SubmitRequest{}, "SubmitResponse": tasksurface.SubmitResponse{},
	"DismissRequest": tasksurface.DismissRequest{}, "DismissResponse": tasksurface.DismissResponse{},
	"QueueActionRequest": tasksurface.QueueActionRequest{}, "QueueActionResponse": tasksurface.QueueActionResponse{},
	"FoldRequest": tasksurface.FoldRequest{}, "FoldResponse": tasksurface.FoldResponse{},
	"ValidateRequest": tasksurface.ValidateRequest{}, "ValidateResponse": tasksurface.ValidateResponse{},
	"SessionSnapshot": tasksurface.Snapshot{}, "QueuedMessage": tasksurface.QueuedMessage{},
	"CheckRequest": tasksurface.CheckRequest{}, "CheckResponse": tasksurface.CheckResponse{},
	"Admission": tasksurface.Admission{}, "DismissalRecord": tasksurface.DismissalRecord{},
	"DismissalInFlight": tasksurface.DismissalInFlight{},
}

// Messages with no Go type: Describe takes no request, Echo is the
// transport's own.
var noGoType = []protoreflect.Name{"DescribeRequest", "EchoMessage"}

// renamed pairs a proto field with the Go field's JSON name where the two
// differ on purpose.
var renamed = map[string]string{}

// goOnly lists Go fields with no proto field, each with its reason.
var goOnly = map[string]string{
	// Only a log read from a file (ReadLog) has lines.
	"LogProblem.line": "ReadLog",
}

// jsonName is a proto field's name as the Go types spell it in JSON: the
// "_json" suffix of a bytes field dropped, then lowerCamelCase.
func jsonName(f protoreflect.FieldDescriptor) string {
	parts := strings.Split(strings.TrimSuffix(string(f.Name()), "_json"), "_")
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}

// The proto and the public Go types agree field for field, and every Go
// field's JSON name is the proto field's: a field added on one side only,
// such as a meta_json added to one side once was, fails here.
func TestProtoAndGoTypesAgree(t *testing.T) {
	t.Parallel()
	msgs := tsproto3.File_tasksurface_v3_tasksurface_proto.Messages()
	for i := 0; i < msgs.Len(); i++ {
		md := msgs.Get(i)
		t.Run(string(md.Name()), func(t *testing.T) {
			t.Parallel()
			goValue, ok := goTypes[md.Name()]
			if !ok {
				if !slices.Contains(noGoType, md.Name()) {
					t.Fatalf("proto message %s has no Go type in tasksurface", md.Name())
				}
				return
			}
			goFields := map[string]bool{}
			typ := reflect.TypeOf(goValue)
			for j := 0; j < typ.NumField(); j++ {
				f := typ.Field(j)
				tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if tag == "" {
					t.Errorf("Go field %s.%s has no JSON tag", typ.Name(), f.Name)
					continue
				}
				goFields[tag] = true
			}
			fields := md.Fields()
			for j := 0; j < fields.Len(); j++ {
				name := jsonName(fields.Get(j))
				if r, ok := renamed[string(md.Name())+"."+string(fields.Get(j).Name())]; ok {
					name = r
				}
				if !goFields[name] {
					t.Errorf("proto field %s.%s has no Go field with JSON name %q in %s", md.Name(), fields.Get(j).Name(), name, typ.Name())
				}
				delete(goFields, name)
			}
			for name := range goFields {
				if _, ok := goOnly[string(md.Name())+"."+name]; !ok {
					t.Errorf("Go field %s (JSON %q) has no proto field in %s", typ.Name(), name, md.Name())
				}
			}
		})
	}
}
