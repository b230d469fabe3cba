package server

import (
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

const modelArgs = `{"model":{"version":1,"title":"Pick","sections":[{"id":"s","blocks":[{"kind":"markdown","text":"x"}]}],"fields":[{"kind":"text","id":"why","label":"Why"}],"submit":{"label":"Go"}}}`

// A Show needs the session's projection view: without one it is the host's
// bug, an error, not a surface opened beside another; with one, an open
// surface refuses a second.
func TestShowNeedsTheProjection(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		view     string
		wantOK   bool
		wantCode tasksurface.ShowErrorCode
		wantErr  bool
	}{
		"an open surface refuses another": {view: `{"active":{"callId":"c1","surfaceId":"tsf_open"},"outcomes":[]}`, wantCode: tasksurface.ShowSurfaceOpen},
		"a closed projection opens":       {view: `{"active":null,"outcomes":[]}`, wantOK: true},
		"no projection is an error":       {wantErr: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := New("test", nil)
			resp, err := s.Show(t.Context(), &tasksurface.ShowRequest{SessionID: "s1", CallID: "c2", Arguments: json.RawMessage(modelArgs), Projection: json.RawMessage(tc.view)})
			if tc.wantErr {
				if err == nil {
					t.Fatalf("Show without a projection = %+v, want an error", resp)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.OK != tc.wantOK || resp.ErrorCode != tc.wantCode {
				t.Errorf("Show = ok %v code %q, want ok %v code %q", resp.OK, resp.ErrorCode, tc.wantOK, tc.wantCode)
			}
		})
	}
}

// A log written with the SDK's constructors drives the fold: the result of
// a call opens its surface, the submitted message closes it, the dismissal
// records close the next one; an event the fold cannot read is reported
// with its seq.
func TestLogContractDrivesTheFold(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s := New("test", nil)
	var log []json.RawMessage
	add := func(d tasksurface.EventData) {
		ev, err := tasksurface.NewEvent(int64(len(log)), d)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := ev.Encode()
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, raw)
	}
	view := func() (fold.View, []tasksurface.LogProblem) {
		out, err := s.Fold(ctx, &tasksurface.FoldRequest{Events: log})
		if err != nil {
			t.Fatal(err)
		}
		v, err := fold.ParseView(out.View)
		if err != nil {
			t.Fatal(err)
		}
		return v, out.Problems
	}
	open := func(callID tasksurface.CallID) tasksurface.SurfaceID {
		add(tasksurface.NewToolCall(callID, "show_task_surface", json.RawMessage(modelArgs), ""))
		v, _ := view()
		projection, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := s.Show(ctx, &tasksurface.ShowRequest{SessionID: "s1", CallID: callID, Arguments: json.RawMessage(modelArgs), Projection: projection})
		if err != nil || !resp.OK {
			t.Fatalf("Show = %+v, %v", resp, err)
		}
		add(tasksurface.NewToolResult(callID, resp))
		var value struct {
			SurfaceID tasksurface.SurfaceID `json:"surfaceId"`
		}
		if err := json.Unmarshal(resp.Value, &value); err != nil {
			t.Fatal(err)
		}
		return value.SurfaceID
	}

	first := open("c1")
	if v, _ := view(); v.Active == nil || v.Active.SurfaceID != first {
		t.Fatalf("after the result the view is %+v, want %s open", v, first)
	}
	source, err := json.Marshal(tasksurface.MessageSource{Kind: "user", RpcID: "rpc-1", TaskSurface: &tasksurface.Correlation{
		Version: tasksurface.CorrelationVersion, SubmissionID: "sub-1", CallID: "c1", SurfaceID: first, Values: json.RawMessage(`{"why":"because"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	add((&tasksurface.Admission{MessageID: "m1", Text: "Why: because", Source: source}).Message())
	if v, _ := view(); v.Active != nil || len(v.Outcomes) != 1 || v.Outcomes[0].Outcome != fold.OutcomeSubmitted || v.Outcomes[0].SubmissionID != "sub-1" {
		t.Fatalf("after the message the view is %+v, want %s submitted", v, first)
	}

	second := open("c2")
	run, done := tasksurface.NewDismissal("cmd-1", &tasksurface.DismissalRecord{SurfaceID: second, DismissalID: "dis-1",
		CommandName: "task-surface", CommandArgs: tasksurface.DismissArgs(second, "dis-1")})
	add(run)
	add(done)
	v, problems := view()
	if v.Active != nil || v.Outcomes[len(v.Outcomes)-1].Outcome != fold.OutcomeDismissed || len(problems) != 0 {
		t.Fatalf("after the dismissal the view is %+v with problems %v, want %s dismissed", v, problems, second)
	}

	log = append(log, json.RawMessage(`{"type":"tool/result","seq":99,"data":"not an object"}`))
	if _, problems := view(); len(problems) != 1 || problems[0].Seq != 99 || problems[0].Problem.Pointer != "/data" {
		t.Errorf("problems = %v, want the event at seq 99 reported at /data", problems)
	}
}
