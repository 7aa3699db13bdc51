package embedded

import (
	"bufio"
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

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/internal/mathtext"
)

// Training data layout under TrainConfig.DataDir (as in ../shared/data):
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
)

// labelled is a chain with step labels, tagged with its source.
type labelled struct {
	chain  hybrid.Chain
	source string
	// group keys the held-out split: chains of one problem share it.
	group string
}

// loadSource reads one training source; a missing file is not an error
// (the source is then empty), unreadable rows are logged and skipped.
func loadSource(dir, name string, rng *rand.Rand, logf func(string, ...any)) ([]labelled, error) {
	switch name {
	case srcPRMBench:
		return loadPRMBench(dir, logf)
	case srcMRGSM8K:
		return loadChains(filepath.Join(dir, "mr-gsm8k", "labeled.jsonl"), hybrid.FormatMRGSM8K, srcMRGSM8K, logf)
	case srcGSM8K:
		return loadGSM8KWeak(filepath.Join(dir, "gsm8k", "train.jsonl"), rng, logf)
	}
	return nil, fmt.Errorf("unknown source %q", name)
}

func loadChains(path string, f hybrid.Format, source string, logf func(string, ...any)) ([]labelled, error) {
	chains, rowErrs, err := hybrid.ReadChains(path, f)
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
	out := make([]labelled, 0, len(chains))
	for _, c := range chains {
		out = append(out, labelled{chain: c, source: source, group: strings.TrimSpace(c.Problem)})
	}
	return out, nil
}

// loadPRMBench reads the PRMBench train files in name order: each row's
// modified process, and each distinct original process once.
func loadPRMBench(dir string, logf func(string, ...any)) ([]labelled, error) {
	files, err := filepath.Glob(filepath.Join(dir, "prmbench", "prm800k_train_*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []labelled
	seenOriginal := map[string]bool{}
	for _, path := range files {
		mods, err := loadChains(path, hybrid.FormatPRMBench, srcPRMBench, logf)
		if err != nil {
			return nil, err
		}
		out = append(out, mods...)
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

// readOriginals reads PRMBench's original (unmodified, right) processes.
func readOriginals(path string) ([]hybrid.Chain, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []hybrid.Chain
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	line := 0
	for sc.Scan() {
		line++
		var r struct {
			Question string   `json:"original_question"`
			Process  []string `json:"original_process"`
		}
		if json.Unmarshal(sc.Bytes(), &r) != nil || len(r.Process) == 0 || r.Question == "" {
			continue
		}
		steps := make([]hybrid.Step, len(r.Process))
		for i, t := range r.Process {
			steps[i] = hybrid.Step{Text: t, Label: hybrid.Correct}
		}
		out = append(out, hybrid.Chain{
			ID: fmt.Sprintf("%s:%d:original", path, line), Problem: r.Question,
			Steps: steps, FirstError: hybrid.NoError,
		})
	}
	return out, sc.Err()
}

var annotation = regexp.MustCompile(`<<([^<>=]*)=([^<>]*)>>(-?[0-9][0-9,]*(?:\.[0-9]+)?)?`)

// loadGSM8KWeak reads GSM8K reference solutions as right chains and makes
// weak negatives from them. Every "<<expr=value>>" calculator annotation is
// a true claim, so changing the printed result makes a false calculation,
// and changing an operand to a number found nowhere (recomputing the
// result) makes a step that uses an unsupported quantity. A negative chain
// ends at its corrupted step: what follows it is unlabelled.
func loadGSM8KWeak(path string, rng *rand.Rand, logf func(string, ...any)) ([]labelled, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		logf("train: %s: not found, source %s skipped", path, srcGSM8K)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	line := 0
	for sc.Scan() {
		line++
		var r struct {
			Question string `json:"question"`
			Answer   string `json:"answer"`
		}
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Question == "" || r.Answer == "" {
			continue
		}
		var raw []string
		for _, l := range strings.Split(r.Answer, "\n") {
			if strings.TrimSpace(l) != "" {
				raw = append(raw, strings.TrimSpace(l))
			}
		}
		id := fmt.Sprintf("gsm8k:%d", line)
		group := strings.TrimSpace(r.Question)
		for kind := range 2 {
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
	}
	return out, sc.Err()
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

// corrupt makes a negative chain from raw reference lines (kind 0 changes
// a printed result, kind 1 changes an operand) and its positive twin, the
// same chain with the line intact. Only the last step of each is
// labelled: the pair differs in the corruption alone, so the model learns
// what the corruption changes and not the reference solutions' terse style.
func corrupt(problem string, raw []string, kind int, rng *rand.Rand) (neg, pos hybrid.Chain, ok bool) {
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
	case 0:
		nv := perturb(val, rng)
		bad = l[:m[6]] + formatNum(nv) + l[m[7]:]
	case 1:
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
	}
	// Both keep the whole solution, so the labelled step has its natural
	// position; the steps after the corruption are unlabelled context.
	twin := make([]hybrid.Step, len(raw))
	for i, r := range raw {
		twin[i] = hybrid.Step{Text: cleanGSM8K(r)}
	}
	steps := slices.Clone(twin)
	twin[at].Label = hybrid.Correct
	steps[at] = hybrid.Step{Text: cleanGSM8K(bad), Label: hybrid.Wrong}
	neg = hybrid.Chain{Problem: problem, Steps: steps, FirstError: at}
	pos = hybrid.Chain{Problem: problem, Steps: twin, FirstError: hybrid.NoLabel}
	return neg, pos, true
}

var numberSpans = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)

// perturb returns a plausible wrong value near v.
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
		if nv != v && nv >= 0 {
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
