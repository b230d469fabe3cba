package coord

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DirJournal is a Journal in a folder: one JSON file per entry, named by a
// hash of its session and message ids, written to a temporary file that is
// synced and then renamed into place (and the folder synced), so an entry is
// either whole or absent after a crash of the harness or the machine.
type DirJournal struct {
	dir string
}

// OpenDirJournal returns the journal in dir, creating the folder (0700)
// when it is missing.
func OpenDirJournal(dir string) (*DirJournal, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create the journal folder %s: %w", dir, err)
	}
	return &DirJournal{dir: dir}, nil
}

// entrySuffix ends the name of every entry file.
const entrySuffix = ".submission.json"

func (j *DirJournal) path(sessionID tasksurface.SessionID, messageID tasksurface.MessageID) string {
	sum := sha256.Sum256([]byte(string(sessionID) + "\x00" + string(messageID)))
	return filepath.Join(j.dir, hex.EncodeToString(sum[:16])+entrySuffix)
}

// Put writes e durably, replacing the entry of the same message.
func (j *DirJournal) Put(e JournalEntry) error {
	data, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode the journal entry of message %s: %w", e.MessageID, err)
	}
	tmp, err := os.CreateTemp(j.dir, ".put-*")
	if err != nil {
		return fmt.Errorf("write the journal entry of message %s: %w", e.MessageID, err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; a leftover after a failure
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write the journal entry of message %s: %w", e.MessageID, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("sync the journal entry of message %s: %w", e.MessageID, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write the journal entry of message %s: %w", e.MessageID, err)
	}
	if err := os.Rename(tmp.Name(), j.path(e.SessionID, e.MessageID)); err != nil {
		return fmt.Errorf("keep the journal entry of message %s: %w", e.MessageID, err)
	}
	return j.syncDir()
}

// Done removes the entry of a message.
func (j *DirJournal) Done(sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	if err := os.Remove(j.path(sessionID, messageID)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove the journal entry of message %s: %w", messageID, err)
	}
	return nil
}

// Entries reads every entry; a file that does not hold one (cut short by a
// crash before its rename cannot happen, a foreign file can) is skipped.
func (j *DirJournal) Entries() ([]JournalEntry, error) {
	files, err := os.ReadDir(j.dir)
	if err != nil {
		return nil, fmt.Errorf("read the journal folder %s: %w", j.dir, err)
	}
	var out []JournalEntry
	for _, f := range files {
		if f.IsDir() || !strings.HasSuffix(f.Name(), entrySuffix) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(j.dir, f.Name()))
		if err != nil {
			return nil, fmt.Errorf("read the journal entry %s: %w", f.Name(), err)
		}
		var e JournalEntry
		if json.Unmarshal(data, &e) != nil || e.SessionID == "" || e.MessageID == "" {
			continue
		}
		out = append(out, e)
	}
	return out, nil
}

// syncDir makes a rename in the folder durable. Windows cannot sync a
// folder, and makes a rename durable itself.
func (j *DirJournal) syncDir() error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(j.dir)
	if err != nil {
		return fmt.Errorf("open the journal folder %s: %w", j.dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync the journal folder %s: %w", j.dir, err)
	}
	return nil
}
