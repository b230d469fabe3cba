package tshosttest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tshost/tshosttest"
)

// errDown is what the failing host answers every call with.
var errDown = errors.New("the harness's store is down")

// downHost fails every host service with errDown.
type downHost struct{}

func (downHost) ReadToolResult(context.Context, *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	return nil, errDown
}
func (downHost) ReadProjection(context.Context, *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	return nil, errDown
}
func (downHost) AdmitUserMessage(context.Context, *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	return nil, errDown
}
func (downHost) RecordDismissal(context.Context, *tasksurface.RecordDismissalRequest) (*tasksurface.RecordDismissalResponse, error) {
	return nil, errDown
}
func (downHost) ListInFlight(context.Context, *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	return nil, errDown
}

// Calls cross the connection both ways: the plugin answers, and a host's
// error comes back to the caller as a HostError that unwraps to it.
func TestConnect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		newHost func(tasksurface.Server) (tasksurface.Host, error)
		wantErr error
	}{
		{"a working host: a new session has nothing open", hostkit.New(hostkit.Config{Storage: hostkit.NewMemoryStorage()}).Bind, nil},
		{"a failing host: its error comes back", func(tasksurface.Server) (tasksurface.Host, error) { return downHost{}, nil }, errDown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := tshosttest.Connect(t, server.New("test", nil), tshosttest.Config{NewHost: tt.newHost})
			desc, err := srv.Describe(t.Context())
			if err != nil || desc.Tool.Name == "" {
				t.Fatalf("Describe = %+v, %v; want the plugin's declaration", desc, err)
			}
			resp, err := srv.GetActive(t.Context(), &tasksurface.GetActiveRequest{SessionID: "s1"})
			var hostErr *tasksurface.HostError
			switch {
			case tt.wantErr == nil && (err != nil || resp.Active):
				t.Errorf("GetActive = %+v, %v; want nothing open", resp, err)
			case tt.wantErr != nil && (!errors.Is(err, tt.wantErr) || !errors.As(err, &hostErr)):
				t.Errorf("GetActive error = %v; want a HostError unwrapping to %v", err, tt.wantErr)
			}
		})
	}
}
