package coord

import (
	"sync"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// MaxSessions bounds the sessions the service holds an open surface's
// model for. When it is reached, the session used least recently is
// forgotten; its model is read again from the log's metadata (MetaNeeded).
const MaxSessions = 4096

// Config configures a Service.
type Config struct {
	// Limits bound models and submissions; zero fields take the defaults.
	Limits tasksurface.Limits
	// MetaLimits are the limits a surface's logged metadata is revalidated
	// under: a surface opened under the limits in force then stays
	// answerable when they are lowered later. Zero fields take Limits'.
	MetaLimits tasksurface.Limits
	// Logger receives the service's logs; nil discards them.
	Logger hclog.Logger
	// Markdown renders the open model's Markdown blocks; nil builds one.
	Markdown *markdown.Renderer
}

// Service coordinates Task Surface transactions. It is safe for concurrent
// use.
type Service struct {
	logger   hclog.Logger
	md       *markdown.Renderer
	metaCeil tasksurface.Limits

	mu       sync.Mutex // guards the fields below
	limits   tasksurface.Limits
	sessions map[tasksurface.SessionID]*session
	clock    uint64 // orders session use for eviction
}

// New returns a Service configured by cfg.
func New(cfg Config) *Service {
	s := &Service{
		logger:   cfg.Logger,
		md:       cfg.Markdown,
		metaCeil: cfg.MetaLimits,
		sessions: map[tasksurface.SessionID]*session{},
	}
	if s.logger == nil {
		s.logger = hclog.NewNullLogger()
	}
	if s.md == nil {
		s.md = markdown.New()
	}
	s.SetLimits(cfg.Limits)
	return s
}

// SetLimits replaces the limits; zero fields take the defaults.
func (s *Service) SetLimits(l tasksurface.Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limits = l.WithDefaults()
}

// currentLimits returns the limits in force and the limits logged metadata
// is revalidated under.
func (s *Service) currentLimits() (limits, meta tasksurface.Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	meta = s.metaCeil
	for _, f := range []struct{ dst, src *uint32 }{
		{&meta.MaxModelBytes, &s.limits.MaxModelBytes}, {&meta.MaxBlocks, &s.limits.MaxBlocks},
		{&meta.MaxFields, &s.limits.MaxFields}, {&meta.MaxTableRows, &s.limits.MaxTableRows},
		{&meta.MaxSubmissionBytes, &s.limits.MaxSubmissionBytes},
	} {
		*f.dst = max(*f.dst, *f.src)
	}
	return s.limits, meta
}

// session holds the model of one session's open surface: a cache of a pure
// function of the log's metadata, never a record a decision reads. Its
// mutex guards model.
type session struct {
	mu sync.Mutex
	// used orders sessions for eviction; guarded by Service.mu.
	used uint64
	// model is the model of the session's open surface, or nil.
	model *heldModel
}

// session returns the cache of a session, locked; the caller unlocks it.
// It creates it when needed.
func (s *Service) session(id tasksurface.SessionID) *session {
	s.mu.Lock()
	s.clock++
	ss, ok := s.sessions[id]
	if !ok {
		if len(s.sessions) >= MaxSessions {
			s.evictLocked()
		}
		ss = &session{}
		s.sessions[id] = ss
	}
	ss.used = s.clock
	s.mu.Unlock()
	ss.mu.Lock()
	return ss
}

// evictLocked forgets the least recently used session; s.mu is held.
func (s *Service) evictLocked() {
	var victim tasksurface.SessionID
	var oldest uint64
	for id, ss := range s.sessions {
		if used := ss.used; victim == "" || used < oldest {
			victim, oldest = id, used
		}
	}
	if victim != "" {
		delete(s.sessions, victim)
		s.logger.Debug("forgot a session's model", "session", victim)
	}
}
