package coord_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// journaled returns a service over f's host that keeps its journal in dir,
// as a plugin started with TASK_SURFACE_JOURNAL_DIR does.
func (f *fixture) journaled(dir string) (*coord.Service, *coord.DirJournal) {
	f.t.Helper()
	return f.journaledWithGrace(dir, 0)
}

// journaledWithGrace is journaled with a CommittedGrace.
func (f *fixture) journaledWithGrace(dir string, grace time.Duration) (*coord.Service, *coord.DirJournal) {
	f.t.Helper()
	j, err := coord.OpenDirJournal(dir)
	if err != nil {
		f.t.Fatal(err)
	}
	return coord.New(coord.Config{
		Host: f.host, Limits: tasksurface.DefaultLimits, Journal: j, CommittedGrace: grace,
		Logger: hclog.New(&hclog.LoggerOptions{Output: f.logs, Level: hclog.Trace, JSONFormat: true}),
	}), j
}

func entries(t *testing.T, j *coord.DirJournal) []coord.JournalEntry {
	t.Helper()
	es, err := j.Entries()
	if err != nil {
		t.Fatal(err)
	}
	return es
}

// TestAcceptedMeansDurable checks that an accepted submission is in the
// journal before the answer, leaves it once durable or gone for good, and
// that a restart admits again exactly what the host lost.
func TestAcceptedMeansDurable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// after plays what happened after the accept, before the restart;
		// it returns the message id.
		after         func(f *fixture, svc *coord.Service, messageID tasksurface.MessageID)
		wantRecovered coord.RecoverResult
		// wantQueued and wantDurable are the host's copies of the message
		// after the restart's Recover; wantJournal the entries left.
		wantQueued, wantDurable, wantJournal int
	}{
		{
			name: "the harness died with the message in its memory only: admitted again, once",
			after: func(f *fixture, _ *coord.Service, id tasksurface.MessageID) {
				f.host.drop(sess, id, tasksurface.QueueDiscarded)
			},
			wantRecovered: coord.RecoverResult{Readmitted: 1}, wantQueued: 1, wantJournal: 1,
		},
		{
			name:          "the harness kept it queued: left to the host",
			after:         func(*fixture, *coord.Service, tasksurface.MessageID) {},
			wantRecovered: coord.RecoverResult{Kept: 1}, wantQueued: 1, wantJournal: 1,
		},
		{
			name:          "durable in the log, its report lost with the harness: out of the journal, nothing sent",
			after:         func(f *fixture, _ *coord.Service, id tasksurface.MessageID) { f.host.commit(sess, id) },
			wantRecovered: coord.RecoverResult{Done: 1}, wantDurable: 1,
		},
		{
			name: "reported committed, the harness killed before its log was on disk: kept, and admitted again",
			after: func(f *fixture, svc *coord.Service, id tasksurface.MessageID) {
				f.observe(svc, f.host.commit(sess, id))
				f.host.loseLastEvent(sess)
			},
			wantRecovered: coord.RecoverResult{Readmitted: 1}, wantQueued: 1, wantJournal: 1,
		},
		{
			name: "reported committed and on disk: taken out at the next start",
			after: func(f *fixture, svc *coord.Service, id tasksurface.MessageID) {
				f.observe(svc, f.host.commit(sess, id))
			},
			wantRecovered: coord.RecoverResult{Done: 1}, wantDurable: 1,
		},
		{
			name: "removed from the queue by the user: out of the journal, not sent again",
			after: func(f *fixture, svc *coord.Service, id tasksurface.MessageID) {
				f.observe(svc, f.host.drop(sess, id, tasksurface.QueueRemoved))
			},
		},
		{
			name: "lost, and the surface answered with an ordinary message meanwhile: nothing sent",
			after: func(f *fixture, _ *coord.Service, id tasksurface.MessageID) {
				f.host.drop(sess, id, tasksurface.QueueDiscarded)
				f.host.bypass(sess)
			},
			wantRecovered: coord.RecoverResult{Done: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			dir := t.TempDir()
			svc, j := f.journaled(dir)
			surface := f.host.open(t, sess, "call_1")
			resp := f.submit(svc, sess, surface, "sub-1", goodValues)
			wantAccepted(t, resp, wire.MessageID(sess, surface, "sub-1"))
			if es := entries(t, j); len(es) != 1 || es[0].MessageID != resp.MessageID || es[0].Text == "" {
				t.Fatalf("journal after the accept = %+v, want the message", es)
			}
			tt.after(f, svc, resp.MessageID)

			restarted, j := f.journaled(dir)
			got, err := restarted.Recover(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.wantRecovered {
				t.Errorf("Recover = %+v, want %+v", got, tt.wantRecovered)
			}
			if n := len(f.host.queued(sess)); n != tt.wantQueued {
				t.Errorf("queued after the restart: %d, want %d", n, tt.wantQueued)
			}
			if n := f.host.userMessages(sess); n != tt.wantDurable {
				t.Errorf("durable messages: %d, want %d", n, tt.wantDurable)
			}
			if n := len(entries(t, j)); n != tt.wantJournal {
				t.Errorf("journal entries: %d, want %d", n, tt.wantJournal)
			}
			// A second start changes nothing more: never a second copy.
			if _, err := f.restartJournaled(dir).Recover(context.Background()); err != nil {
				t.Fatal(err)
			}
			if n := len(f.host.queued(sess)) + f.host.userMessages(sess); n != tt.wantQueued+tt.wantDurable {
				t.Errorf("after a second restart the host holds %d copies, want %d", n, tt.wantQueued+tt.wantDurable)
			}
			if tt.wantRecovered.Readmitted == 1 {
				// Re-admitted, it is pending as before: another id is refused.
				wantRefused(t, f.submit(restarted, sess, surface, "sub-2", goodValues), tasksurface.ReasonSubmissionPending)
			}
		})
	}
}

// TestCommittedLeavesTheJournalAfterTheGrace checks that a committed
// submission leaves the journal once the grace has passed, and a removed one
// at once.
func TestCommittedLeavesTheJournalAfterTheGrace(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		report func(f *fixture, id tasksurface.MessageID) *tasksurface.QueueEvent
		grace  time.Duration
	}{
		{"committed", func(f *fixture, id tasksurface.MessageID) *tasksurface.QueueEvent { return f.host.commit(sess, id) }, 20 * time.Millisecond},
		{"removed", func(f *fixture, id tasksurface.MessageID) *tasksurface.QueueEvent {
			return f.host.drop(sess, id, tasksurface.QueueRemoved)
		}, time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			svc, j := f.journaledWithGrace(t.TempDir(), tt.grace)
			surface := f.host.open(t, sess, "call_1")
			resp := f.submit(svc, sess, surface, "sub-1", goodValues)
			f.observe(svc, tt.report(f, resp.MessageID))
			deadline := time.Now().Add(5 * time.Second)
			for len(entries(t, j)) > 0 {
				if time.Now().After(deadline) {
					t.Fatalf("still in the journal 5 s after the report")
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
}

func (f *fixture) restartJournaled(dir string) *coord.Service {
	svc, _ := f.journaled(dir)
	return svc
}

func TestDirJournal(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "journal")
	j, err := coord.OpenDirJournal(dir)
	if err != nil {
		t.Fatal(err)
	}
	a := coord.JournalEntry{SessionID: "s1", SurfaceID: "tsf_a", CallID: "c", SubmissionID: "sub", MessageID: "m1", Text: "one", Source: []byte(`{"kind":"user"}`)}
	b := a
	b.MessageID, b.Text = "m2", "two"
	for _, e := range []coord.JournalEntry{a, b, {SessionID: "s1", MessageID: "m1", Text: "one again"}} {
		if err := j.Put(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "README.txt"), []byte("not an entry"), 0o600); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range entries(t, j) {
		got[string(e.MessageID)] = e.Text
	}
	if len(got) != 2 || got["m1"] != "one again" || got["m2"] != "two" {
		t.Errorf("entries = %v, want m1 replaced and m2", got)
	}
	if err := j.Done("s1", "m1"); err != nil {
		t.Fatal(err)
	}
	if err := j.Done("s1", "m1"); err != nil {
		t.Errorf("a second Done: %v", err)
	}
	if es := entries(t, j); len(es) != 1 || es[0].MessageID != "m2" {
		t.Errorf("entries after Done = %+v", es)
	}
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("journal folder mode = %v, %v; want 0700", info.Mode().Perm(), err)
	}
}

// loseLastEvent takes the last event out of a session's log, as a harness
// killed before it wrote its log out loses it: its message is neither
// durable nor queued any more.
func (h *memHost) loseLastEvent(sessionID tasksurface.SessionID) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sess(sessionID)
	last := s.log[len(s.log)-1]
	s.log = s.log[:len(s.log)-1]
	var ev struct {
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(last, &ev); err == nil {
		delete(s.committed, tasksurface.MessageID(ev.Data.ID))
	}
	s.state = fold.Init()
	for _, raw := range s.log {
		e, err := fold.DecodeEvent(raw)
		if err != nil {
			panic(err)
		}
		s.state = fold.Apply(s.state, e)
	}
}
