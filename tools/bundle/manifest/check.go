package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// platformOf names each manifest platform key's Go target and binary name.
var platformOf = map[string]struct{ goos, goarch, file string }{
	"linux-x64":    {"linux", "amd64", "task-surface-plugin"},
	"linux-arm64":  {"linux", "arm64", "task-surface-plugin"},
	"darwin-x64":   {"darwin", "amd64", "task-surface-plugin"},
	"darwin-arm64": {"darwin", "arm64", "task-surface-plugin"},
	"win32-x64":    {"windows", "amd64", "task-surface-plugin.exe"},
	"win32-arm64":  {"windows", "arm64", "task-surface-plugin.exe"},
}

// Check checks the bundle face in folder: manifest.json against manifest.schema.json (the one
// in folder), its agreement with the contract in sdk/tasksurface, with package.json and with
// cordis.patch.yml, and that every entry it names exists. With packed, every binary must be
// present with a digest that matches and the executable format and architecture of its
// platform, the build record must be there and package.json must carry none of the npm
// workspace's own fields; without it (a repository), the manifest must
// name all six platforms. It returns one sentence per problem.
func Check(folder string, packed bool) []string {
	return check(folder, packed, "")
}

// CheckRelease checks the release layout: the main bundle in folder as a packed bundle whose
// binaries are in their platform packages, each unpacked under platforms/<package>, and the
// packages' names, versions, os, cpu and optionalDependencies (see Split).
func CheckRelease(folder, platforms string) []string {
	return check(folder, true, platforms)
}

func check(folder string, packed bool, platforms string) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	m, raw, err := readManifest(folder)
	if err != nil {
		return []string{err.Error()}
	}
	for _, p := range validateSchema(folder, raw) {
		bad("manifest.json does not match manifest.schema.json: %s", p)
	}

	h := tasksurface.Handshake
	if m.Handshake.MagicCookieKey != h.MagicCookieKey || m.Handshake.MagicCookieValue != h.MagicCookieValue ||
		m.Handshake.ProtocolVersion != int(h.ProtocolVersion) || m.Handshake.APIVersion != tasksurface.APIVersion {
		bad("manifest.json handshake %+v differs from sdk/tasksurface (cookie %s=%s, protocol %d, api %s)",
			m.Handshake, h.MagicCookieKey, h.MagicCookieValue, h.ProtocolVersion, tasksurface.APIVersion)
	}
	d := tasksurface.DefaultLimits
	if m.Limits != (Limits{d.MaxModelBytes, d.MaxBlocks, d.MaxFields, d.MaxTableRows, d.MaxSubmissionBytes}) {
		bad("manifest.json limits %+v differ from the plugin's defaults %+v (sdk/tasksurface.DefaultLimits)", m.Limits, d)
	}

	for key, b := range m.Plugin.Binaries {
		p, ok := platformOf[key]
		if !ok {
			continue // the schema already named it
		}
		if b.GOOS != p.goos || b.GOARCH != p.goarch {
			bad("binary %s is declared %s/%s, want %s/%s", key, b.GOOS, b.GOARCH, p.goos, p.goarch)
		}
		if wantPath := "bin/" + key + "/" + p.file; b.Path != wantPath {
			bad("binary %s has path %q, want %q", key, b.Path, wantPath)
		}
		if want := m.ID + "-" + key; b.Package != want {
			bad("binary %s ships in package %q, want %q", key, b.Package, want)
		}
		if packed && platforms != "" {
			problems = append(problems, checkBinary(filepath.Join(platforms, filepath.FromSlash(b.Package)), key, b)...)
		} else if packed {
			problems = append(problems, checkBinary(folder, key, b)...)
		} else if b.SHA256 != "" {
			bad("binary %s has a digest in an unpacked manifest; digests are written by the bundle build only", key)
		}
	}
	if packed {
		if fields, err := workspaceFields(folder); err != nil {
			bad("%v", err)
		} else if len(fields) > 0 {
			bad("the packed package.json carries the workspace's own fields %v (the bundle build drops them)", fields)
		}
	}
	if packed && m.Build == nil {
		bad("a packed manifest.json needs the build record")
	}
	if !packed {
		for key := range platformOf {
			if _, ok := m.Plugin.Binaries[key]; !ok {
				bad("manifest.json names no binary for %s", key)
			}
		}
		if m.Build != nil {
			bad("an unpacked manifest.json has a build record; it is written by the bundle build only")
		}
	}

	problems = append(problems, checkPackage(folder, m)...)
	if platforms != "" {
		problems = append(problems, checkRelease(folder, platforms, m)...)
	}
	return problems
}

func validateSchema(folder string, raw []byte) []string {
	schemaPath := filepath.Join(folder, "manifest.schema.json")
	schemaRaw, err := os.ReadFile(schemaPath)
	if err != nil {
		return []string{err.Error()}
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	if err := c.AddResource("manifest.schema.json", bytes.NewReader(schemaRaw)); err != nil {
		return []string{fmt.Sprintf("manifest.schema.json: %v", err)}
	}
	schema, err := c.Compile("manifest.schema.json")
	if err != nil {
		return []string{fmt.Sprintf("manifest.schema.json: %v", err)}
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return []string{err.Error()}
	}
	var ve *jsonschema.ValidationError
	if err := schema.Validate(doc); errors.As(err, &ve) {
		var out []string
		for _, u := range ve.BasicOutput().Errors {
			if u.Error != "" && !strings.HasPrefix(u.Error, "doesn't validate with") {
				out = append(out, fmt.Sprintf("at %q: %s", u.InstanceLocation, u.Error))
			}
		}
		if len(out) == 0 {
			out = append(out, ve.Error())
		}
		return out
	} else if err != nil {
		return []string{err.Error()}
	}
	return nil
}

func checkBinary(folder, key string, b Binary) []string {
	path := filepath.Join(folder, filepath.FromSlash(b.Path))
	info, err := os.Stat(path)
	if err != nil {
		return []string{fmt.Sprintf("binary %s: %v", key, err)}
	}
	var problems []string
	if b.SHA256 == "" {
		problems = append(problems, fmt.Sprintf("binary %s has no SHA-256; the host shim would refuse to start it", key))
	} else if got, err := fileSHA256(path); err != nil {
		problems = append(problems, fmt.Sprintf("binary %s: %v", key, err))
	} else if got != b.SHA256 {
		problems = append(problems, fmt.Sprintf("binary %s has SHA-256 %s, manifest.json says %s", key, got, b.SHA256))
	}
	if goos, goarch, err := executableOf(path); err != nil {
		problems = append(problems, fmt.Sprintf("binary %s: %v", key, err))
	} else if goos != b.GOOS || goarch != b.GOARCH {
		problems = append(problems, fmt.Sprintf("binary %s is a %s/%s executable, manifest.json says %s/%s", key, goos, goarch, b.GOOS, b.GOARCH))
	}
	if b.GOOS != "windows" && info.Mode().Perm()&0o111 == 0 {
		problems = append(problems, fmt.Sprintf("binary %s is not executable (mode %v)", key, info.Mode().Perm()))
	}
	return problems
}

// rowName finds the package name of the row the patch layer inserts.
var rowName = regexp.MustCompile(`(?m)^\s*name:\s*['"]?([^'"\s#]+)['"]?\s*(#.*)?$`)

func checkPackage(folder string, m *Manifest) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	p, err := readPackageJSON(folder)
	if err != nil {
		return []string{err.Error()}
	}
	if p.Name != m.ID || p.Version != m.Version {
		bad("package.json is %s@%s, manifest.json is %s@%s", p.Name, p.Version, m.ID, m.Version)
	}
	if p.Main != m.Entries.Host || p.Exports["."] != "./"+m.Entries.Host {
		bad("package.json main %q and exports[\".\"] %q must be the host entry %q", p.Main, p.Exports["."], m.Entries.Host)
	}
	if p.Exports["./client"] != "./"+m.Entries.Client {
		bad("package.json exports[\"./client\"] %q must be the client entry %q", p.Exports["./client"], m.Entries.Client)
	}
	if p.DSH.Client == nil || p.DSH.Client.Platform != "web" {
		bad("package.json needs dsh.client with platform \"web\" (dsh serves only web client rows)")
	}
	for what, rel := range map[string]string{"host entry": m.Entries.Host, "client entry": m.Entries.Client, "dsh.bundle.patch": p.DSH.Bundle.Patch} {
		if rel == "" {
			bad("package.json or manifest.json names no %s", what)
			continue
		}
		if _, err := os.Stat(filepath.Join(folder, filepath.FromSlash(strings.TrimPrefix(rel, "./")))); err != nil {
			bad("the %s %s does not exist", what, rel)
		}
	}
	if p.DSH.Bundle.Patch != "" {
		layer, err := os.ReadFile(filepath.Join(folder, filepath.FromSlash(strings.TrimPrefix(p.DSH.Bundle.Patch, "./"))))
		if err == nil {
			names := rowName.FindAllSubmatch(layer, -1)
			if len(names) != 1 || string(names[0][1]) != p.Name {
				bad("%s must insert exactly one row, of package %s", p.DSH.Bundle.Patch, p.Name)
			}
		}
	}
	covered := func(rel string) bool {
		for _, f := range p.Files {
			f = strings.TrimPrefix(f, "./")
			if f == rel || (strings.HasSuffix(f, "/") && strings.HasPrefix(rel, f)) {
				return true
			}
		}
		return false
	}
	need := []string{"manifest.json", "manifest.schema.json", m.Entries.Host, m.Entries.Client, strings.TrimPrefix(p.DSH.Bundle.Patch, "./")}
	for _, b := range m.Plugin.Binaries {
		need = append(need, b.Path)
	}
	for _, rel := range need {
		if rel != "" && !covered(rel) {
			bad("package.json \"files\" does not include %s, so npm pack would leave it out", rel)
		}
	}
	return problems
}
