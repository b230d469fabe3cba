package tshost

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ErrUnavailable is returned by a Supervisor's methods while the plugin is
// not running: after a crash, before the restart completes.
var ErrUnavailable = errors.New("the Task Surface plugin is restarting after a crash; try again in a moment")

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
// return ErrUnavailable while there is none.
type Supervisor struct {
	cfg  Config
	opts SuperviseOptions

	mu       sync.Mutex
	cur      *Plugin
	restarts int
	closed   bool
	stop     chan struct{}
	done     chan struct{}
}

var _ tasksurface.Server = (*Supervisor)(nil)

// Supervise launches the plugin and keeps it running until Close. The first
// launch must succeed.
func Supervise(ctx context.Context, cfg Config, opts SuperviseOptions) (*Supervisor, error) {
	p, err := Launch(ctx, cfg)
	if err != nil {
		return nil, err
	}
	s := &Supervisor{cfg: cfg, opts: opts.withDefaults(), cur: p, stop: make(chan struct{}), done: make(chan struct{})}
	go s.run(p)
	return s, nil
}

func (s *Supervisor) run(p *Plugin) {
	defer close(s.done)
	logger := s.cfg.logger()
	failures := 0
	for {
		started := time.Now()
		select {
		case <-s.stop:
			return
		case <-p.Exited():
		}
		s.mu.Lock()
		s.cur = nil
		s.mu.Unlock()
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
			ctx, cancel := context.WithTimeout(context.Background(), s.cfg.startTimeout())
			next, err := Launch(ctx, s.cfg)
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
			s.cur = next
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

// Current is the running plugin, or nil while it restarts.
func (s *Supervisor) Current() *Plugin {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

// WaitRunning waits until a plugin is running, or ctx ends.
func (s *Supervisor) WaitRunning(ctx context.Context) (*Plugin, error) {
	for {
		if p := s.Current(); p != nil {
			select {
			case <-p.Exited():
			default:
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

func (s *Supervisor) server() (tasksurface.Server, error) {
	p := s.Current()
	if p == nil {
		return nil, ErrUnavailable
	}
	select {
	case <-p.Exited():
		return nil, ErrUnavailable
	default:
		return p, nil
	}
}

// Describe calls the current plugin.
func (s *Supervisor) Describe(ctx context.Context) (*tasksurface.Description, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Describe(ctx)
}

// Configure calls the current plugin.
func (s *Supervisor) Configure(ctx context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Configure(ctx, req)
}

// Show calls the current plugin.
func (s *Supervisor) Show(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Show(ctx, req)
}

// GetActive calls the current plugin.
func (s *Supervisor) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.GetActive(ctx, req)
}

// Submit calls the current plugin.
func (s *Supervisor) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Submit(ctx, req)
}

// Dismiss calls the current plugin.
func (s *Supervisor) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Dismiss(ctx, req)
}

// ObserveQueue calls the current plugin.
func (s *Supervisor) ObserveQueue(ctx context.Context, ev *tasksurface.QueueEvent) (*tasksurface.QueueEventResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.ObserveQueue(ctx, ev)
}

// CheckQueueAction calls the current plugin.
func (s *Supervisor) CheckQueueAction(ctx context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.CheckQueueAction(ctx, req)
}

// Fold calls the current plugin.
func (s *Supervisor) Fold(ctx context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Fold(ctx, req)
}

// Validate calls the current plugin.
func (s *Supervisor) Validate(ctx context.Context, req *tasksurface.ValidateRequest) (*tasksurface.ValidateResponse, error) {
	p, err := s.server()
	if err != nil {
		return nil, err
	}
	return p.Validate(ctx, req)
}
