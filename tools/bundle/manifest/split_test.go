package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// released stamps and splits a stage holding this machine's binary; it returns the main
// package's folder, the platforms folder and the platform key.
func released(t *testing.T) (string, string, string) {
	t.Helper()
	key := hostKey(t)
	dir := stage(t, key)
	if _, err := Stamp(repo, dir, build); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	dirs, err := Split(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(out, "dsh-task-surface-"+key); len(dirs) != 1 || dirs[0] != want {
		t.Fatalf("Split made %v, want [%s]", dirs, want)
	}
	return dir, out, key
}

func TestSplitMovesEachBinaryIntoItsPlatformPackage(t *testing.T) {
	t.Parallel()
	dir, out, key := released(t)
	if problems := CheckRelease(dir, out); len(problems) > 0 {
		t.Fatalf("a fresh release layout has problems:\n%s", strings.Join(problems, "\n"))
	}
	if _, err := os.Stat(filepath.Join(dir, "bin")); !os.IsNotExist(err) {
		t.Fatalf("the main package still has bin/ (%v)", err)
	}
	var main PackageJSON
	raw, _ := os.ReadFile(filepath.Join(dir, "package.json"))
	if err := json.Unmarshal(raw, &main); err != nil {
		t.Fatal(err)
	}
	name := "dsh-task-surface-" + key
	if want := map[string]string{name: main.Version}; len(main.OptionalDependencies) != 1 || main.OptionalDependencies[name] != main.Version {
		t.Fatalf("optionalDependencies %v, want %v", main.OptionalDependencies, want)
	}
	platform, err := readPackageJSON(filepath.Join(out, name))
	if err != nil {
		t.Fatal(err)
	}
	goos, cpu := nodePlatform(key)
	if platform.Name != name || platform.Version != main.Version || platform.OS[0] != goos || platform.CPU[0] != cpu ||
		strings.Join(platform.Files, ",") != "bin/" || platform.License != main.License {
		t.Fatalf("platform package.json %+v", platform)
	}
	readme, _ := os.ReadFile(filepath.Join(out, name, "README.md"))
	if !bytes.Contains(readme, []byte("dsh plugin --profile web add dsh-task-surface")) {
		t.Fatalf("the platform package's README does not say what to install:\n%s", readme)
	}
}

func TestReleaseCheckCatches(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		break_ func(t *testing.T, main, platform string)
		want   string
	}{
		"a binary left in the main package": {
			func(t *testing.T, main, platform string) {
				copyFile(t, filepath.Join(platform, "package.json"), filepath.Join(main, "bin", "x"), 0o644)
			},
			"the main package carries bin/",
		},
		"a range instead of the exact version": {
			func(t *testing.T, main, platform string) {
				editJSON(t, filepath.Join(main, "package.json"), func(doc map[string]any) {
					for k := range doc["optionalDependencies"].(map[string]any) {
						doc["optionalDependencies"].(map[string]any)[k] = "^0.1.0"
					}
				})
			},
			"want exactly",
		},
		"a platform package without os": {
			func(t *testing.T, main, platform string) {
				editJSON(t, filepath.Join(platform, "package.json"), func(doc map[string]any) { delete(doc, "os") })
			},
			"has os [] and cpu",
		},
		"a platform package of another version": {
			func(t *testing.T, main, platform string) {
				editJSON(t, filepath.Join(platform, "package.json"), func(doc map[string]any) { doc["version"] = "9.9.9" })
			},
			"@9.9.9, want",
		},
		"a changed binary": {
			func(t *testing.T, main, platform string) {
				path := filepath.Join(platform, "bin", hostKey(t), platformOf[hostKey(t)].file)
				raw, _ := os.ReadFile(path)
				os.WriteFile(path, append(raw, 0), 0o755)
			},
			"manifest.json says",
		},
		"a missing platform package": {
			func(t *testing.T, main, platform string) { os.RemoveAll(platform) },
			"platform package dsh-task-surface-",
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir, out, key := released(t)
			c.break_(t, dir, filepath.Join(out, "dsh-task-surface-"+key))
			problems := strings.Join(CheckRelease(dir, out), "\n")
			if !strings.Contains(problems, c.want) {
				t.Fatalf("problems:\n%s\nwant one containing %q", problems, c.want)
			}
		})
	}
}

func editJSON(t *testing.T, path string, edit func(map[string]any)) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	raw, _ = json.Marshal(doc)
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSplitCommandLine(t *testing.T) {
	t.Parallel()
	dir := stage(t, hostKey(t))
	if _, err := Stamp(repo, dir, build); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"split", "-stage", dir, "-out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("split exited %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "dsh-task-surface-"+hostKey(t)) {
		t.Fatalf("split printed %q", stdout.String())
	}
	if code := run([]string{"check", "-platforms", out, dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("check -platforms exited %d: %s", code, stderr.String())
	}
	if code := run([]string{"check", dir}, &stdout, &stderr); code != 1 {
		t.Fatalf("check without -platforms of a split main package exited %d, want 1", code)
	}
}
