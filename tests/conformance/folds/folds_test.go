package folds_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/tests/conformance/folds"
)

// The helper runs green against the plugin's own fold, and through the
// SDK's projection cache as a harness's host would serve it.
func TestVectorsThroughTheSDK(t *testing.T) {
	t.Parallel()
	plugin := server.New("test", nil)
	folds.Run(t, plugin)
	folds.RunLog(t, func(t *testing.T) folds.Session {
		return &cachedSession{p: tshost.NewProjections(plugin, nil)}
	})
}

// cachedSession is a session whose view comes from tshost.Projections.
type cachedSession struct{ p *tshost.Projections }

func (s *cachedSession) Append(ctx context.Context, events ...tasksurface.Event) error {
	_, _, err := s.p.Append(ctx, "s", events...)
	return err
}

func (s *cachedSession) View(ctx context.Context) (json.RawMessage, error) {
	return s.p.View(ctx, "s")
}

// Every case of every vector file is read, with what it expects.
func TestCasesAreRead(t *testing.T) {
	t.Parallel()
	cases, err := folds.Cases()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, c := range cases {
		files[c.File] = true
		if c.Name == "" || len(c.State) == 0 || len(c.View) == 0 {
			t.Errorf("%s: a case without a name, state or view: %+v", c.File, c)
		}
	}
	if len(files) < 7 || len(cases) < 100 {
		t.Errorf("read %d cases from %d files, want every vector", len(cases), len(files))
	}
}
