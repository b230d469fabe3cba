package coord

import (
	"cmp"
	"errors"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// MaxSessions bounds the sessions the service keeps records for. When it is
// reached, the session used least recently that has no pending submission
// is forgotten; its surface stays recoverable from the log and the host.
const MaxSessions = 4096

// ErrNoHost is what GetActive, Submit and Dismiss return before the host
// has been configured.
var ErrNoHost = errors.New("coordination service: no host configured yet (Configure has not handed the plugin its host)")

// Config configures a Service.
type Config struct {
	// Host is the harness's services; nil until Configure provides it.
	Host tasksurface.Host
	// Limits bound models and submissions; zero fields take the defaults.
	Limits tasksurface.Limits
	// Logger receives the service's logs; nil discards them.
	Logger hclog.Logger
	// Markdown renders the open model's Markdown blocks; nil builds one.
	Markdown *markdown.Renderer
	// Journal keeps accepted submissions until they are durable in the
	// log (see Journal and Recover); nil keeps none.
	Journal Journal
	// CommittedGrace is how long a committed submission stays in the
	// journal after the report; zero means DefaultCommittedGrace.
	CommittedGrace time.Duration
}

// Service coordinates Task Surface transactions. It is safe for concurrent
// use.
type Service struct {
	logger  hclog.Logger
	md      *markdown.Renderer
	journal Journal
	grace   time.Duration

	mu       sync.Mutex // guards the fields below; never held across host calls
	host     tasksurface.Host
	limits   tasksurface.Limits
	sessions map[tasksurface.SessionID]*session
	clock    uint64 // orders session use for eviction
}

// New returns a Service configured by cfg.
func New(cfg Config) *Service {
	logger := cfg.Logger
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	md := cfg.Markdown
	if md == nil {
		md = markdown.New()
	}
	return &Service{
		logger:   logger,
		md:       md,
		journal:  cfg.Journal,
		grace:    cmp.Or(cfg.CommittedGrace, DefaultCommittedGrace),
		host:     cfg.Host,
		limits:   cfg.Limits.WithDefaults(),
		sessions: map[tasksurface.SessionID]*session{},
	}
}

// SetHost replaces the host, as Configure does. Transactions already in
// flight finish with the host they started with.
func (s *Service) SetHost(h tasksurface.Host) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.host = h
}

// SetLimits replaces the limits; zero fields take the defaults.
func (s *Service) SetLimits(l tasksurface.Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limits = l.WithDefaults()
}

// config returns the host and limits a transaction works with, or
// ErrNoHost.
func (s *Service) config() (tasksurface.Host, tasksurface.Limits, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.host == nil {
		return nil, tasksurface.Limits{}, ErrNoHost
	}
	return s.host, s.limits, nil
}

// session returns the records of a session, creating them when needed.
func (s *Service) session(id tasksurface.SessionID) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock++
	if ss, ok := s.sessions[id]; ok {
		ss.used.Store(s.clock)
		return ss
	}
	if len(s.sessions) >= MaxSessions {
		s.evictLocked()
	}
	ss := &session{}
	ss.used.Store(s.clock)
	s.sessions[id] = ss
	return ss
}

// lookup returns the records of a session without creating them.
func (s *Service) lookup(id tasksurface.SessionID) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[id]
}

// evictLocked forgets the least recently used session that is idle: no
// pending submission and no transaction in flight.
func (s *Service) evictLocked() {
	var victim tasksurface.SessionID
	var oldest uint64
	for id, ss := range s.sessions {
		if used := ss.used.Load(); (victim == "" || used < oldest) && ss.idle() {
			victim, oldest = id, used
		}
	}
	if victim != "" {
		delete(s.sessions, victim)
		s.logger.Debug("forgot an idle session's records", "session", victim)
	}
}
