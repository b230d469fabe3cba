package coord

import (
	"context"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// claimedMeanwhile brings a queued submission up to date with the host
// before it is answered. A host takes a claim synchronously (the agent
// takes the message for its turn and the queue row is gone) but reports it
// to ObserveQueue afterwards, on another call; until that report arrives,
// the record would still say queued. While a record is queued the host is
// asked for the message's phase, so GetActive says claiming as soon as the
// host knows it.
//
// Only the upgrade from queued to claiming is taken from the answer: a
// message the host no longer lists has committed or been discarded, and
// the report of that (which carries the event sequence, or frees the
// surface) is left to ObserveQueue.
func (s *Service) claimedMeanwhile(ctx context.Context, host tasksurface.Host, ss *session, sessionID tasksurface.SessionID, pending *submissionRecord) (*submissionRecord, error) {
	if pending == nil || pending.phase != tasksurface.PhaseQueued || !pending.confirmed {
		return pending, nil
	}
	resp, err := host.ListInFlight(ctx, &tasksurface.ListInFlightRequest{SessionID: sessionID})
	if err != nil {
		return nil, fmt.Errorf("ask the host for the phase of message %s in session %s: %w", pending.messageID, sessionID, err)
	}
	if resp == nil {
		return pending, nil
	}
	for _, m := range resp.Messages {
		if m.MessageID != pending.messageID || m.Phase != tasksurface.PhaseClaiming {
			continue
		}
		ss.update(pending.messageID, func(r submissionRecord) *submissionRecord {
			if r.phase == tasksurface.PhaseQueued {
				r.phase = tasksurface.PhaseClaiming
			}
			return &r
		})
		s.logger.Debug("the host has claimed the submission before reporting it", "session", sessionID,
			"surface", pending.surfaceID, "message", pending.messageID)
		claimed := *pending
		claimed.phase = tasksurface.PhaseClaiming
		return &claimed, nil
	}
	return pending, nil
}
