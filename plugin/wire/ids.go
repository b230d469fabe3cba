package wire

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Id prefixes.
const (
	// SurfacePrefix starts every surface id.
	SurfacePrefix = "tsf_"
	// MessagePrefix starts every submitted message id.
	MessagePrefix = "tsm_"
)

// NewSurfaceID mints a random surface id.
func NewSurfaceID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return SurfacePrefix + hex.EncodeToString(b[:])
}

// MessageID derives the id of the user message for one submission. It is a
// pure function of the session, surface and submission ids, so a retry after
// a plugin restart admits the same id and the host's idempotency drops the
// duplicate.
func MessageID(sessionID tasksurface.SessionID, surfaceID string, submissionID tasksurface.SubmissionID) tasksurface.MessageID {
	h := sha256.Sum256([]byte(strings.Join([]string{string(sessionID), surfaceID, string(submissionID)}, "\x00")))
	return tasksurface.MessageID(MessagePrefix + hex.EncodeToString(h[:12]))
}
