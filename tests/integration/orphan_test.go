package integration

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/refhost"
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
		Path: os.Getenv("TASK_SURFACE_TEST_PLUGIN"), SHA256: os.Getenv("TASK_SURFACE_TEST_DIGEST"), Host: refhost.New(nil),
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

	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("plugin %d outlived its host by 10 s", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
