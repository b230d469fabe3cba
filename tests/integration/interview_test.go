package integration

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A version 2 surface (conditions, a bound that names a field, an
// allocation) is replayed after a harness restart: the plugin reads its
// normalised model back from the log, still says version 2, refuses a value
// for a hidden field and an end before the start, and the message leaves the
// hidden questions out.
func TestInterviewSurfaceReplaysAfterARestart(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("rollout-plan.json")
	if m := string(r.active(session).Model); !strings.HasPrefix(m, `{"version":2,`) {
		t.Fatalf("the open model = %.60s..., want version 2", m)
	}

	r = r.restart()
	if a := r.active(session); !a.Active || a.SurfaceID != surfaceID || !strings.HasPrefix(string(a.Model), `{"version":2,`) {
		t.Fatalf("after a restart = %+v, want the version 2 surface open", a)
	}

	const answers = `"freeze":true,"start":"2026-02-02","end":"2026-03-30","effort":{"migration":20,"dashboards":8,"retries":6,"oncall":6}`
	refused := r.submit(session, surfaceID, "sub-1", `{"target":"full","canary-share":10,`+answers+`}`)
	if refused.Accepted || len(refused.Problems) != 1 || refused.Problems[0].Code != tasksurface.CodeHidden || refused.Problems[0].Pointer != "/canary-share" {
		t.Fatalf("a value for a hidden field = %+v, want one hidden problem at /canary-share", refused)
	}
	early := r.submit(session, surfaceID, "sub-2", `{"target":"full","freeze":true,"start":"2026-02-02","end":"2026-02-01","effort":{"migration":40}}`)
	if early.Accepted || len(early.Problems) != 1 || early.Problems[0].Pointer != "/end" || !strings.Contains(early.Problems[0].Message, "2026-02-02") {
		t.Fatalf("an end before the start = %+v, want one problem at /end naming the start's value", early)
	}

	ok := r.submit(session, surfaceID, "sub-3", `{"target":"full",`+answers+`}`)
	if !ok.Accepted {
		t.Fatalf("a valid submission was refused: %+v", ok)
	}
	text := r.step(session).Text()
	for _, want := range []string{"- Deploy target: Full fleet at once", "- Engineer-weeks by project:\n  Queue migration: 20 engineer-weeks\n  Consumer dashboards: 8 engineer-weeks"} {
		if !strings.Contains(text, want) {
			t.Errorf("the message lacks %q:\n%s", want, text)
		}
	}
	for _, hidden := range []string{"Canary share", "Canary regions", "EU data residency"} {
		if strings.Contains(text, hidden) {
			t.Errorf("the message names the hidden field %q:\n%s", hidden, text)
		}
	}
}
