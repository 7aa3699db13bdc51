package train

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/internal/mathtext"
)

// Training data layout under Config.DataDir (as in ../shared/data):
//
//	prmbench/prm800k_train_*.jsonl   PRMBench train: modified processes with
//	                                 error steps, and the original processes
//	                                 (all right)
//	mr-gsm8k/labeled.jsonl           MR-GSM8K: wrong solutions, first error
//	gsm8k/train.jsonl                GSM8K: reference solutions (right) and
//	                                 weak negatives made by corrupting them
//	processbench/*.dev.jsonl         calibration only (Platt scaling)
//	processbench/gsm8k.dev.jsonl     threshold only
const (
	srcPRMBench = "prmbench"
	srcMRGSM8K  = "mr-gsm8k"
	srcGSM8K    = "gsm8k-weak"
	// SourceLabels is the source of Config.LabelFiles.
	SourceLabels = "labels"
)

// SourceNames lists the training sources Config.Sources accepts.
func SourceNames() []string { return []string{srcPRMBench, srcMRGSM8K, srcGSM8K, SourceLabels} }

// loadLabelFiles reads step-label files in the order given. Unlike the data sets of
// DataDir, a file named here must exist and be readable; rows that cannot be read are logged
// and skipped. A file without a single labelled step is an error: training on it would
// silently train on nothing.
func loadLabelFiles(paths []string, logf func(string, ...any)) ([]labelled, error) {
	var out []labelled
	for _, path := range paths {
		chains, rowErrs, err := chain.Read(path, chain.FormatAuto)
		if err != nil {
			return nil, fmt.Errorf("labels file %s: %w", path, err)
		}
		if len(rowErrs) > 0 {
			logf("train: %s: %d rows skipped (first: %v)", path, len(rowErrs), rowErrs[0])
		}
		n := 0
		for _, c := range chains {
			for _, st := range c.Steps {
				if st.Label != chain.Unlabeled {
					n++
				}
			}
			out = append(out, labelled{chain: c, source: SourceLabels, group: strings.TrimSpace(c.Problem)})
		}
		if n == 0 {
			return nil, fmt.Errorf("labels file %s: no labelled step in %d chains", path, len(chains))
		}
		logf("train: %s: %d chains, %d labelled steps", path, len(chains), n)
	}
	return out, nil
}

// labelled is a chain with step labels, tagged with its source.
type labelled struct {
	chain  chain.Chain
	source string
	// group keys the held-out split: chains of one problem share it.
	group string
}

// loadSource reads one training source; a missing file is not an error
// (the source is then empty), unreadable rows are logged and skipped.
func loadSource(dir, name string, kinds []int, rng *rand.Rand, logf func(string, ...any)) ([]labelled, error) {
	switch name {
	case srcPRMBench:
		return loadPRMBench(dir, logf)
	case srcMRGSM8K:
		path := filepath.Join(dir, "mr-gsm8k", "labeled.jsonl")
		got, err := loadChains(path, chain.FormatMRGSM8K, srcMRGSM8K, logf)
		if err != nil || got == nil {
			return got, err
		}
		gt, err := readGroundTruth(path)
		return append(got, gt...), err
	case srcGSM8K:
		return loadGSM8KWeak(filepath.Join(dir, "gsm8k", "train.jsonl"), kinds, rng, logf)
	}
	return nil, fmt.Errorf("unknown source %q", name)
}

func loadChains(path string, f chain.Format, source string, logf func(string, ...any)) ([]labelled, error) {
	chains, rowErrs, err := chain.Read(path, f)
	if os.IsNotExist(err) {
		logf("train: %s: not found, source %s skipped", path, source)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(rowErrs) > 0 {
		logf("train: %s: %d rows skipped (first: %v)", path, len(rowErrs), rowErrs[0])
	}
	// Rows with a data quirk are read around for evaluation, but training keeps only rows
	// whose labels are whole (and the committed model stays byte-identical).
	_, quirks := chain.SplitQuirks(rowErrs)
	skip := make(map[string]bool, len(quirks))
	for _, q := range quirks {
		skip[fmt.Sprintf("%s:%d", q.File, q.Line)] = true
	}
	out := make([]labelled, 0, len(chains))
	for _, c := range chains {
		if skip[c.Source] {
			continue
		}
		out = append(out, labelled{chain: c, source: source, group: strings.TrimSpace(c.Problem)})
	}
	return out, nil
}

// prmbenchRedundant is PRMBench's class (spelled as in the data) of
// modified processes whose "error" is a redundant step that, in its own
// words, does not alter the correctness of the solution. ProcessBench
// labels the first wrong step, and a redundant step is not wrong, so these
// modified processes are left out (their originals stay).
const prmbenchRedundant = "redundency"

// loadPRMBench reads the PRMBench train files in name order: each row's
// modified process (labelled up to its first error, as ProcessBench
// labels), and each distinct original process once.
func loadPRMBench(dir string, logf func(string, ...any)) ([]labelled, error) {
	files, err := filepath.Glob(filepath.Join(dir, "prmbench", "prm800k_train_*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []labelled
	seenOriginal := map[string]bool{}
	for _, path := range files {
		mods, err := loadChains(path, chain.FormatPRMBench, srcPRMBench, logf)
		if err != nil {
			return nil, err
		}
		for _, m := range mods {
			if m.chain.Subset == prmbenchRedundant {
				continue
			}
			firstErrorOnly(&m.chain)
			out = append(out, m)
		}
		origs, err := readOriginals(path)
		if err != nil {
			return nil, err
		}
		for _, c := range origs {
			key := c.Problem + "\x00" + strings.Join(c.Texts(), "\x00")
			if seenOriginal[key] {
				continue
			}
			seenOriginal[key] = true
			out = append(out, labelled{chain: c, source: srcPRMBench, group: strings.TrimSpace(c.Problem)})
		}
	}
	return out, nil
}

// firstErrorOnly unlabels the steps after a chain's first error: PRMBench
// calls them right, but whether a step that builds on a wrong one is right
// is not what a first-error benchmark asks, and labelling them right
// teaches that late steps are safe. Measured on ProcessBench dev, this
// raised the step AUC of every subset (GSM8K 0.682 to 0.708 together with
// dropping the chain-relative position features).
func firstErrorOnly(c *chain.Chain) {
	if c.FirstError < 0 {
		return
	}
	for i := c.FirstError + 1; i < len(c.Steps); i++ {
		c.Steps[i].Label = chain.Unlabeled
	}
}

// readGroundTruth reads MR-GSM8K's reference solutions as right chains,
// one per problem. MR-GSM8K keeps only solutions that went wrong, so on
// its own it teaches that a GSM8K step late in a chain is likely the
// error (every chain ends in one); the right solutions of the same
// problems balance that. This raised the ProcessBench GSM8K dev step AUC
// from 0.72 to 0.75 (seeds 1, 11, 21, 31).
func readGroundTruth(path string) ([]labelled, error) {
	var out []labelled
	seen := map[string]bool{}
	err := chain.Rows(path, func(_ int, raw []byte) error {
		var r struct {
			Question string `json:"question"`
			Solution string `json:"ground_truth_solution"`
		}
		if json.Unmarshal(raw, &r) != nil || r.Question == "" || r.Solution == "" || seen[r.Question] {
			return nil
		}
		seen[r.Question] = true
		var steps []chain.Step
		for _, l := range strings.Split(r.Solution, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				steps = append(steps, chain.Step{Text: cleanGSM8K(l), Label: chain.Correct})
			}
		}
		out = append(out, labelled{source: srcMRGSM8K, group: strings.TrimSpace(r.Question),
			chain: chain.Chain{Problem: r.Question, Steps: steps, FirstError: chain.NoError}})
		return nil
	})
	return out, err
}

// readOriginals reads PRMBench's original (unmodified, right) processes.
func readOriginals(path string) ([]chain.Chain, error) {
	var out []chain.Chain
	err := chain.Rows(path, func(line int, raw []byte) error {
		var r struct {
			Question string   `json:"original_question"`
			Process  []string `json:"original_process"`
		}
		if json.Unmarshal(raw, &r) != nil || len(r.Process) == 0 || r.Question == "" {
			return nil
		}
		steps := make([]chain.Step, len(r.Process))
		for i, t := range r.Process {
			steps[i] = chain.Step{Text: t, Label: chain.Correct}
		}
		out = append(out, chain.Chain{
			ID: fmt.Sprintf("%s:%d:original", path, line), Problem: r.Question,
			Steps: steps, FirstError: chain.NoError,
		})
		return nil
	})
	return out, err
}

var annotation = regexp.MustCompile(`<<([^<>=]*)=([^<>]*)>>(-?[0-9][0-9,]*(?:\.[0-9]+)?)?`)

// loadGSM8KWeak reads GSM8K reference solutions as right chains and makes
// weak negatives from them. Every "<<expr=value>>" calculator annotation is
// a true claim, so changing the printed result makes a false calculation,
// changing an operand to a number found nowhere (recomputing the result)
// makes a step that uses an unsupported quantity, and swapping the
// operation, taking another number of the problem or leaving a term out of
// a sum (recomputing the result) makes a step whose arithmetic is right
// and whose reasoning is wrong. Each kind in kinds is tried on a random
// half of the problems. A negative chain's steps after the corrupted one
// are unlabelled context.
func loadGSM8KWeak(path string, kinds []int, rng *rand.Rand, logf func(string, ...any)) ([]labelled, error) {
	var out []labelled
	err := chain.Rows(path, func(line int, row []byte) error {
		var r struct {
			Question string `json:"question"`
			Answer   string `json:"answer"`
		}
		if json.Unmarshal(row, &r) != nil || r.Question == "" || r.Answer == "" {
			return nil
		}
		var raw []string
		for _, l := range strings.Split(r.Answer, "\n") {
			if strings.TrimSpace(l) != "" {
				raw = append(raw, strings.TrimSpace(l))
			}
		}
		id := fmt.Sprintf("gsm8k:%d", line)
		group := strings.TrimSpace(r.Question)
		for _, kind := range kinds {
			if rng.IntN(2) == 0 {
				continue
			}
			if neg, pos, ok := corrupt(r.Question, raw, kind, rng); ok {
				neg.ID = fmt.Sprintf("%s:neg%d", id, kind)
				pos.ID = fmt.Sprintf("%s:pos%d", id, kind)
				out = append(out, labelled{source: srcGSM8K, group: group, chain: neg},
					labelled{source: srcGSM8K, group: group, chain: pos})
			}
		}
		return nil
	})
	if os.IsNotExist(err) {
		logf("train: %s: not found, source %s skipped", path, srcGSM8K)
		return nil, nil
	}
	return out, err
}

// cleanGSM8K drops calculator annotations and rewrites "#### 72".
func cleanGSM8K(l string) string {
	l = annotation.ReplaceAllStringFunc(l, func(m string) string {
		return annotation.FindStringSubmatch(m)[3]
	})
	if rest, ok := strings.CutPrefix(l, "####"); ok {
		l = "The answer is " + strings.TrimSpace(rest) + "."
	}
	return l
}

// corrupt makes a negative chain from raw reference lines by a corruption
// of the given kind (KindResult, ...) of one calculation, and its positive
// twin, the same chain with the line intact. Only that step of each is
// labelled: the pair differs in the corruption alone, so the model learns
// what the corruption changes and not the reference solutions' terse style.
func corrupt(problem string, raw []string, kind int, rng *rand.Rand) (neg, pos chain.Chain, ok bool) {
	var cands []int
	for i, l := range raw {
		if m := annotation.FindStringSubmatchIndex(l); m != nil && m[6] >= 0 {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return neg, pos, false
	}
	at := cands[rng.IntN(len(cands))]
	l := raw[at]
	m := annotation.FindStringSubmatchIndex(l)
	expr, printed := l[m[2]:m[3]], l[m[6]:m[7]]
	val, err := strconv.ParseFloat(strings.ReplaceAll(printed, ",", ""), 64)
	if err != nil {
		return neg, pos, false
	}
	var bad string
	switch kind {
	default:
		return neg, pos, false
	case KindResult:
		nv := perturb(val, rng)
		bad = l[:m[6]] + formatNum(nv) + l[m[7]:]
	case KindOperand:
		// Replace one operand, in the expression and in the visible text
		// before the annotation, by a number the problem does not have.
		nums := numberSpans.FindAllStringIndex(expr, -1)
		if len(nums) < 2 {
			return neg, pos, false
		}
		k := nums[rng.IntN(len(nums))]
		old := expr[k[0]:k[1]]
		ov, err := strconv.ParseFloat(old, 64)
		if err != nil {
			return neg, pos, false
		}
		nv := perturb(ov, rng)
		if strings.Contains(problem, formatNum(nv)) {
			return neg, pos, false
		}
		newExpr := expr[:k[0]] + formatNum(nv) + expr[k[1]:]
		res, ok := mathtext.Eval(newExpr)
		if !ok {
			return neg, pos, false
		}
		visible := l[:m[0]]
		j := strings.LastIndex(visible, old)
		if j < 0 {
			return neg, pos, false
		}
		visible = visible[:j] + formatNum(nv) + visible[j+len(old):]
		bad = visible + formatNum(roundTo(res, 2)) + l[m[7]:]
	case KindOperation, KindProblemOperand, KindDroppedTerm, KindCrossOp, KindReversed:
		var okb bool
		bad, okb = reason(problem, l, m, val, kind, rng)
		if !okb {
			return neg, pos, false
		}
	}
	// Both keep the whole solution, so the labelled step has its natural
	// position; the steps after the corruption are unlabelled context.
	twin := make([]chain.Step, len(raw))
	for i, r := range raw {
		twin[i] = chain.Step{Text: cleanGSM8K(r)}
	}
	steps := slices.Clone(twin)
	twin[at].Label = chain.Correct
	steps[at] = chain.Step{Text: cleanGSM8K(bad), Label: chain.Wrong}
	neg = chain.Chain{Problem: problem, Steps: steps, FirstError: at}
	pos = chain.Chain{Problem: problem, Steps: twin, FirstError: chain.NoLabel}
	return neg, pos, true
}

var numberSpans = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)

// Kinds of weak negatives (Config.WeakKinds). The first two break a
// calculation; the others keep every calculation true but reason wrongly,
// the way model solutions of grade-school problems go wrong: the wrong
// operation, a quantity of the problem in place of another, a term left
// out of a sum, a relation misread ("5 more than" as "5 times"), a rate or
// difference taken the wrong way round. The last two are not in
// DefaultWeakKinds: added to them they lowered the cross-validated GSM8K
// F1 (see docs/TRAINING.md); `leanprm train --weak-kinds` selects kinds by
// number.
const (
	KindResult         = iota // a wrong printed result
	KindOperand               // an operand that comes from nowhere
	KindOperation             // + for -, × for ÷ (and back), result recomputed
	KindProblemOperand        // another number of the problem as operand
	KindDroppedTerm           // a sum with one term left out
	KindCrossOp               // + for ×, - for ÷ (and back): "more than" read as "times"
	KindReversed              // a ÷ b as b ÷ a, a - b as b - a: a rate applied the wrong way
	weakKinds
)

// DefaultWeakKinds are the operand from nowhere and the reasoning
// corruptions. Wrong printed results are left to PRMBench, MR-GSM8K and
// the exact checks: with them the weak labels taught the model little
// beyond what those give (ProcessBench dev F1 fell on every subset). The
// reasoning corruptions raised the step AUC of every ProcessBench subset
// (GSM8K 0.70 to 0.72, seeds 1-3) and the held-out AUC of the other
// training sources. The operand from nowhere adds little on GSM8K dev
// (F1 47.8 to 48.2, omnimath 30.4 to 32.6, means of seeds 1, 11, 21, 31),
// and only since the features it teaches count in word problems alone:
// before, it cost the math subset two points. Under cross-validation
// each of the four still earns its place: leaving any one out loses on
// both folds (the operand from nowhere most: cross-validated GSM8K F1
// 42.0 against 50.1).
var DefaultWeakKinds = []int{KindOperand, KindOperation, KindProblemOperand, KindDroppedTerm}

// opGlyph matches an operator as reference solutions write it between two
// operands.
var opGlyph = regexp.MustCompile(`^\s*\$?\s*([-+*/x×÷])\s*\$?\s*$`)

// exprTerm is one number of a calculator expression with the operator
// before it (0 for the first).
type exprTerm struct {
	start, end int
	op         byte
}

// exprTerms splits a flat calculator expression ("100-50-30-15", "0.2*50")
// into numbers and the operators between them; expressions with
// parentheses or other signs are refused.
func exprTerms(expr string) ([]exprTerm, bool) {
	spans := numberSpans.FindAllStringIndex(expr, -1)
	if len(spans) < 2 || strings.TrimSpace(expr[:spans[0][0]]) != "" || strings.TrimSpace(expr[spans[len(spans)-1][1]:]) != "" {
		return nil, false
	}
	terms := make([]exprTerm, len(spans))
	for i, sp := range spans {
		terms[i] = exprTerm{start: sp[0], end: sp[1]}
		if i == 0 {
			continue
		}
		between := strings.TrimSpace(expr[spans[i-1][1]:sp[0]])
		if len(between) != 1 || !strings.ContainsAny(between, "+-*/") {
			return nil, false
		}
		terms[i].op = between[0]
	}
	return terms, true
}

// visibleOperands finds, in the visible text before an annotation, the
// last place where operand a is followed by an operator and operand b; it
// returns the operator's span.
func visibleOperands(visible, a, b string) (int, int, bool) {
	for end := len(visible); end > 0; {
		i := strings.LastIndex(visible[:end], a)
		if i < 0 {
			return 0, 0, false
		}
		rest := visible[i+len(a):]
		if j := strings.Index(rest, b); j > 0 && j <= 5 && opGlyph.MatchString(rest[:j]) &&
			(i == 0 || !isDigitByte(visible[i-1])) {
			return i + len(a), i + len(a) + j, true
		}
		end = i
	}
	return 0, 0, false
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' || c == '.' }

// swapOp is the operation a solution confuses op with.
func swapOp(op byte) byte {
	switch op {
	case '+':
		return '-'
	case '-':
		return '+'
	case '*':
		return '/'
	}
	return '*'
}

// crossOp is the operation a misread relation gives: "more than" taken
// as "times" and back, "less than" as "divided by".
func crossOp(op byte) byte {
	switch op {
	case '+':
		return '*'
	case '*':
		return '+'
	case '-':
		return '/'
	}
	return '-'
}

// reason makes one of the reasoning corruptions of line l (m is its
// annotation match, val the true result): every calculation stays true,
// but the step computes the wrong thing.
func reason(problem, l string, m []int, val float64, kind int, rng *rand.Rand) (string, bool) {
	expr := l[m[2]:m[3]]
	visible := l[:m[0]]
	terms, ok := exprTerms(expr)
	if !ok {
		return "", false
	}
	var newExpr, newVisible string
	switch kind {
	case KindOperation, KindCrossOp:
		k := 1 + rng.IntN(len(terms)-1)
		op := swapOp(terms[k].op)
		if kind == KindCrossOp {
			op = crossOp(terms[k].op)
		}
		a, b := expr[terms[k-1].start:terms[k-1].end], expr[terms[k].start:terms[k].end]
		s, e, ok := visibleOperands(visible, a, b)
		if !ok {
			return "", false
		}
		seg := opGlyph.FindStringSubmatchIndex(visible[s:e])
		newVisible = visible[:s+seg[2]] + string(op) + visible[s+seg[3]:]
		newExpr = expr[:terms[k-1].end] + string(op) + expr[terms[k].start:]
	case KindProblemOperand:
		// Numbers of the problem, as written.
		var cands []string
		for _, sp := range numberSpans.FindAllString(problem, -1) {
			if !slices.Contains(cands, sp) {
				cands = append(cands, sp)
			}
		}
		k := rng.IntN(len(terms))
		old := expr[terms[k].start:terms[k].end]
		if !slices.Contains(cands, old) || len(cands) < 2 {
			return "", false
		}
		var other []string
		for _, c := range cands {
			if c != old && !strings.Contains(expr, c) {
				other = append(other, c)
			}
		}
		if len(other) == 0 {
			return "", false
		}
		nv := other[rng.IntN(len(other))]
		j := strings.LastIndex(visible, old)
		if j < 0 || j > 0 && isDigitByte(visible[j-1]) || j+len(old) < len(visible) && isDigitByte(visible[j+len(old)]) {
			return "", false
		}
		newVisible = visible[:j] + nv + visible[j+len(old):]
		newExpr = expr[:terms[k].start] + nv + expr[terms[k].end:]
	case KindReversed:
		// Only a two-term difference or quotient: the operands trade
		// places.
		if len(terms) != 2 || terms[1].op != '/' && terms[1].op != '-' {
			return "", false
		}
		a, b := expr[terms[0].start:terms[0].end], expr[terms[1].start:terms[1].end]
		if a == b {
			return "", false
		}
		s, e, ok := visibleOperands(visible, a, b)
		if !ok {
			return "", false
		}
		newVisible = visible[:s-len(a)] + b + visible[s:e] + a + visible[e+len(b):]
		newExpr = expr[:terms[0].start] + b + expr[terms[0].end:terms[1].start] + a + expr[terms[1].end:]
	case KindDroppedTerm:
		if len(terms) < 3 {
			return "", false
		}
		for _, t := range terms[1:] {
			if t.op != '+' {
				return "", false
			}
		}
		k := 1 + rng.IntN(len(terms)-1)
		a, b := expr[terms[k-1].start:terms[k-1].end], expr[terms[k].start:terms[k].end]
		s, e, ok := visibleOperands(visible, a, b)
		if !ok {
			return "", false
		}
		// Drop the operator and the operand after it.
		end := e + len(b)
		newVisible = visible[:s] + visible[end:]
		newExpr = expr[:terms[k-1].end] + expr[terms[k].end:]
	}
	res, ok := mathtext.Eval(newExpr)
	if !ok || math.IsNaN(res) || math.IsInf(res, 0) || res < 0 || numKey(res) == numKey(val) ||
		res != 0 && roundTo(res, 2) == 0 {
		return "", false
	}
	return newVisible + formatNum(roundTo(res, 2)) + l[m[7]:], true
}

// perturb returns a plausible wrong value near v (of the same sign).
func perturb(v float64, rng *rand.Rand) float64 {
	for {
		var nv float64
		switch rng.IntN(5) {
		case 0:
			nv = v + float64(1+rng.IntN(9))
		case 1:
			nv = v - float64(1+rng.IntN(9))
		case 2:
			nv = v * 10
		case 3:
			nv = v + float64(10*(1+rng.IntN(9)))
		default:
			nv = math.Round(v * (1 + (rng.Float64()-0.5)*0.6))
		}
		if nv != v && (nv >= 0) == (v >= 0) {
			return nv
		}
		if v == 0 {
			return float64(1 + rng.IntN(9))
		}
	}
}

func roundTo(v float64, dec int) float64 {
	p := math.Pow(10, float64(dec))
	return math.Round(v*p) / p
}

func formatNum(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// numKey rounds a value for comparison, as the features' numKey (package embedded) does.
func numKey(v float64) int64 { return int64(math.Round(v * 1e4)) }
