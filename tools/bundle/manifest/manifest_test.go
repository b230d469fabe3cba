package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

const repo = "../../.."

func TestCommittedFaceIsValid(t *testing.T) {
	if problems := Check(repo, false); len(problems) > 0 {
		t.Fatalf("the committed bundle face has problems:\n%s", strings.Join(problems, "\n"))
	}
}

func TestSchemaMaximaAreThePluginsMaxLimits(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(repo, "manifest.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties struct {
			Limits struct {
				Properties map[string]struct {
					Maximum uint32 `json:"maximum"`
				} `json:"properties"`
			} `json:"limits"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	m := server.MaxLimits
	want := map[string]uint32{"maxModelBytes": m.MaxModelBytes, "maxBlocks": m.MaxBlocks, "maxFields": m.MaxFields,
		"maxTableRows": m.MaxTableRows, "maxSubmissionBytes": m.MaxSubmissionBytes}
	for k, v := range want {
		if got := schema.Properties.Limits.Properties[k].Maximum; got != v {
			t.Errorf("manifest.schema.json limits.%s maximum is %d, plugin/server.MaxLimits says %d", k, got, v)
		}
	}
}

// hostKey is this machine's platform in the manifest's (Node's) spelling.
func hostKey(t *testing.T) string {
	for key, p := range platformOf {
		if p.goos == runtime.GOOS && p.goarch == runtime.GOARCH {
			return key
		}
	}
	t.Fatalf("no manifest platform for %s/%s", runtime.GOOS, runtime.GOARCH)
	return ""
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	raw, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, raw, mode); err != nil {
		t.Fatal(err)
	}
}

// stage lays out a bundle as the build does, with this test's own executable as the plugin
// binary of the given platform (it is a real executable of this machine's platform).
func stage(t *testing.T, key string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"manifest.schema.json", "package.json", "cordis.patch.yml", "host-shim/src/index.js", "client-bundle/dist/client.js"} {
		copyFile(t, filepath.Join(repo, f), filepath.Join(dir, f), 0o644)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	copyFile(t, self, filepath.Join(dir, "bin", key, platformOf[key].file), 0o755)
	return dir
}

var build = Build{Go: runtime.Version(), Flags: []string{"-trimpath"}}

func TestStampWritesTheDigestOfEachBuiltBinaryAndDropsTheOthers(t *testing.T) {
	key := hostKey(t)
	dir := stage(t, key)
	m, err := Stamp(repo, dir, build)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Platforms(); len(got) != 1 || got[0] != key {
		t.Fatalf("stamped platforms %v, want [%s]", got, key)
	}
	want, _ := fileSHA256(filepath.Join(dir, "bin", key, platformOf[key].file))
	if m.Plugin.Binaries[key].SHA256 != want {
		t.Fatalf("digest %s, want %s", m.Plugin.Binaries[key].SHA256, want)
	}
	if problems := Check(dir, true); len(problems) > 0 {
		t.Fatalf("a freshly stamped bundle has problems:\n%s", strings.Join(problems, "\n"))
	}

	first, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if _, err := Stamp(repo, dir, build); err != nil {
		t.Fatal(err)
	}
	second, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if !bytes.Equal(first, second) {
		t.Fatal("stamping the same binaries twice gave two different manifests")
	}
}

func TestStampDropsOnlyTheWorkspaceFieldsFromPackageJSON(t *testing.T) {
	t.Parallel()
	dir := stage(t, hostKey(t))
	original, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Stamp(repo, dir, build); err != nil {
		t.Fatal(err)
	}
	packed, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var before, after map[string]json.RawMessage
	if err := json.Unmarshal(original, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(packed, &after); err != nil {
		t.Fatal(err)
	}
	for _, k := range workspaceOnly {
		if _, ok := after[k]; ok {
			t.Errorf("the packed package.json still has %q", k)
		}
		delete(before, k)
	}
	if len(after) != len(before) {
		t.Fatalf("packed fields %d, want %d", len(after), len(before))
	}
	for k, v := range before {
		var x, y any
		json.Unmarshal(v, &x)
		json.Unmarshal(after[k], &y)
		if !reflect.DeepEqual(x, y) {
			t.Errorf("field %q changed: %s, want %s", k, after[k], v)
		}
	}
}

func TestPackedPackageJSONKeepsOrderAndFormat(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ in, want string }{
		"workspace fields dropped": {
			in:   "{\"name\":\"x\",\"workspaces\":[\"a\"],\"files\":[\"b/\"],\"devDependencies\":{\"esbuild\":\"0.28.2\"},\"dsh\":{}}",
			want: "{\n  \"name\": \"x\",\n  \"files\": [\n    \"b/\"\n  ],\n  \"dsh\": {}\n}\n",
		},
		"nothing to drop": {
			in:   "{\"version\": \"0.1.0\", \"name\": \"x\"}",
			want: "{\n  \"version\": \"0.1.0\",\n  \"name\": \"x\"\n}\n",
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := packedPackageJSON([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
	if _, err := packedPackageJSON([]byte(`["not", "an", "object"]`)); err == nil {
		t.Fatal("an array was accepted as package.json")
	}
}

func TestStampWithoutBinariesFails(t *testing.T) {
	dir := t.TempDir()
	if _, err := Stamp(repo, dir, build); err == nil || !strings.Contains(err.Error(), "no plugin binary") {
		t.Fatalf("err = %v, want a complaint about missing binaries", err)
	}
}

func TestPackedCheckCatches(t *testing.T) {
	key := hostKey(t)
	other := map[string]string{"linux-x64": "linux-arm64", "linux-arm64": "linux-x64", "darwin-x64": "darwin-arm64",
		"darwin-arm64": "darwin-x64", "win32-x64": "win32-arm64", "win32-arm64": "win32-x64"}[key]
	edit := func(t *testing.T, dir, file string, change func(map[string]any)) {
		t.Helper()
		editJSON(t, filepath.Join(dir, file), change)
	}
	binaries := func(doc map[string]any) map[string]any {
		return doc["plugin"].(map[string]any)["binaries"].(map[string]any)
	}
	cases := map[string]struct {
		key    string
		change func(t *testing.T, dir string)
		want   string
	}{
		"a binary changed after packing": {key, func(t *testing.T, dir string) {
			f, err := os.OpenFile(filepath.Join(dir, "bin", key, platformOf[key].file), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("tampered")
			f.Close()
		}, "manifest.json says"},
		"a binary of another architecture": {other, nil, "executable, manifest.json says"},
		"a binary that is not executable": {key, func(t *testing.T, dir string) {
			os.Chmod(filepath.Join(dir, "bin", key, platformOf[key].file), 0o644)
		}, "is not executable"},
		"a binary without a digest": {key, func(t *testing.T, dir string) {
			edit(t, dir, "manifest.json", func(doc map[string]any) { binaries(doc)[key].(map[string]any)["sha256"] = "" })
		}, "has no SHA-256"},
		"an unknown platform": {key, func(t *testing.T, dir string) {
			edit(t, dir, "manifest.json", func(doc map[string]any) {
				binaries(doc)["plan9-x64"] = map[string]any{"goos": "linux", "goarch": "amd64", "path": "bin/x", "sha256": ""}
			})
		}, "does not match manifest.schema.json"},
		"a handshake that is not the contract's": {key, func(t *testing.T, dir string) {
			edit(t, dir, "manifest.json", func(doc map[string]any) {
				doc["handshake"].(map[string]any)["protocolVersion"] = tasksurface.ProtocolVersion + 1
			})
		}, "differs from sdk/tasksurface"},
		"a client export that is not the client entry": {key, func(t *testing.T, dir string) {
			edit(t, dir, "package.json", func(doc map[string]any) { doc["exports"].(map[string]any)["./client"] = "./client.js" })
		}, `exports["./client"]`},
		"a files list that leaves the binaries out": {key, func(t *testing.T, dir string) {
			edit(t, dir, "package.json", func(doc map[string]any) {
				doc["files"] = []string{"manifest.json", "manifest.schema.json", "cordis.patch.yml", "host-shim/src/", "client-bundle/dist/client.js"}
			})
		}, "would leave it out"},
		"a package.json that keeps the workspace's fields": {key, func(t *testing.T, dir string) {
			edit(t, dir, "package.json", func(doc map[string]any) { doc["workspaces"] = []string{"host-shim"} })
		}, "the workspace's own fields [workspaces]"},
		"a limit above the plugin's maximum": {key, func(t *testing.T, dir string) {
			edit(t, dir, "manifest.json", func(doc map[string]any) { doc["limits"].(map[string]any)["maxFields"] = 100000 })
		}, "does not match manifest.schema.json"},
	}
	if runtime.GOOS == "windows" {
		delete(cases, "a binary that is not executable") // no executable bit there
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := stage(t, c.key)
			if _, err := Stamp(repo, dir, build); err != nil {
				t.Fatal(err)
			}
			if c.change != nil {
				c.change(t, dir)
			}
			problems := strings.Join(Check(dir, true), "\n")
			if !strings.Contains(problems, c.want) {
				t.Fatalf("problems:\n%s\nwant one containing %q", problems, c.want)
			}
		})
	}
}

func TestUnpackedManifestMustNameEveryPlatformAndNoDigest(t *testing.T) {
	dir := stage(t, hostKey(t))
	copyFile(t, filepath.Join(repo, "manifest.json"), filepath.Join(dir, "manifest.json"), 0o644)
	if problems := Check(dir, false); len(problems) > 0 {
		t.Fatalf("the committed manifest in a stage has problems:\n%s", strings.Join(problems, "\n"))
	}
	if _, err := Stamp(repo, dir, build); err != nil {
		t.Fatal(err)
	}
	problems := strings.Join(Check(dir, false), "\n")
	for _, want := range []string{"names no binary for", "has a digest in an unpacked manifest", "has a build record"} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems:\n%s\nwant one containing %q", problems, want)
		}
	}
}

func TestCommandLine(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"check", repo}, &out, &errOut); code != 0 {
		t.Fatalf("check exited %d: %s", code, errOut.String())
	}
	dir := stage(t, hostKey(t))
	out.Reset()
	if code := run([]string{"stamp", "-root", repo, "-stage", dir, "-go", "go1.0", "-flag", "-trimpath", "-flag", "-ldflags=-s -w"}, &out, &errOut); code != 0 {
		t.Fatalf("stamp exited %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), hostKey(t)) {
		t.Fatalf("stamp printed %q, want the platform's digest line", out.String())
	}
	errOut.Reset()
	os.Remove(filepath.Join(dir, "cordis.patch.yml"))
	if code := run([]string{"check", "-packed", dir}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "dsh.bundle.patch ./cordis.patch.yml does not exist") {
		t.Fatalf("check of a bundle without its patch layer exited %d: %s", code, errOut.String())
	}
	if code := run(nil, &out, &errOut); code != 2 {
		t.Fatalf("no arguments exited %d, want 2", code)
	}
}
