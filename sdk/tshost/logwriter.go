package tshost

import (
	"bytes"
	"sync"

	"github.com/hashicorp/go-hclog"
)

// lineLogger turns what a plugin writes to its redirected stdout or stderr
// after the handshake (go-plugin's StreamStdio) into log lines, so nothing
// the plugin says is lost and no pipe fills up.
type lineLogger struct {
	mu     sync.Mutex
	logger hclog.Logger
	stream string
	buf    []byte
}

func (w *lineLogger) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		if line := bytes.TrimRight(w.buf[:i], "\r"); len(line) > 0 {
			w.logger.Warn("plugin wrote outside its logger", "stream", w.stream, "line", string(line))
		}
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}
