package bench

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"

	"github.com/dsh-community/task-surface/bench/minimal"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

// ColdStart measures a launch of the Task Surface plugin through the SDK,
// from nothing to a configured plugin that answered Describe: digest check,
// process start, AutoMTLS handshake and two RPCs. With verified nil
// every launch hashes the binary, as the first launch after an install does;
// with a record that verified it before, a launch checks the file's identity
// instead, as every later launch of a Supervisor or of a harness keeping its
// records on disk does.
func ColdStart(bins Binaries, verified *tshost.VerifiedBinaries, s *Samples) func(*testing.B) {
	return func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			d, err := launchOnce(context.Background(), bins, verified, b)
			if err != nil {
				b.Fatal(err)
			}
			s.Add(d)
		}
	}
}

// launchOnce launches the Task Surface plugin as ColdStart does and closes
// it, and returns the launch's time; the timer of b, when given, stops
// while the plugin closes.
func launchOnce(ctx context.Context, bins Binaries, verified *tshost.VerifiedBinaries, b *testing.B) (time.Duration, error) {
	settle(b)
	start := time.Now()
	p, err := tshost.Launch(ctx, tshost.Config{
		Path: bins.Plugin, SHA256: bins.PluginSHA256, Verified: verified, Logger: hclog.NewNullLogger(),
	})
	if err != nil {
		return 0, err
	}
	d := time.Since(start)
	if b != nil {
		b.StopTimer()
		defer b.StartTimer()
	}
	_ = p.Close(ctx)
	return d, nil
}

// MinimalColdStart measures the reference: the minimal go-plugin gRPC
// plugin started with AutoMTLS until its first health check answers. With
// checksum set the host also checks the binary's SHA-256 before it starts,
// as the SDK always does.
func MinimalColdStart(bins Binaries, checksum bool, s *Samples) func(*testing.B) {
	return func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			d, err := minimalLaunchOnce(context.Background(), bins, checksum, b)
			if err != nil {
				b.Fatal(err)
			}
			s.Add(d)
		}
	}
}

// minimalLaunchOnce launches the minimal plugin as MinimalColdStart does and
// kills it, and returns the launch's time; the timer of b, when given,
// stops while the plugin is killed.
func minimalLaunchOnce(ctx context.Context, bins Binaries, checksum bool, b *testing.B) (time.Duration, error) {
	var secure *plugin.SecureConfig
	if checksum {
		sum, err := hex.DecodeString(bins.MinimalSHA256)
		if err != nil {
			return 0, err
		}
		secure = &plugin.SecureConfig{Checksum: sum, Hash: sha256.New()}
	}
	settle(b)
	start := time.Now()
	c := plugin.NewClient(&plugin.ClientConfig{
		SecureConfig:     secure,
		HandshakeConfig:  minimal.Handshake,
		Plugins:          minimal.Set(),
		Cmd:              exec.Command(bins.Minimal),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         true,
		Logger:           hclog.NewNullLogger(),
	})
	defer func() {
		if b != nil {
			b.StopTimer()
			defer b.StartTimer()
		}
		c.Kill()
	}()
	rpc, err := c.Client()
	if err != nil {
		return 0, err
	}
	raw, err := rpc.Dispense("minimal")
	if err != nil {
		return 0, err
	}
	resp, err := grpc_health_v1.NewHealthClient(raw.(*grpc.ClientConn)).Check(ctx, &grpc_health_v1.HealthCheckRequest{Service: "plugin"})
	if err != nil || resp.GetStatus() != grpc_health_v1.HealthCheckResponse_SERVING {
		return 0, fmt.Errorf("health: %v %v", resp, err)
	}
	return time.Since(start), nil
}

// ColdStarts are the four cold starts measured together by
// ColdStartRounds, and the ratios of each round.
type ColdStarts struct {
	// Verified, Hashed, Minimal and MinimalSum are the launches of a binary
	// verified before, of one hashed at launch, of the minimal plugin, and
	// of the minimal plugin with go-plugin's SecureConfig digest check.
	Verified, Hashed, Minimal, MinimalSum *Samples
	// VerifiedRatios and HashedRatios are, per round, the median of
	// Verified against Minimal's and of Hashed against MinimalSum's.
	VerifiedRatios, HashedRatios []float64
}

// ColdStartRounds measures the four cold starts in rounds of launches
// each, rotating which goes first (inRounds), so that a change of load on a
// shared machine reaches all alike; each round gives its own ratios.
func ColdStartRounds(ctx context.Context, bins Binaries, verified *tshost.VerifiedBinaries, rounds, launches int) (*ColdStarts, error) {
	all, byRound, err := inRounds(rounds, launches, launches,
		func() (time.Duration, error) { return launchOnce(ctx, bins, verified, nil) },
		func() (time.Duration, error) { return launchOnce(ctx, bins, nil, nil) },
		func() (time.Duration, error) { return minimalLaunchOnce(ctx, bins, false, nil) },
		func() (time.Duration, error) { return minimalLaunchOnce(ctx, bins, true, nil) },
	)
	if err != nil {
		return nil, err
	}
	out := &ColdStarts{Verified: all[0], Hashed: all[1], Minimal: all[2], MinimalSum: all[3]}
	for _, got := range byRound {
		out.VerifiedRatios = append(out.VerifiedRatios, ratioOfMedians(got[0], got[2]))
		out.HashedRatios = append(out.HashedRatios, ratioOfMedians(got[1], got[3]))
	}
	return out, nil
}

// inRounds runs each of kinds n times a round, for rounds rounds, in
// blocks of block calls (n when block is 0 or n): each turn runs one block
// of every kind, rotating which kind's block goes first from each turn to
// the next, the turns counted on across rounds (with two kinds,
// alternating; with blocks of n, a round is one turn). It returns every
// sample of each kind, and each round's samples by kind. Short blocks keep
// the kinds' calls close in time, so a change of load on a shared machine
// reaches both alike, while each kind's calls still follow calls of their
// own kind: what a call leaves behind (garbage, caches filled with its own
// data) is paid by calls of its kind.
func inRounds(rounds, n, block int, kinds ...func() (time.Duration, error)) (all []*Samples, byRound [][]*Samples, err error) {
	if block <= 0 || block > n {
		block = n
	}
	all = make([]*Samples, len(kinds))
	for i := range all {
		all[i] = &Samples{}
	}
	turn := 0
	for range rounds {
		got := make([]*Samples, len(kinds))
		for i := range got {
			got[i] = &Samples{}
		}
		for done := 0; done < n; done += block {
			for k := range kinds {
				i := (k + turn) % len(kinds)
				for range min(block, n-done) {
					d, err := kinds[i]()
					if err != nil {
						return nil, nil, err
					}
					got[i].Add(d)
				}
			}
			turn++
		}
		for i := range all {
			all[i].addAll(got[i])
		}
		byRound = append(byRound, got)
	}
	return all, byRound, nil
}

// ratioOfMedians is a's median over b's.
func ratioOfMedians(a, b *Samples) float64 {
	return float64(a.Percentile(50)) / float64(b.Percentile(50))
}

// ShowRoundTrip measures show_task_surface through the SDK for one model,
// called as the reference host and the dsh shim call it: with the session's
// projection view (here a session with no surface open), so the plugin need
// not ask the host for it, and for the value alone (OmitMeta), as the dsh
// shim asks.
func ShowRoundTrip(p *tshost.Plugin, args json.RawMessage, s *Samples) func(*testing.B) {
	return func(b *testing.B) {
		ctx := context.Background()
		empty, err := p.Fold(ctx, &tasksurface.FoldRequest{})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(args)))
		for i := 0; i < b.N; i++ {
			start := time.Now()
			resp, err := p.Show(ctx, showRequest(args, empty.View, true))
			if err != nil || !resp.OK {
				b.Fatalf("show: %v %+v", err, resp)
			}
			s.Add(time.Since(start))
		}
	}
}

// showRequest is the call ShowRoundTrip and ShowAgainstEcho make: args in
// a session whose projection view is view, for the value alone or with the
// metadata.
func showRequest(args, view json.RawMessage, omitMeta bool) *tasksurface.ShowRequest {
	return &tasksurface.ShowRequest{SessionID: "bench", CallID: "call", Arguments: args, Mode: "native", Projection: view, OmitMeta: omitMeta}
}

// EchoRoundTrip measures the same bytes through the plugin's bare echo on
// the same connection: the transport's share of ShowRoundTrip.
func EchoRoundTrip(p *tshost.Plugin, payload []byte, s *Samples) func(*testing.B) {
	return func(b *testing.B) {
		ctx := context.Background()
		b.SetBytes(int64(len(payload)))
		for i := 0; i < b.N; i++ {
			start := time.Now()
			if _, err := p.Echo(ctx, payload); err != nil {
				b.Fatal(err)
			}
			s.Add(time.Since(start))
		}
	}
}

// ShowEchoBlock is how many calls of one kind ShowAgainstEcho makes before
// it turns to the other kind. A call of show_task_surface slows the call
// after it (a 58 KiB one, an echo after it by about 7 %, it seems by
// leaving its own data and code in the caches), so each kind's calls follow
// their own kind's; and the blocks are short, so the two kinds meet the
// same load: with blocks of 500 calls, the ratio of one round to the next
// ranged over 1.07–1.89 for a 58 KiB model, with blocks of 25 over
// 1.48–1.65 around the same median.
const ShowEchoBlock = 25

// ShowEcho is what ShowAgainstEcho measured: every sample of each kind of
// call, and each round's ratio of a Show's median to the echo's.
type ShowEcho struct {
	// Show is show_task_surface asked as the dsh shim asks it: for the
	// value alone (ShowRequest.OmitMeta), the metadata to be derived from
	// it when the tool result is written (tasksurface.NewToolResult).
	Show *Samples
	// WithMeta is show_task_surface asked for the metadata too, which the
	// SDK's client derives from the value before it returns (the copy of
	// the model that takes, in the host, is in the time).
	WithMeta *Samples
	// Echo is the bare echo of the same bytes on the same connection.
	Echo *Samples
	// Ratios and WithMetaRatios are each round's ratio of Show's median,
	// and of WithMeta's, to Echo's.
	Ratios, WithMetaRatios []float64
}

// ShowAgainstEcho measures show_task_surface (as ShowRoundTrip calls it,
// for the value alone and with the metadata) and the bare echo of the
// same bytes (EchoRoundTrip) in rounds of calls of each, in alternating
// blocks of ShowEchoBlock calls (inRounds). A collection is paid by the
// calls it runs beside, which with short blocks may be another kind's: a
// collection that a block of Shows sets off can run on into the next block
// (with blocks of a round's whole count, each kind paid for its own
// garbage, but met another load).
func ShowAgainstEcho(ctx context.Context, p *tshost.Plugin, args json.RawMessage, rounds, calls int) (*ShowEcho, error) {
	empty, err := p.Fold(ctx, &tasksurface.FoldRequest{})
	if err != nil {
		return nil, err
	}
	show := func(omitMeta bool) func() (time.Duration, error) {
		req := showRequest(args, empty.View, omitMeta)
		return func() (time.Duration, error) {
			start := time.Now()
			resp, err := p.Show(ctx, req)
			if err != nil {
				return 0, err
			}
			if !resp.OK {
				return 0, fmt.Errorf("show refused: %s %s", resp.ErrorCode, resp.ErrorText)
			}
			if omitMeta == (len(resp.Meta) > 0) {
				return 0, fmt.Errorf("show answered %d bytes of metadata, asked to omit it: %v", len(resp.Meta), omitMeta)
			}
			return time.Since(start), nil
		}
	}
	echo := func() (time.Duration, error) {
		start := time.Now()
		if _, err := p.Echo(ctx, args); err != nil {
			return 0, err
		}
		return time.Since(start), nil
	}
	kinds := []func() (time.Duration, error){show(true), show(false), echo}
	// A first round warms them up and is not counted.
	if _, _, err := inRounds(1, calls, ShowEchoBlock, kinds...); err != nil {
		return nil, err
	}
	all, byRound, err := inRounds(rounds, calls, ShowEchoBlock, kinds...)
	if err != nil {
		return nil, err
	}
	se := &ShowEcho{Show: all[0], WithMeta: all[1], Echo: all[2]}
	for _, got := range byRound {
		se.Ratios = append(se.Ratios, ratioOfMedians(got[0], got[2]))
		se.WithMetaRatios = append(se.WithMetaRatios, ratioOfMedians(got[1], got[2]))
	}
	return se, nil
}

// Rig is the SDK's host kit (in memory) bound to a launched plugin.
type Rig struct {
	// Kit is the host.
	Kit *hostkit.Host
	// Plugin is the launched plugin.
	Plugin *tshost.Plugin

	calls atomic.Int64
}

// NewRig launches the plugin and binds a fresh host kit to it.
func NewRig(ctx context.Context, bins Binaries) (*Rig, error) {
	p, err := tshost.Launch(ctx, tshost.Config{Path: bins.Plugin, SHA256: bins.PluginSHA256, Logger: hclog.NewNullLogger()})
	if err != nil {
		return nil, err
	}
	kit := hostkit.New(hostkit.Config{Storage: hostkit.NewMemoryStorage()})
	if err := kit.Bind(ctx, p); err != nil {
		_ = p.Close(ctx)
		return nil, err
	}
	return &Rig{Kit: kit, Plugin: p}, nil
}

// SubmitRequest is the submission of SubmitValues to a surface, as a client
// sends it: the kit adds the session's snapshot.
func (r *Rig) SubmitRequest(session tasksurface.SessionID, surfaceID, submissionID string) *tasksurface.SubmitRequest {
	return &tasksurface.SubmitRequest{
		SessionID: session, SurfaceID: tasksurface.SurfaceID(surfaceID), SubmissionID: tasksurface.SubmissionID(submissionID),
		Values: json.RawMessage(SubmitValues),
	}
}

// Open opens a surface from args in a new session.
func (r *Rig) Open(ctx context.Context, args json.RawMessage) (session tasksurface.SessionID, surfaceID string, err error) {
	session = r.Kit.NewSession()
	res, err := r.Kit.CallTool(ctx, session, tasksurface.CallID(fmt.Sprintf("call_%d", r.calls.Add(1))), args)
	if err != nil {
		return "", "", err
	}
	if !res.OK {
		return "", "", fmt.Errorf("show refused: %s", res.ErrorText)
	}
	var v struct {
		SurfaceID string `json:"surfaceId"`
	}
	err = json.Unmarshal(res.Value, &v)
	return session, v.SurfaceID, err
}

// SubmitValues answers Model's fields.
const SubmitValues = `{"plan":"b","checks":["unit"],"now":true,"steps":["y","x"],"why":"cheaper"}`

// SubmitToAdmitted measures a submission through the host kit, from the
// client's request to its answer: the kit's snapshot, the plugin's
// decision (validate, format), the message written to the queue and the
// report of it.
func SubmitToAdmitted(r *Rig, args json.RawMessage, s *Samples) func(*testing.B) {
	return func(b *testing.B) {
		ctx := context.Background()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			session, surfaceID, err := r.Open(ctx, args)
			if err != nil {
				b.Fatal(err)
			}
			req := r.SubmitRequest(session, surfaceID, "s1")
			b.StartTimer()
			start := time.Now()
			resp, err := r.Kit.Submit(ctx, req)
			if err != nil || !resp.Accepted {
				b.Fatalf("submit: %v %+v", err, resp)
			}
			s.Add(time.Since(start))
		}
	}
}

// RSS returns a process's resident set size in bytes, from /proc.
func RSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmRSS for pid %d", pid)
}

// settle collects the measuring process's garbage before a launch, outside
// its time, as testing.B does before a benchmark: a launch allocates in the
// host too (certificates, the TLS handshake, the client), and a collection
// of what earlier work left behind would otherwise fall inside whichever
// launch happens to trigger it. The timer of b, when given, stops meanwhile,
// so that ns/op leaves the collection out as the samples do.
func settle(b *testing.B) {
	if b != nil {
		b.StopTimer()
		defer b.StartTimer()
	}
	runtime.GC()
}
