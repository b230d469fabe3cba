package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dsh-community/task-surface/sdk/tshost"
)

// Stamp writes stage/manifest.json from root/manifest.json: the SHA-256 of every binary found
// in stage, the platforms without a binary left out, and the build record. It also drops the
// npm workspace's own fields (workspaces, devDependencies) from stage/package.json, so the
// packed bundle is a plain package. It fails when no binary was built. The output depends only on its inputs, so two builds of the same source
// give the same manifest.
func Stamp(root, stage string, build Build) (*Manifest, error) {
	m, _, err := readManifest(root)
	if err != nil {
		return nil, err
	}
	for key, b := range m.Plugin.Binaries {
		digest, err := fileSHA256(filepath.Join(stage, filepath.FromSlash(b.Path)))
		if errors.Is(err, os.ErrNotExist) {
			delete(m.Plugin.Binaries, key)
			continue
		}
		if err != nil {
			return nil, err
		}
		b.SHA256 = digest
		m.Plugin.Binaries[key] = b
	}
	if len(m.Plugin.Binaries) == 0 {
		return nil, fmt.Errorf("no plugin binary under %s matches a platform of manifest.json", filepath.Join(stage, "bin"))
	}
	if err := stampPackageJSON(stage); err != nil {
		return nil, err
	}
	m.Build = &build
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(stage, "manifest.json"), out.Bytes(), 0o644); err != nil {
		return nil, err
	}
	return m, nil
}

// fileSHA256 is the digest the host checks before each launch, computed the
// same way (tshost.FileSHA256).
func fileSHA256(path string) (string, error) { return tshost.FileSHA256(path) }
