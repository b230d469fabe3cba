package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// platformPackage is the package.json of a platform package, in the order npm shows it.
type platformPackage struct {
	Name        string   `json:"name"`
	Version     string   `json:"version"`
	Description string   `json:"description"`
	License     string   `json:"license,omitempty"`
	OS          []string `json:"os"`
	CPU         []string `json:"cpu"`
	Files       []string `json:"files"`
}

// nodePlatform splits a manifest platform key ("win32-x64") into Node's os and cpu.
func nodePlatform(key string) (os, cpu string) {
	os, cpu, _ = strings.Cut(key, "-")
	return os, cpu
}

// Split turns the stamped bundle in stage into the release layout: every binary moves into a
// platform package of its own, out/<package>/ (package.json with the platform's os and cpu, a
// README.md, the binary at the same path as in the bundle), and stage/package.json lists each
// of them at the bundle's exact version in optionalDependencies, so an install by name fetches
// only the binary its machine runs. It returns the platform packages' folders in the
// manifest's platform order.
func Split(stage, out string) ([]string, error) {
	m, _, err := readManifest(stage)
	if err != nil {
		return nil, err
	}
	p, err := readPackageJSON(stage)
	if err != nil {
		return nil, err
	}
	var dirs []string
	optional := map[string]string{}
	for _, key := range m.Platforms() {
		b := m.Plugin.Binaries[key]
		dir := filepath.Join(out, filepath.FromSlash(b.Package))
		if err := os.RemoveAll(dir); err != nil {
			return nil, err
		}
		to := filepath.Join(dir, filepath.FromSlash(b.Path))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return nil, err
		}
		if err := os.Rename(filepath.Join(stage, filepath.FromSlash(b.Path)), to); err != nil {
			return nil, fmt.Errorf("platform package %s: %w", b.Package, err)
		}
		goos, cpu := nodePlatform(key)
		doc, err := json.MarshalIndent(platformPackage{
			Name:    b.Package,
			Version: m.Version,
			Description: fmt.Sprintf("The %s plugin binary of %s; install %s, which depends on this package on %s only.",
				key, m.ID, m.ID, key),
			License: p.License,
			OS:      []string{goos},
			CPU:     []string{cpu},
			Files:   []string{strings.SplitAfter(b.Path, "/")[0]},
		}, "", "  ")
		if err != nil {
			return nil, err
		}
		readme := fmt.Sprintf("# %s\n\nThe %s (%s/%s) plugin binary of [%s](https://www.npmjs.com/package/%s), version %s, SHA-256 `%s`.\n\n"+
			"Do not install this package by itself: `dsh plugin --profile web add %s` installs it on %s machines only, as an optional dependency, and %s checks the binary against the digest in its manifest.json before it runs it.\n",
			b.Package, key, b.GOOS, b.GOARCH, m.ID, m.ID, m.Version, b.SHA256, m.ID, key, m.ID)
		if err := os.WriteFile(filepath.Join(dir, "package.json"), append(doc, '\n'), 0o644); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(readme), 0o644); err != nil {
			return nil, err
		}
		optional[b.Package] = m.Version
		dirs = append(dirs, dir)
	}
	if err := os.RemoveAll(filepath.Join(stage, "bin")); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(filepath.Join(stage, "package.json"))
	if err != nil {
		return nil, err
	}
	var deps bytes.Buffer
	enc := json.NewEncoder(&deps)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(optional); err != nil { // map keys are sorted
		return nil, err
	}
	doc, err := rewriteObject(raw, func(string) bool { return true }, jsonField{"optionalDependencies", bytes.TrimSpace(deps.Bytes())})
	if err != nil {
		return nil, fmt.Errorf("package.json: %w", err)
	}
	return dirs, os.WriteFile(filepath.Join(stage, "package.json"), doc, 0o644)
}

// checkRelease checks the release layout: the main bundle in folder carries no binary and lists
// every platform package at its exact version in optionalDependencies, and each platform
// package under platforms is named and versioned as the manifest says, marked with its
// platform's os and cpu, and ships its binary.
func checkRelease(folder, platforms string, m *Manifest) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if _, err := os.Stat(filepath.Join(folder, "bin")); err == nil {
		bad("the main package carries bin/; in the release layout every binary ships in its platform package")
	}
	p, err := readPackageJSON(folder)
	if err != nil {
		return []string{err.Error()}
	}
	for name := range p.OptionalDependencies {
		if !m.hasPackage(name) {
			bad("package.json optionalDependencies lists %s, which manifest.json names for no platform", name)
		}
	}
	for _, key := range m.Platforms() {
		b := m.Plugin.Binaries[key]
		if got := p.OptionalDependencies[b.Package]; got != m.Version {
			bad("package.json optionalDependencies has %s at %q, want exactly %q", b.Package, got, m.Version)
		}
		pp, err := readPackageJSON(filepath.Join(platforms, filepath.FromSlash(b.Package)))
		if err != nil {
			bad("platform package %s: %v", b.Package, err)
			continue
		}
		goos, cpu := nodePlatform(key)
		if pp.Name != b.Package || pp.Version != m.Version {
			bad("platform package %s is %s@%s, want %s@%s", b.Package, pp.Name, pp.Version, b.Package, m.Version)
		}
		if len(pp.OS) != 1 || pp.OS[0] != goos || len(pp.CPU) != 1 || pp.CPU[0] != cpu {
			bad("platform package %s has os %v and cpu %v, want [%s] and [%s]", b.Package, pp.OS, pp.CPU, goos, cpu)
		}
	}
	return problems
}

func (m *Manifest) hasPackage(name string) bool {
	for _, b := range m.Plugin.Binaries {
		if b.Package == name {
			return true
		}
	}
	return false
}
