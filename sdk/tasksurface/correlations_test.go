package tasksurface_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// CorrelationOf reads what the shared vectors say a message source carries,
// as the host shim's twin does (host-shim/test/wire/correlations.test.js).
func TestCorrelationVectors(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "tests", "conformance", "correlations", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no correlation vectors: %v", err)
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cases []struct {
				Name        string          `json:"name"`
				Source      json.RawMessage `json:"source"`
				RawSource   *string         `json:"rawSource"`
				Correlation *struct {
					Version      int             `json:"version"`
					SubmissionID string          `json:"submissionId"`
					CallID       string          `json:"callId"`
					SurfaceID    string          `json:"surfaceId"`
					Values       json.RawMessage `json:"values"`
				} `json:"correlation"`
			} `json:"cases"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, tc := range doc.Cases {
			t.Run(filepath.Base(file)+"/"+tc.Name, func(t *testing.T) {
				t.Parallel()
				source := tc.Source
				if tc.RawSource != nil {
					source = json.RawMessage(*tc.RawSource)
				}
				got := tasksurface.CorrelationOf(source)
				want := tc.Correlation
				switch {
				case want == nil && got != nil:
					t.Fatalf("CorrelationOf(%s) = %+v, want none", source, got)
				case want == nil:
					return
				case got == nil:
					t.Fatalf("CorrelationOf(%s) = none, want %+v", source, want)
				}
				if got.Version != want.Version || string(got.SubmissionID) != want.SubmissionID || string(got.CallID) != want.CallID ||
					string(got.SurfaceID) != want.SurfaceID || !sameJSON(got.Values, want.Values) {
					t.Errorf("CorrelationOf(%s) = %+v (values %s), want %+v (values %s)", source, got, got.Values, want, want.Values)
				}
			})
		}
	}
}

// sameJSON reports whether two JSON texts hold the same value; two absent
// ones are the same.
func sameJSON(a, b json.RawMessage) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}
