package fromproto_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/dsh-community/task-surface/sdk/internal/fromproto"
	"github.com/dsh-community/task-surface/sdk/internal/toproto"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Every public value survives the trip through its protobuf message
// unchanged, in both directions of the contract.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	raw := json.RawMessage(`{"a":1}`)
	problems := []tasksurface.Problem{{Code: "missing", Message: "title is required", Pointer: "/title"},
		{Code: "invalid-value", Message: `"Load": 400.3 must be a whole number.`, Pointer: "/load", Rule: tasksurface.RuleNotWhole,
			Params: map[tasksurface.Param]string{tasksurface.ParamValue: "400.3", tasksurface.ParamBelow: "400", tasksurface.ParamAbove: "450"}}}
	limits := tasksurface.Limits{MaxModelBytes: 1, MaxBlocks: 2, MaxFields: 3, MaxTableRows: 4, MaxSubmissionBytes: 5}
	snapshot := tasksurface.Snapshot{Projection: raw, LogSeq: 12, OpeningMeta: raw, StateToken: "t1", Queue: []tasksurface.QueuedMessage{
		{MessageID: "m1", Phase: "queued", Source: raw}, {MessageID: "m2", Phase: "claiming", SurfaceID: "f", SubmissionID: "b"},
		{MessageID: "m3", Phase: "queued", IsOrdinary: true},
	}, Dismissals: []tasksurface.DismissalInFlight{{SurfaceID: "f", DismissalID: "d"}}}

	tests := map[string]struct {
		in   any
		trip func(any) any
	}{
		"description": {
			in: &tasksurface.Description{
				APIVersion: "1.0", PluginVersion: "0.1.0",
				Tool:          tasksurface.ToolDeclaration{Name: "t", Description: "d", ParametersSchema: raw, OutputSchema: raw, Exclusive: true, Modes: []tasksurface.Mode{"native"}, ConcludesTurn: true},
				Projection:    tasksurface.ProjectionDeclaration{Key: "k", StateVersion: 2, EventTypes: []string{"e"}},
				Command:       tasksurface.CommandDeclaration{Name: "c", Description: "d", Subcommands: []string{"dismiss"}},
				QueueHooks:    tasksurface.QueueHooksDeclaration{Veto: []tasksurface.QueueAction{"edit"}, SourceKey: "s"},
				DefaultLimits: limits, MaxMessageBytes: 7,
			},
			trip: func(v any) any {
				return fromproto.DescribeResponse(toproto.DescribeResponse(v.(*tasksurface.Description)))
			},
		},
		"configure request": {
			in: &tasksurface.ConfigureRequest{Limits: limits, HostName: "h"},
			trip: func(v any) any {
				return fromproto.ConfigureRequest(toproto.ConfigureRequest(v.(*tasksurface.ConfigureRequest)))
			},
		},
		"configure response": {
			in: &tasksurface.ConfigureResponse{EffectiveLimits: limits, Problems: problems},
			trip: func(v any) any {
				return fromproto.ConfigureResponse(toproto.ConfigureResponse(v.(*tasksurface.ConfigureResponse)))
			},
		},
		"show request": {
			in:   &tasksurface.ShowRequest{SessionID: "s", CallID: "c", ParentCallID: "p", Arguments: raw, Projection: raw, Mode: "native", OmitMeta: true},
			trip: func(v any) any { return fromproto.ShowRequest(toproto.ShowRequest(v.(*tasksurface.ShowRequest))) },
		},
		"show response": {
			in:   &tasksurface.ShowResponse{OK: false, Value: raw, ErrorCode: "invalid-model", ErrorText: "fix", Problems: problems, Text: "t", Meta: raw, SurfaceID: "tsf_1"},
			trip: func(v any) any { return fromproto.ShowResponse(toproto.ShowResponse(v.(*tasksurface.ShowResponse))) },
		},
		"get active request": {
			in: &tasksurface.GetActiveRequest{SessionID: "s", SurfaceID: "f", ModelHeld: true, Snapshot: snapshot},
			trip: func(v any) any {
				return fromproto.GetActiveRequest(toproto.GetActiveRequest(v.(*tasksurface.GetActiveRequest)))
			},
		},
		"get active response with pending": {
			in: &tasksurface.GetActiveResponse{Active: true, CallID: "c", SurfaceID: "f", Model: raw, Markdown: raw,
				Pending: &tasksurface.PendingSubmission{SubmissionID: "b", MessageID: "m", Phase: "claiming"}},
			trip: func(v any) any {
				return fromproto.GetActiveResponse(toproto.GetActiveResponse(v.(*tasksurface.GetActiveResponse)))
			},
		},
		"get active response closed": {
			in: &tasksurface.GetActiveResponse{Reason: "not-open", MetaNeeded: true},
			trip: func(v any) any {
				return fromproto.GetActiveResponse(toproto.GetActiveResponse(v.(*tasksurface.GetActiveResponse)))
			},
		},
		"submit request": {
			in:   &tasksurface.SubmitRequest{SessionID: "s", SurfaceID: "f", SubmissionID: "b", Values: raw, Note: "n", Snapshot: snapshot},
			trip: func(v any) any { return fromproto.SubmitRequest(toproto.SubmitRequest(v.(*tasksurface.SubmitRequest))) },
		},
		"submit response": {
			in: &tasksurface.SubmitResponse{Accepted: true, MessageID: "m", Phase: "queued", Reason: "invalid-submission", Problems: problems,
				Admit: &tasksurface.Admission{MessageID: "m", Text: "t", Source: raw, SurfaceID: "f", CallID: "c", StateToken: "t1"}, MetaNeeded: true},
			trip: func(v any) any {
				return fromproto.SubmitResponse(toproto.SubmitResponse(v.(*tasksurface.SubmitResponse)))
			},
		},
		"dismiss": {
			in: &tasksurface.DismissRequest{SessionID: "s", SurfaceID: "f", DismissalID: "d", Snapshot: snapshot, CommandID: "cmd"},
			trip: func(v any) any {
				return fromproto.DismissRequest(toproto.DismissRequest(v.(*tasksurface.DismissRequest)))
			},
		},
		"dismiss response": {
			in: &tasksurface.DismissResponse{Dismissed: true, EventSeq: 42, Reason: "", Record: &tasksurface.DismissalRecord{
				SurfaceID: "f", DismissalID: "d", CallID: "c", CommandName: "n", CommandArgs: "a", StateToken: "t1"}},
			trip: func(v any) any {
				return fromproto.DismissResponse(toproto.DismissResponse(v.(*tasksurface.DismissResponse)))
			},
		},
		"queue action": {
			in: &tasksurface.QueueActionRequest{SessionID: "s", MessageID: "m", Action: "edit", Source: raw, Phase: "claiming"},
			trip: func(v any) any {
				return fromproto.QueueActionRequest(toproto.QueueActionRequest(v.(*tasksurface.QueueActionRequest)))
			},
		},
		"queue action response": {
			in: &tasksurface.QueueActionResponse{Allowed: false, Reason: "r"},
			trip: func(v any) any {
				return fromproto.QueueActionResponse(toproto.QueueActionResponse(v.(*tasksurface.QueueActionResponse)))
			},
		},
		"fold": {
			in:   &tasksurface.FoldRequest{State: raw, Events: []json.RawMessage{raw, raw}},
			trip: func(v any) any { return fromproto.FoldRequest(toproto.FoldRequest(v.(*tasksurface.FoldRequest))) },
		},
		"fold response": {
			in: &tasksurface.FoldResponse{State: raw, View: raw, Problems: []tasksurface.LogProblem{
				{Index: 1, Seq: 7, Type: "tool/call", Problem: problems[0]}, {Index: 2, Seq: -1, Problem: problems[0]}}},
			trip: func(v any) any { return fromproto.FoldResponse(toproto.FoldResponse(v.(*tasksurface.FoldResponse))) },
		},
		"validate": {
			in: &tasksurface.ValidateResponse{Valid: false, Problems: problems},
			trip: func(v any) any {
				return fromproto.ValidateResponse(toproto.ValidateResponse(v.(*tasksurface.ValidateResponse)))
			},
		},
		"check request": {
			in:   &tasksurface.CheckRequest{SessionID: "s", SurfaceID: "f", Values: raw, Note: "n", Snapshot: snapshot},
			trip: func(v any) any { return fromproto.CheckRequest(toproto.CheckRequest(v.(*tasksurface.CheckRequest))) },
		},
		"check response": {
			in: &tasksurface.CheckResponse{Checked: true, Problems: problems, Unanswered: []string{"a", "b"}, Reason: "stale", MetaNeeded: true},
			trip: func(v any) any {
				return fromproto.CheckResponse(toproto.CheckResponse(v.(*tasksurface.CheckResponse)))
			},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := tc.trip(tc.in); !reflect.DeepEqual(got, tc.in) {
				t.Errorf("round trip changed the value\n got: %+v\nwant: %+v", got, tc.in)
			}
		})
	}
}

// Problem text that is not valid UTF-8 is cleaned rather than failing the
// whole response on the wire.
func TestProblemsInvalidUTF8(t *testing.T) {
	t.Parallel()
	got := fromproto.Problems(toproto.Problems([]tasksurface.Problem{{Code: "x", Message: "bad \xff byte", Pointer: "/a"}}))
	if got[0].Message != "bad \uFFFD byte" {
		t.Errorf("message = %q, want the invalid byte replaced", got[0].Message)
	}
}

// A nil message converts to zero values instead of panicking.
func TestNilMessages(t *testing.T) {
	t.Parallel()
	if d := fromproto.DescribeResponse(nil); d.Tool.Name != "" {
		t.Errorf("nil description gave %+v", d)
	}
	if r := fromproto.GetActiveResponse(nil); r.Active || r.Pending != nil {
		t.Errorf("nil get-active gave %+v", r)
	}
}
