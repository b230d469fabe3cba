package coord

import (
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// MaxSessions bounds the sessions the service keeps records for. When it is
// reached, the session used least recently that has nothing in flight is
// forgotten; its surface stays recoverable from the log.
const MaxSessions = 4096

// DefaultDecisionTimeout is how long a decision the host has not reported
// on (an Admission, a DismissalRecord) holds the surface before a snapshot
// that shows no trace of it ends it.
const DefaultDecisionTimeout = 30 * time.Second

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
	// DecisionTimeout is DefaultDecisionTimeout when zero.
	DecisionTimeout time.Duration
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Service coordinates Task Surface transactions. It is safe for concurrent
// use.
type Service struct {
	logger   hclog.Logger
	md       *markdown.Renderer
	timeout  time.Duration
	now      func() time.Time
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
		timeout:  cfg.DecisionTimeout,
		now:      cfg.Now,
		metaCeil: cfg.MetaLimits,
		sessions: map[tasksurface.SessionID]*session{},
	}
	if s.logger == nil {
		s.logger = hclog.NewNullLogger()
	}
	if s.md == nil {
		s.md = markdown.New()
	}
	if s.timeout == 0 {
		s.timeout = DefaultDecisionTimeout
	}
	if s.now == nil {
		s.now = time.Now
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

// session returns the records of a session, locked; the caller unlocks
// them. It creates them when needed.
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

// evictLocked forgets the least recently used session with nothing in
// flight; s.mu is held.
func (s *Service) evictLocked() {
	var victim tasksurface.SessionID
	var oldest uint64
	for id, ss := range s.sessions {
		if used := ss.used; (victim == "" || used < oldest) && ss.idle() {
			victim, oldest = id, used
		}
	}
	if victim != "" {
		delete(s.sessions, victim)
		s.logger.Debug("forgot an idle session's records", "session", victim)
	}
}
