package coord

import (
	"fmt"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The records of a session are one per id, the newest last, and the oldest
// go once there are more than the bound: a retry with an id that old is no
// longer recognised.
func TestRecordsOnePerIDAndBounded(t *testing.T) {
	var ss session
	for i := range MaxSubmissionRecords + 1 {
		ss.addSubmission(submissionRecord{surfaceID: "tsf_a", submissionID: tasksurface.SubmissionID(fmt.Sprint("sub_", i)), messageID: tasksurface.MessageID(fmt.Sprint("msg_", i))})
	}
	if _, ok := ss.submission("sub_0"); ok {
		t.Error("the oldest submission record is kept beyond the bound")
	}
	if r, ok := ss.submission(tasksurface.SubmissionID(fmt.Sprint("sub_", MaxSubmissionRecords))); !ok || r.messageID != tasksurface.MessageID(fmt.Sprint("msg_", MaxSubmissionRecords)) {
		t.Errorf("the newest submission record: %+v, %v", r, ok)
	}
	ss.addSubmission(submissionRecord{surfaceID: "tsf_b", submissionID: "sub_1", messageID: "msg_again"})
	if len(ss.submissions) != MaxSubmissionRecords {
		t.Errorf("%d submission records after one id was recorded again, want %d", len(ss.submissions), MaxSubmissionRecords)
	}
	if r, _ := ss.submission("sub_1"); r.messageID != "msg_again" || ss.submissions[len(ss.submissions)-1].submissionID != "sub_1" {
		t.Errorf("an id recorded again is not the newest record with its new values: %+v", r)
	}

	for i := range MaxDismissalRecords + 1 {
		ss.addDismissal(dismissalRecord{surfaceID: "tsf_a", dismissalID: tasksurface.DismissalID(fmt.Sprint("dis_", i))})
	}
	if _, ok := ss.dismissal("dis_0"); ok {
		t.Error("the oldest dismissal record is kept beyond the bound")
	}
	if _, ok := ss.dismissal(tasksurface.DismissalID(fmt.Sprint("dis_", MaxDismissalRecords))); !ok || len(ss.dismissals) != MaxDismissalRecords {
		t.Errorf("dismissal records: %d, the newest found %v", len(ss.dismissals), ok)
	}
}
