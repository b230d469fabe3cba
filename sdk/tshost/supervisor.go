package tshost

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// SuperviseOptions tune the restart policy.
type SuperviseOptions struct {
	// MinBackoff is the wait before the first restart; 100 ms when zero.
	MinBackoff time.Duration
	// MaxBackoff caps the wait between failed restarts; 10 s when zero.
	MaxBackoff time.Duration
	// StableAfter is how long a plugin must run before a crash counts as a
	// fresh failure again (the backoff resets); 30 s when zero.
	StableAfter time.Duration
	// OnRestart, when set, is called after every successful restart.
	OnRestart func(*Plugin)
}

func (o SuperviseOptions) withDefaults() SuperviseOptions {
	if o.MinBackoff <= 0 {
		o.MinBackoff = 100 * time.Millisecond
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 10 * time.Second
	}
	if o.StableAfter <= 0 {
		o.StableAfter = 30 * time.Second
	}
	return o
}

// Backoff returns the wait before restart attempt n (0-based): the minimum
// doubled n times, capped at the maximum.
func (o SuperviseOptions) Backoff(n int) time.Duration {
	o = o.withDefaults()
	d := o.MinBackoff
	for i := 0; i < n && d < o.MaxBackoff; i++ {
		d *= 2
	}
	if d > o.MaxBackoff {
		d = o.MaxBackoff
	}
	return d
}

// Supervisor keeps one plugin running: it relaunches the plugin with the
// same Config after a crash, with exponential backoff, and configures it
// again. Its tasksurface.Server methods go to the current process and
// return ErrUnavailable (wrapped) while there is none, and when the process
// dies during the call.
type Supervisor struct {
	opts SuperviseOptions

	mu       sync.Mutex
	cfg      Config // what every launch uses; Configure updates it
	cur      *Plugin
	desc     *tasksurface.Description
	restarts int
	closed   bool
	stop     chan struct{}
	done     chan struct{}
}

var _ tasksurface.Server = (*Supervisor)(nil)

// Supervise launches the plugin and keeps it running until Close. The first
// launch must succeed.
func Supervise(ctx context.Context, cfg Config, opts SuperviseOptions) (*Supervisor, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Supervisor{opts: opts.withDefaults(), stop: make(chan struct{}), done: make(chan struct{})}
	cfg = cfg.withLogger()
	if cfg.Verified == nil {
		// Restarts launch the same binary: hash it once.
		cfg.Verified = NewVerifiedBinaries("")
	}
	s.cfg = cfg
	p, err := Launch(ctx, cfg)
	if err != nil {
		return nil, err
	}
	s.cur, s.desc = p, p.Description()
	go s.run(p)
	return s, nil
}

// config returns the Config the next launch uses.
func (s *Supervisor) config() Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

func (s *Supervisor) run(p *Plugin) {
	defer close(s.done)
	logger := s.config().Logger
	failures := 0
	for {
		started := time.Now()
		select {
		case <-s.stop:
			return
		case <-p.Exited():
		}
		if time.Since(started) >= s.opts.StableAfter {
			failures = 0
		}
		for {
			wait := s.opts.Backoff(failures)
			logger.Error("task surface plugin exited; restarting", "pid", p.Pid(), "in", wait.String())
			select {
			case <-s.stop:
				return
			case <-time.After(wait):
			}
			cfg := s.config()
			ctx, cancel := context.WithTimeout(context.Background(), cfg.startTimeout())
			next, err := Launch(ctx, cfg)
			cancel()
			failures++
			if err != nil {
				logger.Error("task surface plugin restart failed", "error", err)
				continue
			}
			s.mu.Lock()
			if s.closed {
				s.mu.Unlock()
				_ = next.Close(context.Background())
				return
			}
			s.cur, s.desc = next, next.Description()
			s.restarts++
			s.mu.Unlock()
			logger.Info("task surface plugin restarted", "pid", next.Pid(), "restarts", s.Restarts())
			if s.opts.OnRestart != nil {
				s.opts.OnRestart(next)
			}
			p = next
			break
		}
	}
}

// Current is the plugin launched last: the running one, or the one that
// exited while its successor starts. It is never nil, so
// Current().Description() is always what the plugin declared; calls go
// through the Supervisor, which answers ErrUnavailable between the two.
func (s *Supervisor) Current() *Plugin {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

// Description is what the plugin declared at its last launch; it is never
// nil, during a restart included.
func (s *Supervisor) Description() *tasksurface.Description {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.desc
}

// WaitRunning waits until a plugin is running and answers, and returns it,
// or ctx ends. It returns a plugin only after a round trip to it (Echo)
// succeeded, so never one that has exited or was killed before the call.
func (s *Supervisor) WaitRunning(ctx context.Context) (*Plugin, error) {
	for {
		if p, err := s.server(); err == nil {
			ping, cancel := context.WithTimeout(ctx, pingTimeout)
			_, err := p.Echo(ping, nil)
			cancel()
			if err == nil {
				return p, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// pingTimeout bounds one round trip of WaitRunning: a plugin that does not
// answer within it (stopped, say) is asked again.
const pingTimeout = 2 * time.Second

// Restarts counts the successful restarts so far.
func (s *Supervisor) Restarts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.restarts
}

// Close stops supervising and shuts the current plugin down.
func (s *Supervisor) Close(ctx context.Context) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	p := s.cur
	s.mu.Unlock()
	close(s.stop)
	var err error
	if p != nil {
		err = p.Close(ctx)
	}
	select {
	case <-s.done:
	case <-ctx.Done():
		return ctx.Err()
	}
	return err
}

func (s *Supervisor) server() (*Plugin, error) {
	p := s.Current()
	if p == nil || p.gone() {
		return nil, fmt.Errorf("tshost: %w", ErrUnavailable)
	}
	return p, nil
}

// via calls method on the current plugin.
func via[Req, Resp any](ctx context.Context, s *Supervisor, method func(*Plugin, context.Context, Req) (Resp, error), req Req) (Resp, error) {
	p, err := s.server()
	if err != nil {
		var zero Resp
		return zero, err
	}
	return method(p, ctx, req)
}

// Describe calls the current plugin.
func (s *Supervisor) Describe(ctx context.Context) (*tasksurface.Description, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Describe(ctx)
}

// Configure changes what the plugin is configured with, for the running
// plugin and for every restart: the limits and the host name. While the
// plugin restarts it returns ErrUnavailable, and the restart applies the
// change.
func (s *Supervisor) Configure(ctx context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	s.mu.Lock()
	s.cfg.Limits, s.cfg.HostName = req.Limits, req.HostName
	s.mu.Unlock()
	return via(ctx, s, (*Plugin).Configure, req)
}

// Show calls the current plugin.
func (s *Supervisor) Show(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	return via(ctx, s, (*Plugin).Show, req)
}

// GetActive calls the current plugin.
func (s *Supervisor) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	return via(ctx, s, (*Plugin).GetActive, req)
}

// Check calls the current plugin.
func (s *Supervisor) Check(ctx context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error) {
	return via(ctx, s, (*Plugin).Check, req)
}

// Submit calls the current plugin.
func (s *Supervisor) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	return via(ctx, s, (*Plugin).Submit, req)
}

// Dismiss calls the current plugin.
func (s *Supervisor) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	return via(ctx, s, (*Plugin).Dismiss, req)
}

// CheckQueueAction calls the current plugin.
func (s *Supervisor) CheckQueueAction(ctx context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	return via(ctx, s, (*Plugin).CheckQueueAction, req)
}

// Fold calls the current plugin.
func (s *Supervisor) Fold(ctx context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error) {
	return via(ctx, s, (*Plugin).Fold, req)
}

// Validate calls the current plugin.
func (s *Supervisor) Validate(ctx context.Context, req *tasksurface.ValidateRequest) (*tasksurface.ValidateResponse, error) {
	return via(ctx, s, (*Plugin).Validate, req)
}
