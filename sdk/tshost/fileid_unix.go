//go:build unix

package tshost

import (
	"io/fs"
	"os"
	"syscall"
)

// fileID is the identity of a file's content as the file system keeps it:
// any write, truncation, rename over the path or chmod changes it.
type fileID struct {
	Dev   uint64 `json:"dev"`
	Ino   uint64 `json:"ino"`
	Size  int64  `json:"size"`
	Mtime int64  `json:"mtimeNs"`
	Ctime int64  `json:"ctimeNs"`
}

func statID(path string) (fileID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileID{}, err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{Size: fi.Size(), Mtime: fi.ModTime().UnixNano()}, nil
	}
	return fileID{
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), Size: st.Size, //nolint:unconvert // widths differ by platform
		Mtime: fi.ModTime().UnixNano(), Ctime: ctimeNs(st),
	}, nil
}

func ownedByMe(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
