// Package heapfloor keeps a small heap from being collected as often as the
// runtime's default would: after each collection it sets the collector's
// percentage (debug.SetGCPercent) so that the next one comes once the heap
// has grown by a floor of bytes or by the default hundred per cent of what
// is live, whichever is more.
//
// The plugin holds little (about 2 MB live when idle), so the runtime's
// 4 MB minimum heap goal had it collect every 2 MB of allocation: every 15
// to 30 show_task_surface calls of a large model, each collection about
// 2.5 ms of work on the plugin's one processor, between calls and inside
// them. With a floor of 16 MB it collects about eight times less often;
// once more than the floor is live (hundreds of open surfaces), the
// default applies unchanged, so the heap never grows past what it would
// have without the floor by more than the floor.
package heapfloor
