package words

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Every rule has its sentence in every locale, and the catalog words no
// rule the contract does not name.
func TestEveryRuleInEveryLocale(t *testing.T) {
	t.Parallel()
	for _, r := range tasksurface.Rules() {
		for _, loc := range Locales {
			if catalog[r][loc] == nil {
				t.Errorf("rule %s has no sentence in %s", r, loc)
			}
		}
	}
	for r := range catalog {
		if !r.Known() {
			t.Errorf("the catalog words %q, which is no rule", r)
		}
	}
}

// Each rule, with the params the plugin gives it (plugin/submission
// README), is one sentence in each locale that says every param it is
// given, numbers grouped by thousands.
func TestSentences(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		rule   tasksurface.Rule
		params P
		en, zh string
	}{
		{"number below its minimum", tasksurface.RuleBelowMin, P{"value": "20", "min": "5000"},
			"20 is below the minimum 5,000.", "20 小于最小值 5,000。"},
		{"number below another field's value", tasksurface.RuleBelowMin, P{"value": "1200", "min": "1500", "field": "Start load"},
			`1,200 is below 1,500, the value of "Start load", its minimum.`, "1,200 小于最小值 1,500（“Start load”的值）。"},
		{"number above another field's value", tasksurface.RuleAboveMax, P{"value": "9000", "max": "8000", "field": "Peak"},
			`9,000 is above 8,000, the value of "Peak", its maximum.`, "9,000 大于最大值 8,000（“Peak”的值）。"},
		{"date before another field's value", tasksurface.RuleBeforeMin, P{"value": "2026-01-01", "min": "2026-02-01", "field": "Start"},
			`2026-01-01 is before 2026-02-01, the value of "Start", its earliest date.`, "2026-01-01 早于最早日期 2026-02-01（“Start”的值）。"},
		{"date after another field's value", tasksurface.RuleAfterMax, P{"value": "2026-03-01", "max": "2026-02-01", "field": "End"},
			`2026-03-01 is after 2026-02-01, the value of "End", its latest date.`, "2026-03-01 晚于最晚日期 2026-02-01（“End”的值）。"},
		{"number above its maximum", tasksurface.RuleAboveMax, P{"value": "2025.5", "max": "1000"},
			"2,025.5 is above the maximum 1,000.", "2,025.5 大于最大值 1,000。"},
		{"scale point below", tasksurface.RuleBelowMin, P{"value": "0", "min": "1", "max": "5"},
			"Choose a whole number from 1 to 5; 0 is not one.", "须为 1 到 5 之间的整数，0 不是。"},
		{"scale point above", tasksurface.RuleAboveMax, P{"value": "7", "min": "1", "max": "5"},
			"Choose a whole number from 1 to 5; 7 is not one.", "须为 1 到 5 之间的整数，7 不是。"},
		{"scale fraction", tasksurface.RuleNotWhole, P{"value": "2.5", "min": "1", "max": "5"},
			"Choose a whole number from 1 to 5; 2.5 is not one.", "须为 1 到 5 之间的整数，2.5 不是。"},
		{"fraction, two nearest", tasksurface.RuleNotWhole, P{"value": "1317.9", "below": "1300", "above": "1350"},
			"1,317.9 is not a whole number; the nearest allowed values are 1,300 and 1,350.", "1,317.9 不是整数；最接近的允许值是 1,300 和 1,350。"},
		{"fraction, one nearest", tasksurface.RuleNotWhole, P{"value": "4.5", "below": "4"},
			"4.5 is not a whole number; the nearest allowed value is 4.", "4.5 不是整数；最接近的允许值是 4。"},
		{"fraction, none nearest", tasksurface.RuleNotWhole, P{"value": "4.5"},
			"4.5 is not a whole number.", "4.5 不是整数。"},
		{"off the step's grid", tasksurface.RuleOffStep, P{"value": "0.7", "base": "0", "step": "0.5", "below": "0.5", "above": "1"},
			"0.7 must be 0 plus a whole number of steps of 0.5; the nearest allowed values are 0.5 and 1.",
			"0.7 须为 0 加上 0.5 的整数倍；最接近的允许值是 0.5 和 1。"},
		{"beyond any number", tasksurface.RuleOutOfRange, P{"value": "1e400", "limit": "1000000000000000"},
			"Numbers go from -1,000,000,000,000,000 to 1,000,000,000,000,000; 1e400 is beyond them.",
			"数字须在 -1,000,000,000,000,000 到 1,000,000,000,000,000 之间，1e400 超出了范围。"},
		{"date before", tasksurface.RuleBeforeMin, P{"value": "2025-01-01", "min": "2026-01-01", "max": "2026-12-31"},
			"2025-01-01 is before the earliest date 2026-01-01.", "2025-01-01 早于最早日期 2026-01-01。"},
		{"date after", tasksurface.RuleAfterMax, P{"value": "2027-01-01", "max": "2026-12-31"},
			"2027-01-01 is after the latest date 2026-12-31.", "2027-01-01 晚于最晚日期 2026-12-31。"},
		{"not a date, a window", tasksurface.RuleNotADate, P{"value": "2026-02-30", "min": "2026-01-01", "max": "2026-03-31"},
			`"2026-02-30" is not a real calendar date written YYYY-MM-DD; choose one from 2026-01-01 to 2026-03-31.`,
			"“2026-02-30” 不是按 YYYY-MM-DD 书写的真实日期；请选择 2026-01-01 到 2026-03-31 之间的日期。"},
		{"not a date, a minimum", tasksurface.RuleNotADate, P{"value": "soon", "min": "2026-01-01"},
			`"soon" is not a real calendar date written YYYY-MM-DD; choose one on or after 2026-01-01.`,
			"“soon” 不是按 YYYY-MM-DD 书写的真实日期；请选择 2026-01-01 或之后的日期。"},
		{"not a date, digits", tasksurface.RuleNotADate, P{"value": "20260101"},
			`"20260101" is not a real calendar date written YYYY-MM-DD.`, "“20260101” 不是按 YYYY-MM-DD 书写的真实日期。"},
		{"not a date, no window", tasksurface.RuleNotADate, P{"value": "soon"},
			`"soon" is not a real calendar date written YYYY-MM-DD.`, "“soon” 不是按 YYYY-MM-DD 书写的真实日期。"},
		{"text too short", tasksurface.RuleTooShort, P{"count": "3", "min": "10"},
			"Too short: 3 of at least 10 characters.", "太短：3 个字符，至少 10 个。"},
		{"text too long", tasksurface.RuleTooLong, P{"count": "1200", "max": "1000"},
			"Too long: 1,200 of at most 1,000 characters. Shorten it to send.", "太长：1,200 个字符，最多 1,000 个。请缩短后再发送。"},
		{"pattern with an example", tasksurface.RulePattern, P{"pattern": "[A-Z]+-[0-9]+", "example": "OPS-12"},
			"This is not in the form this field expects. For example: OPS-12", "格式不符合此项的要求。例如：OPS-12"},
		{"pattern", tasksurface.RulePattern, P{"pattern": "[A-Z]+"},
			"This is not in the form this field expects.", "格式不符合此项的要求。"},
		{"too few options", tasksurface.RuleTooFew, P{"count": "1", "min": "2"},
			"Choose at least 2 options; 1 chosen.", "请至少选择 2 项，已选 1 项。"},
		{"too few, one", tasksurface.RuleTooFew, P{"count": "0", "min": "1"},
			"Choose at least 1 option; 0 chosen.", "请至少选择 1 项，已选 0 项。"},
		{"too many", tasksurface.RuleTooMany, P{"count": "12", "max": "10"},
			"Too many: 12 of at most 10; remove some.", "太多：12 个，最多 10 个。请删去一些。"},
		{"a repeated tag", tasksurface.RuleRepeated, P{"value": "2025"}, // the user's text: not grouped
			`"2025" is listed twice; remove one.`, "“2025” 重复了，请删去一个。"},
		{"blank", tasksurface.RuleBlank, nil, "This is empty; write something.", "内容为空，请填写。"},
	}
	seen := map[tasksurface.Rule]bool{}
	for _, tc := range tests {
		seen[tc.rule] = true
		if got := Say(En, tc.rule, tc.params); got != tc.en {
			t.Errorf("%s, en: got %q, want %q", tc.name, got, tc.en)
		}
		if got := Say(Zh, tc.rule, tc.params); got != tc.zh {
			t.Errorf("%s, zh: got %q, want %q", tc.name, got, tc.zh)
		}
	}
	for _, r := range tasksurface.Rules() {
		if !seen[r] {
			t.Errorf("rule %s has no case here", r)
		}
	}
}

// Numbers are grouped as Intl.NumberFormat groups them for en and zh;
// what is no plain decimal is left alone.
func TestGroup(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"0": "0", "999": "999", "1000": "1,000", "5000": "5,000", "-1234.5": "-1,234.5", "0.25": "0.25",
		"1234567": "1,234,567", "100000": "100,000", "1000000000000000": "1,000,000,000,000,000",
		"1e-7": "1e-7", "2026-01-01": "2026-01-01", "12a": "12a", "": "",
	} {
		if got := Group(in); got != want {
			t.Errorf("Group(%q) = %q, want %q", in, got, want)
		}
	}
}

// Parse takes zh, and reads anything else as English.
func TestParse(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Locale{"zh": Zh, "en": En, "": En, "fr": En, "zh-CN": En, "ZH": En} {
		if got := Parse(in); got != want {
			t.Errorf("Parse(%q) = %q, want %q", in, got, want)
		}
	}
}

// Localize words only the problems that have a rule, and leaves the list
// it is given as it was.
func TestLocalize(t *testing.T) {
	t.Parallel()
	in := []tasksurface.Problem{
		{Code: tasksurface.CodeInvalidValue, Pointer: "/load", Message: "6,000 is above the maximum 5,000.", Rule: tasksurface.RuleAboveMax, Params: P{"value": "6000", "max": "5000"}},
		{Code: tasksurface.CodeWrongType, Pointer: "/load", Message: `"Load" takes a number or null, not a string.`},
	}
	out := Localize(in, Zh)
	if out[0].Message != "6,000 大于最大值 5,000。" || out[1].Message != in[1].Message {
		t.Errorf("Localize: %+v", out)
	}
	if !strings.HasPrefix(in[0].Message, "6,000 is above") {
		t.Errorf("Localize changed its input: %+v", in)
	}
}
