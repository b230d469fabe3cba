package fold_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// benchLog builds the realistic 100k-event log of
// host-shim/bench/fold.bench.mjs: 2000 turns of 50 events, mostly events the
// fold ignores, a surface opened in turns 0, 3 and 6 of every ten and closed
// by a submission (turn 1), a bypass (turn 4) or a dismissal (turn 7).
func benchLog(tb testing.TB) []json.RawMessage {
	tb.Helper()
	const turns, perTurn = 2000, 50
	var events []json.RawMessage
	seq := 0
	push := func(typ string, data any) {
		seq++
		b, err := json.Marshal(map[string]any{"type": typ, "seq": seq, "data": data})
		if err != nil {
			tb.Fatal(err)
		}
		events = append(events, b)
	}
	text := strings.Repeat("The build is green; the flaky test was a race in the cache warm-up. ", 3)
	fileBody := strings.Repeat("export function add (a, b) {\n  return a + b\n}\n", 32)
	rows := make([]map[string]any, 12)
	for i := range rows {
		rows[i] = map[string]any{"plan": fmt.Sprintf("plan %d", i), "cost": i * 10}
	}
	model := map[string]any{
		"version": 1, "title": "Choose the migration plan",
		"sections": []any{map[string]any{"id": "plans", "layout": map[string]any{"kind": "grid", "columns": 2}, "blocks": []any{
			map[string]any{"kind": "markdown", "text": "## Plans\n\nTwo ways to move the data. " + text},
			map[string]any{"kind": "table", "columns": []any{map[string]any{"id": "plan", "label": "Plan"}, map[string]any{"id": "cost", "label": "Cost"}}, "rows": rows},
		}}},
		"fields": []any{
			map[string]any{"kind": "choice", "id": "plan", "label": "Plan", "options": []any{map[string]any{"id": "a", "label": "Online"}, map[string]any{"id": "b", "label": "Offline"}}},
			map[string]any{"kind": "text", "id": "notes", "label": "Notes", "multiline": true},
		},
		"submit": map[string]any{"label": "Send"},
	}
	modelJSON, err := json.Marshal(map[string]any{"model": model})
	if err != nil {
		tb.Fatal(err)
	}
	msg := func(id string, source any) {
		push("user/message", map[string]any{"id": id, "role": "user", "content": []any{map[string]any{"type": "text", "text": "Please go on."}}, "source": source})
	}
	var open *fold.Occurrence
	for k := range turns {
		start := len(events)
		switch {
		case k%10 == 1 && open != nil:
			msg(fmt.Sprintf("tsm_%d", k), map[string]any{"kind": "user", "taskSurface": map[string]any{
				"version": 1, "submissionId": fmt.Sprintf("sub-%d", k), "callId": open.CallID, "surfaceId": open.SurfaceID,
				"values": map[string]any{"plan": "a", "notes": "ship it"},
			}})
		case k%10 == 7 && open != nil:
			push("command/run", map[string]any{"commandId": fmt.Sprintf("cmd-%d", k), "name": "task-surface", "args": fmt.Sprintf("dismiss %s dis-%d", open.SurfaceID, k)})
			push("command/done", map[string]any{"commandId": fmt.Sprintf("cmd-%d", k), "kind": "success", "text": "Dismissed."})
			msg(fmt.Sprintf("u-%d", k), map[string]any{"kind": "user", "rpcId": fmt.Sprintf("rpc-%d", k)})
		default:
			msg(fmt.Sprintf("u-%d", k), map[string]any{"kind": "user", "rpcId": fmt.Sprintf("rpc-%d", k)})
		}
		open = nil
		opens := k%10 == 0 || k%10 == 3 || k%10 == 6
		end := start + perTurn
		if opens {
			end -= 2
		}
		for i := 0; len(events) < end; i++ {
			switch i % 6 {
			case 0, 2:
				push("assistant/delta", map[string]any{"turn": k, "step": i, "text": text})
			case 1:
				push("agent/step", map[string]any{"turn": k, "step": i, "usage": map[string]any{"input": 1200, "output": 80}})
			case 3:
				callID := fmt.Sprintf("call_%d_%d", k, i)
				push("tool/call", map[string]any{"turn": k, "step": i, "callId": callID, "name": "read_file", "arguments": `{"path":"src/add.js"}`})
				if len(events) < end {
					push("tool/result", map[string]any{"turn": k, "step": i, "message": map[string]any{
						"source": map[string]any{"kind": "tool", "callId": callID}, "role": "user", "id": fmt.Sprintf("r_%d_%d", k, i),
						"content": []any{map[string]any{"type": "tool-result", "toolCallId": callID, "content": []any{map[string]any{"type": "text", "text": fileBody}}, "isError": false}},
					}})
				}
			case 4:
				push("user/message", map[string]any{"id": fmt.Sprintf("ctx-%d-%d", k, i), "role": "user", "content": []any{map[string]any{"type": "text", "text": text}}, "source": map[string]any{"kind": "plugin", "plugin": "dsh-goal"}})
			default:
				push("agent/inbox/spliced", map[string]any{"target": "next-turn", "start": 0, "removedCount": 0, "inserted": []any{}})
			}
		}
		if opens {
			callID := fmt.Sprintf("call_ts_%d", k)
			open = &fold.Occurrence{CallID: tasksurface.CallID(callID), SurfaceID: tasksurface.SurfaceID(fmt.Sprintf("tsf_%d", k))}
			push("tool/call", map[string]any{"turn": k, "step": 99, "callId": callID, "name": "show_task_surface", "arguments": string(modelJSON)})
			push("tool/result", map[string]any{"turn": k, "step": 99, "message": map[string]any{
				"source": map[string]any{"kind": "tool", "callId": callID}, "role": "user", "id": "r_ts_" + callID,
				"content": []any{map[string]any{"type": "tool-result", "toolCallId": callID, "content": []any{map[string]any{"type": "text", "text": "Opened Task Surface."}}, "isError": false}},
			}, "meta": map[string]any{"kind": "dsh/task-surface", "version": 1, "surfaceId": open.SurfaceID, "model": model}})
		}
	}
	if len(events) != turns*perTurn {
		tb.Fatalf("benchmark log has %d events, want %d", len(events), turns*perTurn)
	}
	return events
}

// checkBenchState fails unless the log closed surfaces in every way, so the
// benchmark measures the shape it claims to.
func checkBenchState(tb testing.TB, s fold.State) {
	tb.Helper()
	seen := map[tasksurface.Outcome]bool{}
	for _, o := range s.Outcomes {
		seen[o.Outcome] = true
	}
	for _, want := range []tasksurface.Outcome{fold.OutcomeSubmitted, fold.OutcomeBypassed, fold.OutcomeDismissed} {
		if !seen[want] {
			tb.Fatalf("benchmark log closed no surface as %s: %+v", want, s.Outcomes)
		}
	}
}

// BenchmarkFoldJSONRestore measures a cold restore through the Fold RPC's
// JSON path: decoding and folding all 100k events from the initial state.
func BenchmarkFoldJSONRestore(b *testing.B) {
	events := benchLog(b)
	var bytes int64
	for _, e := range events {
		bytes += int64(len(e))
	}
	b.SetBytes(bytes)
	b.ReportAllocs()
	for b.Loop() {
		state, _, err := fold.FoldJSON(nil, events)
		if err != nil {
			b.Fatal(err)
		}
		var s fold.State
		if err := json.Unmarshal(state, &s); err != nil {
			b.Fatal(err)
		}
		checkBenchState(b, s)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(events)), "ns/event")
}

// BenchmarkApply measures Apply alone over the same log, already decoded,
// as a host holding parsed events would call it.
func BenchmarkApply(b *testing.B) {
	raw := benchLog(b)
	events := make([]fold.Event, 0, len(raw))
	for _, r := range raw {
		e, err := fold.DecodeEvent(r)
		if err != nil {
			b.Fatal(err)
		}
		events = append(events, e)
	}
	b.ReportAllocs()
	var s fold.State
	for b.Loop() {
		s = fold.Init()
		for _, e := range events {
			s = fold.Apply(s, e)
		}
	}
	checkBenchState(b, s)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(events)), "ns/event")
}
