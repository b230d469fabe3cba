package server

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// projectionHost is a host whose only service is ReadProjection; it counts
// the reads.
type projectionHost struct {
	tasksurface.Host
	view  string
	err   error
	reads atomic.Int32
}

func (h *projectionHost) ReadProjection(context.Context, *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	h.reads.Add(1)
	if h.err != nil {
		return nil, h.err
	}
	if h.view == "" {
		return &tasksurface.ReadProjectionResponse{}, nil
	}
	return &tasksurface.ReadProjectionResponse{Found: true, View: json.RawMessage(h.view)}, nil
}

// A call without a projection view is answered as if the host's view had
// been read first, though the read runs while the model is checked: an open
// surface refuses even an invalid model, a failed read fails the call, and
// a nested call is refused without reading anything.
func TestShowReadsTheHostsView(t *testing.T) {
	t.Parallel()
	const valid = `{"model":{"version":1,"title":"T","sections":[],"fields":[{"kind":"toggle","id":"a","label":"A"}],"submit":{"label":"Go"}}}`
	const open = `{"active":{"callId":"call_1","surfaceId":"ts_open"}}`
	tests := map[string]struct {
		view      string
		readErr   error
		args      string
		parent    string
		wantCode  tasksurface.ShowErrorCode
		wantOK    bool
		wantErr   bool
		wantReads int32
	}{
		"nothing open":                  {view: `{"active":null}`, args: valid, wantOK: true, wantReads: 1},
		"a session the host lacks":      {args: valid, wantOK: true, wantReads: 1},
		"a surface open":                {view: open, args: valid, wantCode: tasksurface.ShowSurfaceOpen, wantReads: 1},
		"a surface open, invalid model": {view: open, args: `{"model":{}}`, wantCode: tasksurface.ShowSurfaceOpen, wantReads: 1},
		"the read fails":                {readErr: errors.New("host gone"), args: valid, wantErr: true, wantReads: 1},
		"a nested call":                 {view: open, args: valid, parent: "call_0", wantCode: tasksurface.ShowNestedCall},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := New("test", nil)
			host := &projectionHost{view: tc.view, err: tc.readErr}
			if _, err := s.Configure(context.Background(), &tasksurface.ConfigureRequest{Host: host}); err != nil {
				t.Fatal(err)
			}
			resp, err := s.Show(context.Background(), &tasksurface.ShowRequest{
				SessionID: "s1", CallID: "call_2", ParentCallID: tasksurface.CallID(tc.parent), Arguments: json.RawMessage(tc.args),
			})
			if got := host.reads.Load(); got != tc.wantReads {
				t.Errorf("the host's view was read %d times, want %d", got, tc.wantReads)
			}
			if tc.wantErr {
				if err == nil {
					t.Fatalf("no error; got %+v", resp)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.OK != tc.wantOK || resp.ErrorCode != tc.wantCode {
				t.Errorf("answer ok=%v code=%q, want ok=%v code=%q", resp.OK, resp.ErrorCode, tc.wantOK, tc.wantCode)
			}
		})
	}
}
