package tshost_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tsplugin"
)

// The test binary is its own plugin: launched by a test below, it serves
// testPlugin, which behaves as testPluginModeEnv says.
func TestMain(m *testing.M) {
	if tsplugin.IsPluginProcess() {
		tsplugin.Serve(&testPlugin{mode: os.Getenv(testPluginModeEnv)}, tsplugin.WithLogger(hclog.NewNullLogger()))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const testPluginModeEnv = "TSHOST_TEST_PLUGIN_MODE"

// The modes of testPlugin.
const (
	// modePlain answers Describe, Configure and Validate.
	modePlain = "plain"
	// modeOtherContract declares contract 3.0.
	modeOtherContract = "other-contract"
)

// testPlugin is a plugin whose Validate answers the model's bytes back as
// a problem, and exits the process, as a crash in the middle of a call
// does, when the model is "crash".
type testPlugin struct {
	tasksurface.Server // nil: the methods below are all a test calls

	mode string
}

func (p *testPlugin) Describe(context.Context) (*tasksurface.Description, error) {
	v := tasksurface.APIVersion
	if p.mode == modeOtherContract {
		v = "4.0"
	}
	return &tasksurface.Description{APIVersion: v, PluginVersion: "test"}, nil
}

func (p *testPlugin) Configure(_ context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	return &tasksurface.ConfigureResponse{EffectiveLimits: req.Limits}, nil
}

func (p *testPlugin) Validate(_ context.Context, req *tasksurface.ValidateRequest) (*tasksurface.ValidateResponse, error) {
	if string(req.Model) == "crash" {
		os.Exit(3)
	}
	return &tasksurface.ValidateResponse{Problems: []tasksurface.Problem{{Code: "echo", Message: string(req.Model)}}}, nil
}

// testBinary is this test binary and its digest, hashed once.
var testBinary = sync.OnceValues(func() (string, error) { return tshost.FileSHA256(os.Args[0]) })

func launchTestPlugin(t *testing.T, mode string) (*tshost.Plugin, error) {
	t.Helper()
	sum, err := testBinary()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	p, err := tshost.Launch(ctx, tshost.Config{
		Path: os.Args[0], SHA256: sum, Env: []string{testPluginModeEnv + "=" + mode}, Logger: hclog.NewNullLogger(),
	})
	if p != nil {
		t.Cleanup(func() { _ = p.Close(context.Background()) })
	}
	return p, err
}

// A plugin of another contract is refused, though Describe and Configure
// are sent together.
func TestLaunchRefusesAnotherContract(t *testing.T) {
	t.Parallel()
	p, err := launchTestPlugin(t, modeOtherContract)
	if err == nil || !strings.Contains(err.Error(), "speaks contract 4.0") {
		t.Fatalf("Launch = %v, want the contract refused", err)
	}
	if p != nil {
		t.Errorf("Launch returned a plugin with its error")
	}
}

// A plugin that dies during a call fails that call and every later one
// with ErrUnavailable, not with the transport's words alone.
func TestCallsAfterTheProcessDiedAreUnavailable(t *testing.T) {
	t.Parallel()
	p, err := launchTestPlugin(t, modePlain)
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if resp, err := p.Validate(ctx, &tasksurface.ValidateRequest{Model: []byte("alive")}); err != nil || len(resp.Problems) != 1 {
		t.Fatalf("Validate before the crash = %+v, %v", resp, err)
	}
	if _, err := p.Validate(ctx, &tasksurface.ValidateRequest{Model: []byte("crash")}); !errors.Is(err, tshost.ErrUnavailable) {
		t.Fatalf("the call the plugin died during = %v, want ErrUnavailable", err)
	}
	for i := range 3 {
		if _, err := p.Describe(ctx); !errors.Is(err, tshost.ErrUnavailable) {
			t.Fatalf("call %d after the crash = %v, want ErrUnavailable", i+1, err)
		}
	}
	<-p.Exited()
	if _, err := p.Validate(ctx, &tasksurface.ValidateRequest{Model: []byte("alive")}); !errors.Is(err, tshost.ErrUnavailable) {
		t.Fatalf("a call after the exit was noticed = %v, want ErrUnavailable", err)
	}
}
