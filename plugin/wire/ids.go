package wire

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
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

// MessageID derives the id of the user message for one submission. It is
// a pure function of the session, surface and submission ids and of the
// answers (AnswersDigest), so a retry after a plugin restart finds the same
// id, and a submission id reused for other answers finds another.
func MessageID(sessionID tasksurface.SessionID, surfaceID string, submissionID tasksurface.SubmissionID, answers string) tasksurface.MessageID {
	h := sha256.Sum256([]byte(strings.Join([]string{string(sessionID), surfaceID, string(submissionID), answers}, "\x00")))
	return tasksurface.MessageID(MessagePrefix + hex.EncodeToString(h[:12]))
}

// AnswersDigest digests a submission's answers: its values as canonical
// JSON (object keys sorted, numbers as written) and its note. Values that
// are not JSON are digested as they are (the submission is refused anyway).
func AnswersDigest(values json.RawMessage, note string) string {
	canonical := []byte(values)
	dec := json.NewDecoder(bytes.NewReader(values))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) == nil {
		if b, err := json.Marshal(v); err == nil {
			canonical = b
		}
	}
	h := sha256.New()
	h.Write(canonical)
	h.Write([]byte{0})
	h.Write([]byte(note))
	return hex.EncodeToString(h.Sum(nil))
}
