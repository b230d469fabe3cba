package tshost_test

import (
	"context"
	"fmt"
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
	// modePlain answers Describe and Configure and nothing else.
	modePlain = "plain"
	// modeHostInConfigure calls the host before Configure answers and
	// answers what the host said as a problem.
	modeHostInConfigure = "host-in-configure"
	// modeContract2 declares contract 2.0.
	modeContract2 = "contract-2"
)

// testPlugin is a plugin whose Validate answers, as problems, the messages
// the host lists in flight for the session named by the model.
type testPlugin struct {
	tasksurface.Server // nil: the methods below are all a test calls

	mode string
	mu   sync.Mutex
	host tasksurface.Host
}

func (p *testPlugin) Describe(context.Context) (*tasksurface.Description, error) {
	v := tasksurface.APIVersion
	if p.mode == modeContract2 {
		v = "2.0"
	}
	return &tasksurface.Description{APIVersion: v, PluginVersion: "test"}, nil
}

func (p *testPlugin) Configure(ctx context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	p.mu.Lock()
	p.host = req.Host
	p.mu.Unlock()
	out := &tasksurface.ConfigureResponse{EffectiveLimits: req.Limits}
	if p.mode == modeHostInConfigure {
		problems, err := inFlight(ctx, req.Host, "configure")
		if err != nil {
			return nil, err
		}
		out.Problems = problems
	}
	return out, nil
}

func (p *testPlugin) Validate(ctx context.Context, req *tasksurface.ValidateRequest) (*tasksurface.ValidateResponse, error) {
	p.mu.Lock()
	host := p.host
	p.mu.Unlock()
	problems, err := inFlight(ctx, host, string(req.Model))
	if err != nil {
		return nil, err
	}
	return &tasksurface.ValidateResponse{Valid: true, Problems: problems}, nil
}

// inFlight asks host for the messages in flight in session, as problems.
func inFlight(ctx context.Context, host tasksurface.Host, session string) ([]tasksurface.Problem, error) {
	if host == nil {
		return nil, fmt.Errorf("no host")
	}
	resp, err := host.ListInFlight(ctx, &tasksurface.ListInFlightRequest{SessionID: tasksurface.SessionID(session)})
	if err != nil {
		return nil, err
	}
	var out []tasksurface.Problem
	for _, m := range resp.Messages {
		out = append(out, tasksurface.Problem{Code: "in-flight", Message: string(m.MessageID)})
	}
	return out, nil
}

// echoHost lists one message in flight per session, named after it.
type echoHost struct {
	tasksurface.Host // nil: ListInFlight is all testPlugin calls
}

func (echoHost) ListInFlight(_ context.Context, req *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	return &tasksurface.ListInFlightResponse{Messages: []tasksurface.InFlightMessage{{MessageID: tasksurface.MessageID("in " + req.SessionID)}}}, nil
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
		Path: os.Args[0], SHA256: sum, Env: []string{testPluginModeEnv + "=" + mode},
		Host: echoHost{}, Logger: hclog.NewNullLogger(),
	})
	if p != nil {
		t.Cleanup(func() { _ = p.Close(context.Background()) })
	}
	return p, err
}

// The plugin reaches the host's services whenever it first needs them: on
// its first call after the launch, and while Configure has not answered yet
// (its connection to them is dialled once Configure has answered).
func TestHostServicesFromTheFirstCall(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		mode string
		// call is what the plugin answered from the host's services.
		call func(context.Context, *tshost.Plugin) ([]tasksurface.Problem, error)
		want string
	}{
		"first call after the launch": {
			mode: modePlain,
			call: func(ctx context.Context, p *tshost.Plugin) ([]tasksurface.Problem, error) {
				resp, err := p.Validate(ctx, &tasksurface.ValidateRequest{Model: []byte("s1")})
				if err != nil {
					return nil, err
				}
				return resp.Problems, nil
			},
			want: "in s1",
		},
		"during Configure, before its answer": {
			mode: modeHostInConfigure,
			call: func(_ context.Context, p *tshost.Plugin) ([]tasksurface.Problem, error) {
				return p.Configuration().Problems, nil
			},
			want: "in configure",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, err := launchTestPlugin(t, tc.mode)
			if err != nil {
				t.Fatalf("launch: %v", err)
			}
			got, err := tc.call(t.Context(), p)
			if err != nil {
				t.Fatalf("call: %v", err)
			}
			if len(got) != 1 || got[0].Message != tc.want {
				t.Errorf("the plugin heard from the host %+v, want one message %q", got, tc.want)
			}
		})
	}
}

// A plugin of another contract is refused, though Describe and Configure
// are sent together.
func TestLaunchRefusesAnotherContract(t *testing.T) {
	t.Parallel()
	p, err := launchTestPlugin(t, modeContract2)
	if err == nil || !strings.Contains(err.Error(), "speaks contract 2.0") {
		t.Fatalf("Launch = %v, want the contract refused", err)
	}
	if p != nil {
		t.Errorf("Launch returned a plugin with its error")
	}
}
