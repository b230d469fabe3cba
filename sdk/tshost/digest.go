package tshost

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrDigestMismatch is returned (wrapped) when a plugin binary's SHA-256
// differs from the one its configuration expects.
var ErrDigestMismatch = errors.New("plugin binary digest mismatch")

// FileSHA256 returns the hex SHA-256 of a file.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// digestMismatch explains a refused binary: what it is, what was expected,
// and what to do.
func digestMismatch(path, want string) error {
	got, err := FileSHA256(path)
	if err != nil {
		got = "unreadable (" + err.Error() + ")"
	}
	return fmt.Errorf("tshost: %w: %s has SHA-256 %s but %s was expected; the binary was changed after the manifest was written: reinstall the bundle, or rebuild it so the manifest records the new digest", ErrDigestMismatch, path, got, want)
}
