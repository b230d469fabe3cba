package bench

import (
	"encoding/json"
	"fmt"
)

// Log returns a realistic session log of n events as dsh writes them:
// mostly events the fold ignores (assistant text, steps, other tools' calls
// and results), with a Task Surface opened every few turns and closed by a
// submission, a dismissal or an ordinary message.
func Log(n int) []json.RawMessage {
	events := make([]json.RawMessage, 0, n)
	seq := 0
	push := func(typ string, data any) {
		if len(events) >= n {
			return
		}
		b, _ := json.Marshal(map[string]any{"type": typ, "seq": seq, "data": data})
		events = append(events, b)
		seq++
	}
	text := "The build is green; the flaky test was a race in the cache warm-up. "
	model := json.RawMessage(Model(2 << 10))
	for turn := 0; len(events) < n; turn++ {
		push("turn/start", map[string]any{"turn": turn})
		for step := 0; step < 8; step++ {
			push("assistant/delta", map[string]any{"turn": turn, "step": step, "text": text})
			callID := fmt.Sprintf("call_%d_%d", turn, step)
			push("tool/call", map[string]any{"turn": turn, "step": step, "callId": callID, "name": "read_file", "arguments": `{"path":"src/add.js"}`})
			push("tool/result", map[string]any{"turn": turn, "step": step, "message": map[string]any{
				"source": map[string]any{"kind": "tool", "callId": callID}, "role": "user", "id": "r_" + callID,
				"content": []any{map[string]any{"type": "tool-result", "toolCallId": callID, "isError": false,
					"content": []any{map[string]any{"type": "text", "text": text}}}}}})
		}
		if turn%4 == 0 {
			callID := fmt.Sprintf("call_ts_%d", turn)
			surfaceID := fmt.Sprintf("tsf_%d", turn)
			push("tool/call", map[string]any{"turn": turn, "step": 9, "callId": callID, "name": "show_task_surface", "arguments": "{}"})
			push("tool/result", map[string]any{"turn": turn, "step": 9, "message": map[string]any{
				"source": map[string]any{"kind": "tool", "callId": callID}, "role": "user", "id": "r_" + callID,
				"content": []any{map[string]any{"type": "tool-result", "toolCallId": callID, "isError": false,
					"content": []any{map[string]any{"type": "text", "text": "open"}}}}},
				"meta": map[string]any{"kind": "dsh/task-surface", "version": 1, "surfaceId": surfaceID, "model": model}})
			push("turn/end", map[string]any{"turn": turn})
			switch turn % 12 {
			case 0:
				push("user/message", map[string]any{"id": fmt.Sprintf("tsm_%d", turn), "role": "user",
					"content": []any{map[string]any{"type": "text", "text": "submitted"}},
					"source":  map[string]any{"kind": "user", "taskSurface": map[string]any{"version": 1, "submissionId": "s", "callId": callID, "surfaceId": surfaceID, "values": map[string]any{"plan": "a"}}}})
			case 4:
				cmd := fmt.Sprintf("cmd_%d", turn)
				push("command/run", map[string]any{"commandId": cmd, "name": "task-surface", "args": "dismiss " + surfaceID + " d"})
				push("command/done", map[string]any{"commandId": cmd, "kind": "success"})
			default:
				push("user/message", map[string]any{"id": fmt.Sprintf("u_%d", turn), "role": "user",
					"content": []any{map[string]any{"type": "text", "text": "never mind"}}, "source": map[string]any{"kind": "user"}})
			}
			continue
		}
		push("turn/end", map[string]any{"turn": turn})
		push("user/message", map[string]any{"id": fmt.Sprintf("u_%d", turn), "role": "user",
			"content": []any{map[string]any{"type": "text", "text": "go on"}}, "source": map[string]any{"kind": "user"}})
	}
	return events
}
