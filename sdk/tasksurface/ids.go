package tasksurface

// SurfaceID names one opened Task Surface. The plugin mints it when a
// show_task_surface call succeeds; it is the note's TaskSurfaceId.
type SurfaceID string

// SessionID names one session of the harness: the conversation whose log
// the plugin folds. The harness mints it; the plugin only carries it.
type SessionID string

// MessageID names one message of a session's log, as the harness mints it:
// the id of an admitted user message, for instance.
type MessageID string

// CallID names one tool call, as the model's provider or the harness mints
// it; a tool result answers the call of the same id.
type CallID string

// SubmissionID names one submission attempt. The client mints it once per
// attempt and reuses it on retry, so a retry returns the first result.
type SubmissionID string

// DismissalID names one dismissal. The client mints it and reuses it on
// retry, so a retry returns the first result.
type DismissalID string

// RpcID is the id of the client request that carried a submission, as the
// harness's transport numbers its requests. A harness that has one puts it
// on the message source beside the correlation (see MessageSource).
type RpcID string

// MaxIDLength is the longest valid surface, submission or dismissal id.
const MaxIDLength = 128

// ValidID reports whether s can serve as a surface, submission or dismissal
// id: 1 to MaxIDLength characters of ASCII letters, digits and "_.:-",
// starting with a letter or digit.
func ValidID(s string) bool { return ValidIDUpTo(s, MaxIDLength) }

// ValidIDUpTo reports whether s is an id of the same characters as ValidID
// and 1 to maxLen bytes long; a model's own ids (sections, fields, options)
// are held to a shorter length this way.
func ValidIDUpTo(s string, maxLen int) bool {
	if len(s) == 0 || len(s) > maxLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case i > 0 && (c == '_' || c == '.' || c == ':' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// Valid reports whether id is a valid surface id.
func (id SurfaceID) Valid() bool { return ValidID(string(id)) }

// Valid reports whether id is a valid submission id.
func (id SubmissionID) Valid() bool { return ValidID(string(id)) }

// Valid reports whether id is a valid dismissal id.
func (id DismissalID) Valid() bool { return ValidID(string(id)) }
