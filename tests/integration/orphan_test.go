package integration

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tshost"
)

// hostModeEnv makes the test binary act as a host process: it launches the
// plugin, prints the plugin's pid and waits to be killed.
const hostModeEnv = "TASK_SURFACE_TEST_HOST_MODE"

func init() {
	if os.Getenv(hostModeEnv) == "" {
		return
	}
	p, err := tshost.Launch(context.Background(), tshost.Config{
		Path: os.Getenv("TASK_SURFACE_TEST_PLUGIN"), SHA256: os.Getenv("TASK_SURFACE_TEST_DIGEST"),
	})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	fmt.Println(p.Pid())
	time.Sleep(time.Minute)
	os.Exit(0)
}

// A host that dies without shutting the plugin down takes the plugin with
// it: no orphan outlives its harness.
func TestPluginDiesWithItsHost(t *testing.T) {
	t.Parallel()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	host := exec.Command(self, "-test.run=^$")
	host.Env = append(os.Environ(), hostModeEnv+"=1", "TASK_SURFACE_TEST_PLUGIN="+pluginPath, "TASK_SURFACE_TEST_DIGEST="+pluginDigest)
	out, err := host.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("host printed nothing: %v", err)
	}
	pid, err := strconv.Atoi(line[:len(line)-1])
	if err != nil {
		t.Fatalf("host said %q", line)
	}
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("plugin %d not running under its host: %v", pid, err)
	}
	_ = host.Process.Kill()
	_ = host.Wait()

	// The host-shim README promises that an orphan ends within a second.
	deadline := time.Now().Add(time.Second)
	for running(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("plugin %d outlived its host by more than a second", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// running reports whether pid is a live process: one that exited and waits
// for its new parent to reap it (state Z in /proc) has ended.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name.
	if i := strings.LastIndexByte(string(stat), ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z'
	}
	return true
}
