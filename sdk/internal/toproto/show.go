package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ShowRequest converts a show request.
func ShowRequest(in *tasksurface.ShowRequest) *tsproto3.ShowRequest {
	return &tsproto3.ShowRequest{
		SessionId:      string(in.SessionID),
		CallId:         string(in.CallID),
		ParentCallId:   string(in.ParentCallID),
		ArgumentsJson:  in.Arguments,
		ProjectionJson: in.Projection,
		Mode:           string(in.Mode),
		OmitMeta:       in.OmitMeta,
	}
}

// ShowResponse converts a show response.
func ShowResponse(in *tasksurface.ShowResponse) *tsproto3.ShowResponse {
	surfaceID := in.SurfaceID
	if surfaceID == "" {
		surfaceID = (&tasksurface.ShowResponse{OK: in.OK, Value: in.Value}).WithSurfaceID().SurfaceID
	}
	return &tsproto3.ShowResponse{
		SurfaceId: string(surfaceID),
		Ok:        in.OK,
		ValueJson: in.Value,
		ErrorCode: string(in.ErrorCode),
		ErrorText: validUTF8(in.ErrorText),
		Problems:  Problems(in.Problems),
		Text:      validUTF8(in.Text),
		MetaJson:  in.Meta,
	}
}
