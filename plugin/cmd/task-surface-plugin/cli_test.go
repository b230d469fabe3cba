package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCLI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	valid := write("valid.json", `{"version":1,"title":"T","sections":[],"submit":{"label":"Go"}}`)
	invalid := write("invalid.json", `{"version":2,"title":"T","sections":[],"submit":{"label":"Go"}}`)

	tests := map[string]struct {
		args      []string
		stdin     string
		wantCode  int
		wantOut   string
		wantValid *bool
	}{
		"no arguments explains itself": {args: nil, wantCode: 0, wantOut: "validate FILE"},
		"valid model":                  {args: []string{"validate", valid}, wantCode: 0, wantValid: ptr(true)},
		"invalid model":                {args: []string{"validate", invalid}, wantCode: 1, wantValid: ptr(false), wantOut: `"pointer": "/version"`},
		"stdin":                        {args: []string{"validate", "-"}, stdin: `{"version":1}`, wantCode: 1, wantValid: ptr(false)},
		"missing file is an I/O error": {args: []string{"validate", filepath.Join(dir, "nope.json")}, wantCode: 2},
		"validate without a file":      {args: []string{"validate"}, wantCode: 2},
		"unknown command":              {args: []string{"frobnicate"}, wantCode: 2},
		"describe declares the tool":   {args: []string{"describe"}, wantCode: 0, wantOut: `"name": "show_task_surface"`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var out, errOut bytes.Buffer
			code := runCLI(tc.args, strings.NewReader(tc.stdin), &out, &errOut)
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stdout %s stderr %s", code, tc.wantCode, out.String(), errOut.String())
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("stdout lacks %q:\n%s", tc.wantOut, out.String())
			}
			if tc.wantValid != nil {
				var got struct {
					Valid    bool              `json:"valid"`
					Problems []json.RawMessage `json:"problems"`
				}
				if err := json.Unmarshal(out.Bytes(), &got); err != nil {
					t.Fatalf("stdout is not JSON: %v\n%s", err, out.String())
				}
				if got.Valid != *tc.wantValid || (got.Valid != (len(got.Problems) == 0)) {
					t.Errorf("valid=%v with %d problems, want valid=%v", got.Valid, len(got.Problems), *tc.wantValid)
				}
			}
		})
	}
}

func ptr(b bool) *bool { return &b }
