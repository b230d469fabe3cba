package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Manifest is manifest.json; manifest.schema.json documents every field.
type Manifest struct {
	Schema        string `json:"$schema,omitempty"`
	SchemaVersion int    `json:"schemaVersion"`
	ID            string `json:"id"`
	Version       string `json:"version"`
	Description   string `json:"description,omitempty"`
	Handshake     struct {
		MagicCookieKey   string `json:"magicCookieKey"`
		MagicCookieValue string `json:"magicCookieValue"`
		ProtocolVersion  int    `json:"protocolVersion"`
		APIVersion       string `json:"apiVersion"`
	} `json:"handshake"`
	Plugin struct {
		Binaries map[string]Binary `json:"binaries"`
	} `json:"plugin"`
	Entries struct {
		Host   string `json:"host"`
		Client string `json:"client"`
	} `json:"entries"`
	Limits Limits `json:"limits"`
	Build  *Build `json:"build,omitempty"`
}

// Limits are the default limits, in manifest.json's order.
type Limits struct {
	MaxModelBytes      uint32 `json:"maxModelBytes"`
	MaxBlocks          uint32 `json:"maxBlocks"`
	MaxFields          uint32 `json:"maxFields"`
	MaxTableRows       uint32 `json:"maxTableRows"`
	MaxSubmissionBytes uint32 `json:"maxSubmissionBytes"`
}

// Binary is one platform's plugin binary.
type Binary struct {
	Package string `json:"package"`
	GOOS    string `json:"goos"`
	GOARCH  string `json:"goarch"`
	Path    string `json:"path"`
	SHA256  string `json:"sha256"`
}

// Build records how the binaries of a packed bundle were built.
type Build struct {
	Go    string   `json:"go"`
	CGO   bool     `json:"cgo"`
	Flags []string `json:"flags"`
}

// Platforms returns the binaries' keys in a stable order.
func (m *Manifest) Platforms() []string {
	keys := make([]string, 0, len(m.Plugin.Binaries))
	for k := range m.Plugin.Binaries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func readManifest(folder string) (*Manifest, []byte, error) {
	raw, err := os.ReadFile(filepath.Join(folder, "manifest.json"))
	if err != nil {
		return nil, nil, err
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, raw, fmt.Errorf("manifest.json: %w", err)
	}
	return &m, raw, nil
}

// PackageJSON is the part of package.json the bundle face depends on.
type PackageJSON struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	License              string            `json:"license"`
	Main                 string            `json:"main"`
	Exports              map[string]string `json:"exports"`
	Files                []string          `json:"files"`
	OS                   []string          `json:"os"`
	CPU                  []string          `json:"cpu"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
	DSH                  struct {
		Bundle struct {
			Patch string `json:"patch"`
		} `json:"bundle"`
		Client *struct {
			Platform string `json:"platform"`
		} `json:"client"`
	} `json:"dsh"`
}

func readPackageJSON(folder string) (*PackageJSON, error) {
	raw, err := os.ReadFile(filepath.Join(folder, "package.json"))
	if err != nil {
		return nil, err
	}
	var p PackageJSON
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, fmt.Errorf("package.json: %w", err)
	}
	return &p, nil
}
