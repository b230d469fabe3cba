// Package words is the one place the plugin words a value problem: for each
// rule a submitted value breaks (tasksurface.Rule), its sentence in every
// locale a client asks for, made from the rule's params alone. The English
// message every value problem carries (for the model and for hosts that ask
// for no locale) is Say(En, ...); the Dock asks Check and Submit for its
// locale and gets the same problems worded in it (Localize), so the live
// check and Submit say one problem with one sentence.
//
// A sentence names no field: the problem is shown under its field and its
// pointer says which. Numbers are grouped by thousands as the number field's
// hint writes them in both locales (5,000; 1,234.5); dates stay YYYY-MM-DD,
// the form the date field turns into its hint's.
package words

import (
	"regexp"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Locale is a language a client asks for problems in.
type Locale string

// The locales; anything else a client asks for is En.
const (
	En Locale = "en"
	Zh Locale = "zh"
)

// Locales lists every locale, En first.
var Locales = []Locale{En, Zh}

// Parse reads a client's locale: "zh" is Zh, anything else (absent, "en",
// a locale it does not know) En.
func Parse(s string) Locale {
	if Locale(s) == Zh {
		return Zh
	}
	return En
}

// P is a rule's params.
type P = map[tasksurface.Param]string

// sentence words one rule in one locale from its params (already formatted).
type sentence func(p P) string

// catalog holds, for each rule, its sentence in each locale.
var catalog = map[tasksurface.Rule]map[Locale]sentence{
	tasksurface.RuleBelowMin: {
		En: func(p P) string {
			return scaleOr(En, p, p["value"]+" is below "+setBy(En, p, "the minimum ", p["min"], "its minimum")+".")
		},
		Zh: func(p P) string {
			return scaleOr(Zh, p, p["value"]+" 小于最小值 "+p["min"]+setBy(Zh, p, "", "", "")+"。")
		},
	},
	tasksurface.RuleAboveMax: {
		En: func(p P) string {
			return scaleOr(En, p, p["value"]+" is above "+setBy(En, p, "the maximum ", p["max"], "its maximum")+".")
		},
		Zh: func(p P) string {
			return scaleOr(Zh, p, p["value"]+" 大于最大值 "+p["max"]+setBy(Zh, p, "", "", "")+"。")
		},
	},
	tasksurface.RuleNotWhole: {
		En: func(p P) string { return scaleOr(En, p, p["value"]+" is not a whole number"+nearest(En, p)+".") },
		Zh: func(p P) string { return scaleOr(Zh, p, p["value"]+" 不是整数"+nearest(Zh, p)+"。") },
	},
	tasksurface.RuleOffStep: {
		En: func(p P) string {
			return p["value"] + " must be " + p["base"] + " plus a whole number of steps of " + p["step"] + nearest(En, p) + "."
		},
		Zh: func(p P) string {
			return p["value"] + " 须为 " + p["base"] + " 加上 " + p["step"] + " 的整数倍" + nearest(Zh, p) + "。"
		},
	},
	tasksurface.RuleOutOfRange: {
		En: func(p P) string {
			return "Numbers go from -" + p["limit"] + " to " + p["limit"] + "; " + p["value"] + " is beyond them."
		},
		Zh: func(p P) string {
			return "数字须在 -" + p["limit"] + " 到 " + p["limit"] + " 之间，" + p["value"] + " 超出了范围。"
		},
	},
	tasksurface.RuleBeforeMin: {
		En: func(p P) string {
			return p["value"] + " is before " + setBy(En, p, "the earliest date ", p["min"], "its earliest date") + "."
		},
		Zh: func(p P) string {
			return p["value"] + " 早于最早日期 " + p["min"] + setBy(Zh, p, "", "", "") + "。"
		},
	},
	tasksurface.RuleAfterMax: {
		En: func(p P) string {
			return p["value"] + " is after " + setBy(En, p, "the latest date ", p["max"], "its latest date") + "."
		},
		Zh: func(p P) string {
			return p["value"] + " 晚于最晚日期 " + p["max"] + setBy(Zh, p, "", "", "") + "。"
		},
	},
	tasksurface.RuleNotADate: {
		En: func(p P) string {
			return quote(En, p["value"]) + " is not a real calendar date written YYYY-MM-DD" + window(En, p) + "."
		},
		Zh: func(p P) string {
			return quote(Zh, p["value"]) + " 不是按 YYYY-MM-DD 书写的真实日期" + window(Zh, p) + "。"
		},
	},
	tasksurface.RuleTooShort: {
		En: func(p P) string { return "Too short: " + p["count"] + " of at least " + p["min"] + " characters." },
		Zh: func(p P) string { return "太短：" + p["count"] + " 个字符，至少 " + p["min"] + " 个。" },
	},
	// The Dock says a text over its maxLength itself as it is typed, before
	// the plugin answers, in these words (client-bundle locales.ts,
	// problem.too-long): keep the two equal.
	tasksurface.RuleTooLong: {
		En: func(p P) string {
			return "Too long: " + p["count"] + " of at most " + p["max"] + " characters. Shorten it to send."
		},
		Zh: func(p P) string {
			return "太长：" + p["count"] + " 个字符，最多 " + p["max"] + " 个。请缩短后再发送。"
		},
	},
	tasksurface.RulePattern: {
		En: func(p P) string { return "This is not in the form this field expects." + example(En, p) },
		Zh: func(p P) string { return "格式不符合此项的要求。" + example(Zh, p) },
	},
	tasksurface.RuleTooFew: {
		En: func(p P) string {
			return "Choose at least " + count(p["min"], "option") + "; " + p["count"] + " chosen."
		},
		Zh: func(p P) string { return "请至少选择 " + p["min"] + " 项，已选 " + p["count"] + " 项。" },
	},
	tasksurface.RuleTooMany: {
		En: func(p P) string { return "Too many: " + p["count"] + " of at most " + p["max"] + "; remove some." },
		Zh: func(p P) string {
			return "太多：" + p["count"] + " 个，最多 " + p["max"] + " 个。请删去一些。"
		},
	},
	tasksurface.RuleRepeated: {
		En: func(p P) string { return quote(En, p["value"]) + " is listed twice; remove one." },
		Zh: func(p P) string { return quote(Zh, p["value"]) + " 重复了，请删去一个。" },
	},
	tasksurface.RuleBlank: {
		En: func(P) string { return "This is empty; write something." },
		Zh: func(P) string { return "内容为空，请填写。" },
	},
}

// Say words rule in loc from its params, as the plugin gives them (numbers
// as plain decimals): numbers are grouped first. It returns "" for a rule
// the catalog does not know.
func Say(loc Locale, rule tasksurface.Rule, params P) string {
	s, ok := catalog[rule][Parse(string(loc))]
	if !ok {
		return ""
	}
	p := make(P, len(params))
	for k, v := range params {
		if numeric[k] && (k != tasksurface.ParamValue || numberRules[rule]) {
			v = Group(v)
		}
		p[k] = v
	}
	return s(p)
}

// Localize returns problems with the message of each that has a rule worded
// in loc; the others are as they are. problems is not changed.
func Localize(problems []tasksurface.Problem, loc Locale) []tasksurface.Problem {
	if len(problems) == 0 {
		return problems
	}
	out := make([]tasksurface.Problem, len(problems))
	for i, p := range problems {
		if s := Say(loc, p.Rule, p.Params); s != "" {
			p.Message = s
		}
		out[i] = p
	}
	return out
}

// numberRules are the rules whose value is a number: a repeated tag or a
// text that is no date is the user's text, never grouped.
var numberRules = map[tasksurface.Rule]bool{
	tasksurface.RuleBelowMin: true, tasksurface.RuleAboveMax: true, tasksurface.RuleNotWhole: true,
	tasksurface.RuleOffStep: true, tasksurface.RuleOutOfRange: true,
}

// numeric are the params that hold a number or a count (value only under
// numberRules); a date's min and max are not numbers and Group leaves them
// as they are.
var numeric = map[tasksurface.Param]bool{
	tasksurface.ParamValue: true, tasksurface.ParamMin: true, tasksurface.ParamMax: true,
	tasksurface.ParamStep: true, tasksurface.ParamBase: true, tasksurface.ParamBelow: true,
	tasksurface.ParamAbove: true, tasksurface.ParamCount: true, tasksurface.ParamLimit: true,
}

// plainNumber is a number as the plugin writes a param: an optional minus,
// digits, an optional fraction.
var plainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// Group writes a plain decimal with its whole part grouped by thousands, as
// Intl.NumberFormat writes it for en and zh (the number field's hint):
// 5000 is 5,000, -1234.5 is -1,234.5; 0.25 stays. Anything else (a date, a
// tag, a number with an exponent) is returned as it is.
func Group(s string) string {
	if !plainNumber.MatchString(s) {
		return s
	}
	sign, digits := "", s
	if strings.HasPrefix(s, "-") {
		sign, digits = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(digits, ".")
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return sign + b.String()
}

// scaleOr is a scale's sentence when p holds both ends of one (a scale's
// problem names min and max), else number.
func scaleOr(loc Locale, p P, number string) string {
	lo, hasMin := p["min"]
	hi, hasMax := p["max"]
	if !hasMin || !hasMax {
		return number
	}
	if loc == Zh {
		return "须为 " + lo + " 到 " + hi + " 之间的整数，" + p["value"] + " 不是。"
	}
	return "Choose a whole number from " + lo + " to " + hi + "; " + p["value"] + " is not one."
}

// setBy words a bound: in English "the minimum 5", or, when another field's
// value sets it (param field), "5, the value of "Start", its minimum"; in
// Chinese only what follows the bound: "" or "（“Start”的值）".
func setBy(loc Locale, p P, what, bound, its string) string {
	field, ok := p[tasksurface.ParamField]
	switch {
	case loc == Zh && ok:
		return "（" + quote(Zh, field) + "的值）"
	case loc == Zh:
		return ""
	case ok:
		return bound + ", the value of " + quote(En, field) + ", " + its
	}
	return what + bound
}

// nearest names the allowed values next to a number, below and above, or "".
func nearest(loc Locale, p P) string {
	var vals []string
	for _, k := range []tasksurface.Param{tasksurface.ParamBelow, tasksurface.ParamAbove} {
		if v, ok := p[k]; ok {
			vals = append(vals, v)
		}
	}
	switch {
	case len(vals) == 0:
		return ""
	case loc == Zh:
		return "；最接近的允许值是 " + strings.Join(vals, " 和 ")
	case len(vals) == 2:
		return "; the nearest allowed values are " + vals[0] + " and " + vals[1]
	}
	return "; the nearest allowed value is " + vals[0]
}

// window names a date field's window, or "".
func window(loc Locale, p P) string {
	lo, hasMin := p["min"]
	hi, hasMax := p["max"]
	switch {
	case loc == Zh && hasMin && hasMax:
		return "；请选择 " + lo + " 到 " + hi + " 之间的日期"
	case loc == Zh && hasMin:
		return "；请选择 " + lo + " 或之后的日期"
	case loc == Zh && hasMax:
		return "；请选择 " + hi + " 或之前的日期"
	case hasMin && hasMax:
		return "; choose one from " + lo + " to " + hi
	case hasMin:
		return "; choose one on or after " + lo
	case hasMax:
		return "; choose one on or before " + hi
	}
	return ""
}

// example adds the field's example to a pattern problem, or "".
func example(loc Locale, p P) string {
	e, ok := p[tasksurface.ParamExample]
	switch {
	case !ok || e == "":
		return ""
	case loc == Zh:
		return "例如：" + e
	}
	return " For example: " + e
}

// quote marks a text of the user's in a sentence.
func quote(loc Locale, s string) string {
	if loc == Zh {
		return "“" + s + "”"
	}
	return `"` + s + `"`
}

// count writes a count and its noun in English: "1 option", "2 options".
func count(n, noun string) string {
	if n == "1" {
		return n + " " + noun
	}
	return n + " " + noun + "s"
}
