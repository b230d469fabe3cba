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
	const model = `{"version":1,"title":"T","sections":[],"submit":{"label":"Go"}}`
	valid := write("valid.json", model)
	invalid := write("invalid.json", `{"version":3,"title":"T","sections":[],"submit":{"label":"Go"}}`)
	args := write("args.json", `{"model":`+model+`}`)
	badArgs := write("bad-args.json", `{"model":{"version":1,"title":"","sections":[],"submit":{"label":"Go"}}}`)

	tests := map[string]struct {
		args      []string
		stdin     string
		wantCode  int
		wantOut   string
		wantErr   string
		wantValid *bool
		wantInput string
	}{
		"no arguments explains itself":           {args: nil, wantCode: 0, wantOut: "validate FILE"},
		"valid model":                            {args: []string{"validate", valid}, wantCode: 0, wantValid: ptr(true), wantInput: "model"},
		"invalid model":                          {args: []string{"validate", invalid}, wantCode: 1, wantValid: ptr(false), wantOut: `"pointer": "/version"`, wantInput: "model"},
		"the tool's arguments":                   {args: []string{"validate", args}, wantCode: 0, wantValid: ptr(true), wantInput: "arguments"},
		"invalid arguments point into the model": {args: []string{"validate", badArgs}, wantCode: 1, wantValid: ptr(false), wantOut: `"pointer": "/title"`, wantInput: "arguments"},
		"stdin":                                  {args: []string{"validate", "-"}, stdin: `{"version":1}`, wantCode: 1, wantValid: ptr(false), wantInput: "model"},
		"missing file is an I/O error":           {args: []string{"validate", filepath.Join(dir, "nope.json")}, wantCode: 2},
		"validate without a file":                {args: []string{"validate"}, wantCode: 2, wantErr: "usage: task-surface-plugin validate FILE"},
		"validate --help is help, not a file":    {args: []string{"validate", "--help"}, wantCode: 0, wantOut: `"input": "model"|"arguments"`},
		"validate -h":                            {args: []string{"validate", "-h"}, wantCode: 0, wantOut: "usage: task-surface-plugin validate"},
		"describe --help":                        {args: []string{"describe", "--help"}, wantCode: 0, wantOut: "usage: task-surface-plugin describe"},
		"version --help":                         {args: []string{"version", "--help"}, wantCode: 0, wantOut: "usage: task-surface-plugin version"},
		"debug --help":                           {args: []string{"debug", "--help"}, wantCode: 0, wantOut: "TASK_SURFACE_REATTACH"},
		"unknown command":                        {args: []string{"frobnicate"}, wantCode: 2},
		"describe declares the tool":             {args: []string{"describe"}, wantCode: 0, wantOut: `"name": "show_task_surface"`},
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
			if !strings.Contains(errOut.String(), tc.wantErr) {
				t.Errorf("stderr lacks %q:\n%s", tc.wantErr, errOut.String())
			}
			if tc.wantValid != nil {
				var got struct {
					Valid    bool              `json:"valid"`
					Input    string            `json:"input"`
					Problems []json.RawMessage `json:"problems"`
				}
				if err := json.Unmarshal(out.Bytes(), &got); err != nil {
					t.Fatalf("stdout is not JSON: %v\n%s", err, out.String())
				}
				if got.Valid != *tc.wantValid || (got.Valid != (len(got.Problems) == 0)) {
					t.Errorf("valid=%v with %d problems, want valid=%v", got.Valid, len(got.Problems), *tc.wantValid)
				}
				if got.Input != tc.wantInput {
					t.Errorf("input %q, want %q", got.Input, tc.wantInput)
				}
			}
		})
	}
}

func ptr(b bool) *bool { return &b }
