package model

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// checkSemantics records the problems the schema cannot express: unique
// and reserved ids, row keys that name columns, initial values that fit
// their field, and the configured counts. It reads the decoded document
// defensively, because it also runs when the schema has failed elsewhere.
func checkSemantics(doc any, limits tasksurface.Limits, ps *problems) {
	root, _ := doc.(map[string]any)
	if root == nil {
		return
	}
	scope := newIDScope("sections and fields", ps)
	sections, _ := root["sections"].([]any)
	blocks := 0
	for i, s := range sections {
		sptr := jsonpointer.Index("/sections", i)
		sec, _ := s.(map[string]any)
		if sec == nil {
			continue
		}
		scope.add(sec["id"], jsonpointer.Append(sptr, "id"))
		bl, _ := sec["blocks"].([]any)
		for j, b := range bl {
			bptr := jsonpointer.Index(jsonpointer.Append(sptr, "blocks"), j)
			if blocks == int(limits.MaxBlocks) {
				ps.Add(tasksurface.CodeLimitExceeded, bptr, "this is block %d; a surface may have at most %d blocks across all sections, so remove or merge blocks.", blocks+1, limits.MaxBlocks)
			}
			blocks++
			if blk, _ := b.(map[string]any); blk != nil && blk["kind"] == BlockTable {
				checkTable(blk, bptr, limits, ps)
			}
		}
	}
	fields, _ := root["fields"].([]any)
	for i, f := range fields {
		fptr := jsonpointer.Index("/fields", i)
		if i == int(limits.MaxFields) {
			ps.Add(tasksurface.CodeLimitExceeded, fptr, "this is field %d; a surface may have at most %d fields, so remove or combine fields.", i+1, limits.MaxFields)
		}
		fld, _ := f.(map[string]any)
		if fld == nil {
			continue
		}
		scope.add(fld["id"], jsonpointer.Append(fptr, "id"))
		checkField(fld, fptr, ps)
	}
	checkConditions(fields, ps)
	checkReferences(fields, ps)
	walkText(doc, nil, ps)
	for _, place := range visibleTexts {
		visibleAt(root, jsonpointer.Tokens(place), "", ps)
	}
}

// visibleAt reports, as empty, every text at the place toks names below v
// (at ptr) that is present but visibly empty: a title or label of only
// white space or invisible characters counts as missing. An empty string,
// or a key the schema already refused, is the schema's to report.
func visibleAt(v any, toks []string, ptr string, ps *problems) {
	if len(toks) == 0 {
		if s, ok := v.(string); ok && s != "" && VisiblyEmpty(s) && !ps.Has(ptr, tasksurface.CodeUnknownKey) {
			ps.Add(tasksurface.CodeEmpty, ptr, "%s holds only white space or invisible characters; write visible text.", subjectOf(ptr))
		}
		return
	}
	if toks[0] == "*" {
		items, _ := v.([]any)
		for i, item := range items {
			visibleAt(item, toks[1:], jsonpointer.Index(ptr, i), ps)
		}
		return
	}
	if obj, ok := v.(map[string]any); ok {
		if x, present := obj[toks[0]]; present {
			visibleAt(x, toks[1:], jsonpointer.Append(ptr, toks[0]), ps)
		}
	}
}

// idScope finds repeated and reserved ids within one scope.
type idScope struct {
	what string
	seen map[string]string
	ps   *problems
}

func newIDScope(what string, ps *problems) *idScope {
	return &idScope{what: what, seen: make(map[string]string), ps: ps}
}

// add records an id at ptr and reports whether it is its first use;
// values that are not strings are the schema's business.
func (s *idScope) add(v any, ptr string) bool {
	id, ok := v.(string)
	if !ok {
		return false
	}
	if slices.Contains(reservedIDs, id) {
		s.ps.Add(tasksurface.CodeReservedID, ptr, "%q is reserved because JavaScript objects inherit it; choose another id.", id)
	}
	if first, dup := s.seen[id]; dup {
		s.ps.Add(tasksurface.CodeDuplicateID, ptr, "id %q is already used at %s; ids must be unique among %s.", problem.Abbreviate(id, 40), first, s.what)
		return false
	}
	s.seen[id] = ptr
	return true
}

// scopedIDs checks the ids of the objects listed under key in obj (at ptr)
// as one scope, what, and returns each id at its first use, in order. valid
// is false when the list is missing or an item has no string id.
func scopedIDs(obj map[string]any, key, ptr, what string, ps *problems) (ids []string, valid bool) {
	scope := newIDScope(what, ps)
	list, valid := obj[key].([]any)
	for i, x := range list {
		item, _ := x.(map[string]any)
		id, isStr := item["id"].(string)
		if !isStr {
			valid = false
			continue
		}
		if scope.add(id, jsonpointer.Append(jsonpointer.Index(jsonpointer.Append(ptr, key), i), "id")) {
			ids = append(ids, id)
		}
	}
	return ids, valid
}

// checkTable checks a table's column ids, its row keys and its row count.
func checkTable(blk map[string]any, ptr string, limits tasksurface.Limits, ps *problems) {
	ids, colsValid := scopedIDs(blk, "columns", ptr, "the columns of a table", ps)
	rows, _ := blk["rows"].([]any)
	rptr := jsonpointer.Append(ptr, "rows")
	if len(rows) > int(limits.MaxTableRows) {
		ps.Add(tasksurface.CodeLimitExceeded, jsonpointer.Index(rptr, int(limits.MaxTableRows)), "this table has %d rows; a table may have at most %d, so summarise or split it.", len(rows), limits.MaxTableRows)
	}
	if !colsValid {
		return
	}
	for i, r := range rows {
		row, _ := r.(map[string]any)
		for key := range row {
			if !slices.Contains(ids, key) {
				ps.Add(tasksurface.CodeUnknownColumn, jsonpointer.Append(jsonpointer.Index(rptr, i), key), "row key %s is not a column id; use one of %s.", quote(key), problem.Names(ids))
			}
		}
	}
}

// checkField checks one field by the rules of its kind.
func checkField(d map[string]any, ptr string, ps *problems) {
	if f, ok := fieldOf(d); ok {
		f.Kind.check(&checker{f: &f, doc: d, ptr: ptr, ps: ps})
	}
}

// walkText checks every string value in the document with CheckText.
func walkText(v any, path []string, ps *problems) {
	switch v := v.(type) {
	case string:
		if ok, reason := CheckText(v); !ok {
			ptr := ""
			for _, tok := range path {
				ptr = jsonpointer.Append(ptr, tok)
			}
			if r, pos, _ := firstForbidden(v); r == '\r' {
				if n := strings.Count(v, "\r"); n > 1 {
					ps.Add(tasksurface.CodeForbiddenCharacter, ptr, "this text holds %d carriage returns (U+000D), the first at character %d; remove all %d and write line breaks as \\n alone.", n, pos, n)
					return
				}
			}
			ps.Add(tasksurface.CodeForbiddenCharacter, ptr, "this text holds %s; remove it.", reason)
		}
	case []any:
		for i, x := range v {
			walkText(x, append(path, strconv.Itoa(i)), ps)
		}
	case map[string]any:
		for k, x := range v {
			walkText(x, append(path, k), ps)
		}
	}
}

// remapInitial turns schema problems about a field's initial value into
// invalid-initial problems, so every problem with an initial value has one
// code.
func remapInitial(ps *problems) {
	for i, p := range ps.Items {
		toks := jsonpointer.Tokens(p.Pointer)
		if len(toks) >= 3 && toks[0] == "fields" && jsonpointer.IsIndex(toks[1]) && toks[2] == "initial" {
			switch p.Code {
			case tasksurface.CodeWrongType, tasksurface.CodeTooLong, tasksurface.CodeInvalidValue, tasksurface.CodeEmpty:
				ps.Items[i].Code = tasksurface.CodeInvalidInitial
			}
		}
	}
}

// dropShadowed removes forbidden-character problems at pointers that
// already have an invalid-value or unknown-kind problem (an id or a kind
// that breaks its pattern or enum says enough).
func dropShadowed(ps *problems) {
	var out []tasksurface.Problem
	for _, p := range ps.Items {
		if p.Code == tasksurface.CodeForbiddenCharacter && ps.Has(p.Pointer, tasksurface.CodeInvalidValue, tasksurface.CodeUnknownKind) {
			continue
		}
		out = append(out, p)
	}
	ps.Items = out
}

// sizeProblem reports a normalised model over the byte limit.
func sizeProblem(n int, limits tasksurface.Limits, ps *problems) {
	if n > int(limits.MaxModelBytes) {
		ps.Add(tasksurface.CodeLimitExceeded, "", "the normalised model is %d bytes; the limit is %d, so shorten texts, tables or diffs.", n, limits.MaxModelBytes)
	}
}
