package testshared

import (
	"hash/fnv"
	"sort"
	"strings"
	"testing"
)

// GSM8KRow is a GSM8K problem and its reference solution (calculator annotations and "#### N").
type GSM8KRow struct {
	ID       string `json:"-"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// GSM8KTest reads GSM8K's test problems from the shared data: MR-GSM8K's rows of question_type
// "original" and "POT" (the same problems with the same ground-truth solution, so one per
// question), whose ground-truth solution is GSM8K's own reference solution. MR-GSM8K's
// "reversed" rows are its own rewritten problems, with no calculator annotation, and left out.
// The rows come in a fixed order, the same on every machine: by FNV-1a of "mr-gsm8k:" + uuid,
// their ID.
func GSM8KTest(tb testing.TB) []GSM8KRow {
	tb.Helper()
	type row struct {
		UUID     string `json:"uuid"`
		Question string `json:"question"`
		Solution string `json:"ground_truth_solution"`
		Type     string `json:"question_type"`
	}
	seen := map[string]bool{}
	var out []GSM8KRow
	for _, r := range ReadJSONL[row](tb, Path(tb, "data/mr-gsm8k/labeled.jsonl")) {
		if r.Type != "original" && r.Type != "POT" {
			continue
		}
		if seen[r.Question] || !strings.Contains(r.Solution, "####") {
			continue
		}
		seen[r.Question] = true
		out = append(out, GSM8KRow{ID: "mr-gsm8k:" + r.UUID, Question: r.Question, Answer: r.Solution})
	}
	SortByHash(out, func(r GSM8KRow) string { return r.ID })
	return out
}

// SortByHash orders rows by FNV-1a (64 bits) of their id: a fixed sample, the same on every
// machine, for taking the first n.
func SortByHash[T any](rows []T, id func(T) string) {
	h := make(map[string]uint64, len(rows))
	for _, r := range rows {
		f := fnv.New64a()
		f.Write([]byte(id(r)))
		h[id(r)] = f.Sum64()
	}
	sort.SliceStable(rows, func(a, b int) bool { return h[id(rows[a])] < h[id(rows[b])] })
}
