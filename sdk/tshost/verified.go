package tshost

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// VerifiedBinaries remembers the plugin binaries whose SHA-256 was checked,
// by the identity of the file that was hashed, so that a later launch of the
// same, unchanged file does not read and hash it again. Hashing a 15 MB
// binary is about 10 ms, a third of a launch; checking the identity is one
// stat.
//
// The identity is what the file system keeps and an ordinary process cannot
// set: on Unix the device, inode, size, modification time and status-change
// time (ctime, which any write, rename over or chmod moves forward and which
// cannot be set back without changing the clock). A file that differs in any
// of them is hashed again. On Windows the identity is the size and the
// modification time, which a program can set back: there a record proves
// less, and a harness that must resist a local attacker should not keep one
// on disk.
//
// With a directory the records outlive the process (one small JSON file per
// binary and digest); the directory must belong to this user and be closed to
// others, or the records in it are ignored. A nil *VerifiedBinaries remembers
// nothing: every launch hashes the binary. A VerifiedBinaries is safe for
// concurrent use.
type VerifiedBinaries struct {
	dir  string
	mu   sync.Mutex
	seen map[string]fileID
}

// NewVerifiedBinaries returns a record of verified binaries kept in memory
// and, when dir is not empty, in dir (created with mode 0700 when missing).
func NewVerifiedBinaries(dir string) *VerifiedBinaries {
	return &VerifiedBinaries{dir: dir, seen: map[string]fileID{}}
}

// Verified says how a binary passed Verify.
type Verified int

const (
	// Hashed means the binary was read and its SHA-256 compared.
	Hashed Verified = iota + 1
	// Unchanged means the file is the one hashed before, unchanged since.
	Unchanged
)

// String names the way a binary was verified, for logs.
func (v Verified) String() string {
	switch v {
	case Hashed:
		return "hashed"
	case Unchanged:
		return "unchanged since it was hashed"
	}
	return "not verified"
}

// Verify checks that the file at path has the hex SHA-256 want: by its
// identity when this record holds the same file verified against the same
// digest, else by hashing it. A mismatch is an error wrapping
// ErrDigestMismatch that says what to do; an unreadable file is an error too.
func (v *VerifiedBinaries) Verify(path, want string) (Verified, error) {
	want = strings.ToLower(want)
	before, err := statID(path)
	if err != nil {
		return 0, fmt.Errorf("tshost: cannot read plugin binary: %w", err)
	}
	key := recordKey(path, want)
	if v.known(key, before) {
		return Unchanged, nil
	}
	got, err := FileSHA256(path)
	if err != nil {
		return 0, fmt.Errorf("tshost: cannot read plugin binary: %w", err)
	}
	if got != want {
		return 0, mismatch(path, got, want)
	}
	// Record the identity only when the file did not change while it was
	// read: then the digest belongs to that identity.
	if after, err := statID(path); err == nil && after == before {
		v.remember(key, path, want, after)
	}
	return Hashed, nil
}

// recordKey names one binary checked against one digest.
func recordKey(path, want string) string {
	sum := sha256.Sum256([]byte(path + "\x00" + want))
	return hex.EncodeToString(sum[:16])
}

// record is what a directory keeps per binary.
type record struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	ID     fileID `json:"id"`
}

func (v *VerifiedBinaries) known(key string, id fileID) bool {
	if v == nil {
		return false
	}
	v.mu.Lock()
	got, ok := v.seen[key]
	v.mu.Unlock()
	if ok {
		return got == id
	}
	if v.dir == "" || !privateDir(v.dir) {
		return false
	}
	raw, err := os.ReadFile(filepath.Join(v.dir, key+".json"))
	if err != nil {
		return false
	}
	var r record
	if json.Unmarshal(raw, &r) != nil || r.ID != id {
		return false
	}
	v.mu.Lock()
	v.seen[key] = id
	v.mu.Unlock()
	return true
}

func (v *VerifiedBinaries) remember(key, path, want string, id fileID) {
	if v == nil {
		return
	}
	v.mu.Lock()
	v.seen[key] = id
	v.mu.Unlock()
	if v.dir == "" {
		return
	}
	// A record that cannot be written costs the next launch a hash, no more.
	_ = writeRecord(v.dir, key, record{Path: path, SHA256: want, ID: id})
}

func writeRecord(dir, key string, r record) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if !privateDir(dir) {
		return errors.New("tshost: the verified-binaries folder is open to other users")
	}
	raw, err := json.Marshal(r)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, key+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(raw); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(dir, key+".json"))
}

// privateDir reports whether dir is a folder of this user that no one else
// may write to.
func privateDir(dir string) bool {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() || fi.Mode().Perm()&0o022 != 0 {
		return false
	}
	return ownedByMe(fi)
}

// mismatch explains a refused binary: what it is, what was expected, and
// what to do.
func mismatch(path, got, want string) error {
	return fmt.Errorf("tshost: %w: %s has SHA-256 %s but %s was expected; the binary was changed after the manifest was written: reinstall the bundle, or rebuild it so the manifest records the new digest", ErrDigestMismatch, path, got, want)
}
