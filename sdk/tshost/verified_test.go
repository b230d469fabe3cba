package tshost

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeBinary writes content to a fresh file and returns its path and digest.
func writeBinary(t *testing.T, dir, content string) (string, string) {
	t.Helper()
	path := filepath.Join(dir, "plugin")
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
	sum, err := FileSHA256(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, sum
}

func TestVerifiedBinaries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// change runs between a first verified launch and the second one.
		change func(t *testing.T, path string)
		want   Verified
		err    error
	}{
		{name: "unchanged file is not hashed again", change: func(*testing.T, string) {}, want: Unchanged},
		{name: "a changed byte is refused", change: func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("plugin v1 but changed"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, err: ErrDigestMismatch},
		{name: "same bytes in a new file are hashed again", change: func(t *testing.T, path string) {
			tmp := path + ".new"
			if err := os.WriteFile(tmp, []byte("plugin v1"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}, want: Hashed},
		{name: "a chmod makes it hash again", change: func(t *testing.T, path string) {
			if err := os.Chmod(path, 0o700); err != nil {
				t.Fatal(err)
			}
		}, want: Hashed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path, sum := writeBinary(t, t.TempDir(), "plugin v1")
			v := NewVerifiedBinaries("")
			if how, err := v.Verify(path, sum); err != nil || how != Hashed {
				t.Fatalf("first Verify = %v, %v; want hashed", how, err)
			}
			tt.change(t, path)
			how, err := v.Verify(path, sum)
			if tt.err != nil {
				if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), "reinstall") {
					t.Fatalf("Verify after change = %v, %v; want %v saying what to do", how, err, tt.err)
				}
				return
			}
			if err != nil || how != tt.want {
				t.Fatalf("Verify after change = %v, %v; want %v", how, err, tt.want)
			}
		})
	}
}

func TestVerifiedBinariesNilHashesEveryTime(t *testing.T) {
	t.Parallel()
	path, sum := writeBinary(t, t.TempDir(), "plugin v1")
	var v *VerifiedBinaries
	for i := 0; i < 2; i++ {
		if how, err := v.Verify(path, strings.ToUpper(sum)); err != nil || how != Hashed {
			t.Fatalf("Verify #%d = %v, %v; want hashed (an upper-case digest is the same digest)", i, how, err)
		}
	}
	if _, err := v.Verify(path, strings.Repeat("0", 64)); !errors.Is(err, ErrDigestMismatch) {
		t.Fatalf("Verify with another digest = %v, want ErrDigestMismatch", err)
	}
	if _, err := v.Verify(filepath.Join(t.TempDir(), "missing"), sum); err == nil || !strings.Contains(err.Error(), "cannot read") {
		t.Fatalf("Verify of a missing file = %v, want cannot read", err)
	}
}

func TestVerifiedBinariesOnDisk(t *testing.T) {
	t.Parallel()
	path, sum := writeBinary(t, t.TempDir(), "plugin v1")
	records := filepath.Join(t.TempDir(), "verified")
	if how, err := NewVerifiedBinaries(records).Verify(path, sum); err != nil || how != Hashed {
		t.Fatalf("first process: %v, %v; want hashed", how, err)
	}
	// A later process with the same folder trusts the record of the same file.
	if how, err := NewVerifiedBinaries(records).Verify(path, sum); err != nil || how != Unchanged {
		t.Fatalf("second process: %v, %v; want unchanged", how, err)
	}
	// A record names the digest it was checked against: another digest is not trusted.
	if _, err := NewVerifiedBinaries(records).Verify(path, strings.Repeat("a", 64)); !errors.Is(err, ErrDigestMismatch) {
		t.Fatalf("another digest: %v, want ErrDigestMismatch", err)
	}
	// A folder others may write to is not trusted.
	if err := os.Chmod(records, 0o777); err != nil {
		t.Fatal(err)
	}
	if how, err := NewVerifiedBinaries(records).Verify(path, sum); err != nil || how != Hashed {
		t.Fatalf("folder open to others: %v, %v; want hashed", how, err)
	}
}
