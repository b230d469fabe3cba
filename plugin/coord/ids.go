package coord

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// messagePrefix starts every submitted message id.
const messagePrefix = "tsm_"

// messageIDOf derives the id of the user message for one submission. It is
// a pure function of the session, surface and submission ids and of the
// answers (answersDigest), so a retry after a plugin restart finds the same
// id, and a submission id reused for other answers finds another.
func messageIDOf(sessionID tasksurface.SessionID, surfaceID tasksurface.SurfaceID, submissionID tasksurface.SubmissionID, answers string) tasksurface.MessageID {
	h := sha256.Sum256([]byte(strings.Join([]string{string(sessionID), string(surfaceID), string(submissionID), answers}, "\x00")))
	return tasksurface.MessageID(messagePrefix + hex.EncodeToString(h[:12]))
}

// answersDigest digests a submission's answers: its values as canonical
// JSON (object keys sorted, numbers as written) and its note. Values that
// are not JSON are digested as they are (the submission is refused anyway).
func answersDigest(values json.RawMessage, note string) string {
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
