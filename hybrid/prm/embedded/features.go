package embedded

import (
	"math"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/internal/mathtext"
)

// Dense feature names, in vector order. They describe how steps go wrong:
// false arithmetic, numbers that come from nowhere, problem numbers left
// unused or counted twice, fractional results in a problem about whole
// things, hedging and self-correction, the step's role in the chain, and
// its length. Changing the list changes the model format (FeatureVersion).
//
// A count of "=" signs beside log_claims is deliberately absent (it was in
// feature version 5): MR-GSM8K alone taught it a weight of -0.64, a
// notation habit of its data rather than a sign of error, and leaving it
// out raised the ProcessBench dev step AUC of every subset (GSM8K 0.751 to
// 0.757, math 0.707 to 0.716, olympiadbench 0.727 to 0.736, omnimath 0.756
// to 0.765) and GSM8K dev F1 from 47.8-48.7 to 49.7-50.3 (seeds 1, 11, 21,
// 31, 41, 51; five bags each). That choice was made on all of GSM8K dev;
// re-examined under cross-validation (`leanprm train --cv`, two folds by
// id hash, ten bags, seeds 1, 11, 21) it still wins: hybrid GSM8K F1 on
// the fold a choice is made on 47.2 against 43.2 (fold 0) and 54.8 against
// 54.6 (fold 1), and cross-validated 49.7-50.3 against 46.5-47.0. It costs
// math (cross-validated 33.9-34.6 against 35.8-36.2); the average still
// gains (37.2-37.6 against 36.6-37.1). A leave-one-out ablation of the
// features below under the same cross-validation (seed 1, five bags)
// found no removal that wins out of fold both ways: the removal chosen on
// fold 0 (hedge) gains 0.8 on fold 1, the one chosen on fold 1
// (nonint_result) loses 2.2 on fold 0, so the list stays.
var denseNames = []string{
	"pos_first", "log_steps", "log_chars", "log_numbers",
	"log_claims", "false_numeric", "false_symbolic", "any_false", "false_last",
	"log_max_relerr", "log_unsupported", "unsupported_frac", "unsupported_big",
	"log_new_results", "problem_unused_frac", "problem_unused_last",
	"final_answer", "final_unsupported", "final_not_last",
	"hedge", "correction", "confidence", "verify", "setup", "conclude",
	"problem_overlap", "prev_overlap", "duplicate", "question_mark",
	"latex_density", "formal", "has_percent", "has_fraction",
	"prev_false", "log_problem_numbers", "first_false_in_chain", "restates_problem",
	"rel_chars", "rel_numbers", "log_sentences", "log_cum_chars", "digit_frac",
	"log_index", "dup_operand", "nonint_result", "total_unused",
	"prev_results_only", "log_first_use",
}

// Indices of the dense features, in denseNames order.
const (
	fPosFirst = iota
	fLogSteps
	fLogChars
	fLogNumbers
	fLogClaims
	fFalseNumeric
	fFalseSymbolic
	fAnyFalse
	fFalseLast
	fLogMaxRelErr
	fLogUnsupported
	fUnsupportedFrac
	fUnsupportedBig
	fLogNewResults
	fProblemUnusedFrac
	fProblemUnusedLast
	fFinalAnswer
	fFinalUnsupported
	fFinalNotLast
	fHedge // the six cue classes, in wordClass order
	fCorrection
	fConfidence
	fVerify
	fSetup
	fConclude
	fProblemOverlap
	fPrevOverlap
	fDuplicate
	fQuestionMark
	fLatexDensity
	fFormal
	fHasPercent
	fHasFraction
	fPrevFalse
	fLogProblemNumbers
	fFirstFalseInChain
	fRestatesProblem
	fRelChars
	fRelNumbers
	fLogSentences
	fLogCumChars
	fDigitFrac
	fLogIndex
	fDupOperand
	fNonintResult
	fTotalUnused
	fPrevResultsOnly
	fLogFirstUse
	nDense
)

// NumDense is the number of dense features: the length of the vector Features.Step fills.
const NumDense = nDense

// DenseNames are the dense features' names, in vector order.
func DenseNames() []string { return slices.Clone(denseNames) }

// Features computes a model's inputs for the steps of one chain at a time, exactly as
// ScoreChain does: what a trainer (package embedded/train) featurizes its examples with. It
// owns scratch buffers and is not safe for concurrent use.
type Features struct{ f *featurizer }

// NewFeatures is a featurizer for a model with a table of 2^hashBits hashed n-gram weights
// (0: none).
func NewFeatures(hashBits int) *Features { return &Features{newFeaturizer(uint(hashBits))} }

// StartChain resets the chain context for problem.
func (x *Features) StartChain(problem string) { x.f.startChain(problem) }

// Step computes the features of step i of n into dense (length NumDense) and returns the
// hashed text features (indices into the hash table, valid until the next call) and their
// common value. Steps must be passed in order after StartChain.
func (x *Features) Step(i, n int, st chain.Step, dense []float64) (hashes []uint32, hval float32) {
	return x.f.step(i, n, st, dense)
}

// FeatureVersion identifies the feature definitions; a model file records
// it and Load refuses a mismatch.
const FeatureVersion = 6

// wordClass categorizes cue words.
type wordClass uint8

const (
	cueNone wordClass = iota
	cueHedge
	cueCorrection
	cueConfidence
	cueVerify
	cueSetup
	cueConclude
)

var cueWords = map[string]wordClass{
	"assume": cueHedge, "assuming": cueHedge, "approximately": cueHedge, "maybe": cueHedge,
	"perhaps": cueHedge, "probably": cueHedge, "might": cueHedge, "guess": cueHedge,
	"seems": cueHedge, "likely": cueHedge, "roughly": cueHedge, "estimate": cueHedge,
	"possibly": cueHedge, "suppose": cueHedge, "hypothetically": cueHedge, "around": cueHedge,
	"however": cueCorrection, "wait": cueCorrection, "actually": cueCorrection,
	"mistake": cueCorrection, "incorrect": cueCorrection, "error": cueCorrection,
	"reevaluate": cueCorrection, "reconsider": cueCorrection, "recalculate": cueCorrection,
	"wrong": cueCorrection, "oops": cueCorrection, "confusion": cueCorrection,
	"misunderstood": cueCorrection, "misinterpreted": cueCorrection, "revisit": cueCorrection,
	"instead": cueCorrection, "but": cueCorrection, "correction": cueCorrection,
	"clearly": cueConfidence, "obviously": cueConfidence, "definitely": cueConfidence,
	"certainly": cueConfidence, "surely": cueConfidence, "undoubtedly": cueConfidence,
	"always": cueConfidence, "confidently": cueConfidence, "indeed": cueConfidence,
	"verify": cueVerify, "verifying": cueVerify, "check": cueVerify, "checking": cueVerify,
	"confirm": cueVerify, "confirms": cueVerify, "confirmed": cueVerify, "verified": cueVerify,
	"let": cueSetup, "denote": cueSetup, "define": cueSetup, "given": cueSetup,
	"understand": cueSetup, "break": cueSetup,
	"therefore": cueConclude, "thus": cueConclude, "hence": cueConclude, "so": cueConclude,
	"answer": cueConclude, "finally": cueConclude, "total": cueConclude,
}

// common numbers need no support from the problem or earlier steps.
func commonNumber(v float64) bool {
	if v >= 0 && v <= 12 && v == math.Trunc(v) {
		return true
	}
	switch v {
	case 0.5, 0.25, 0.75, 15, 20, 24, 30, 52, 60, 100, 1000, 365, 360, 180, 90, 3600, 10000:
		return true
	}
	return false
}

// numKey rounds a value for set membership.
func numKey(v float64) int64 { return int64(math.Round(v * 1e4)) }

// numSet is a small set of numbers.
type numSet map[int64]struct{}

func (s numSet) add(v float64) { s[numKey(v)] = struct{}{} }

// has reports whether v, or v as a percentage or fraction (×/÷100), is in s.
func (s numSet) has(v float64) bool {
	if _, ok := s[numKey(v)]; ok {
		return true
	}
	if _, ok := s[numKey(v*100)]; ok {
		return true
	}
	if _, ok := s[numKey(v/100)]; ok {
		return true
	}
	return false
}

// featurizer computes features for the steps of one chain at a time. It
// owns scratch buffers and is not safe for concurrent use.
type featurizer struct {
	an       mathtext.Analyzer
	an2      mathtext.Analyzer // for the final answer, while an's result is in use
	hashBits uint
	hashes   []uint32
	words    map[uint64]struct{} // problem words
	seen     map[uint64]struct{} // words of earlier steps
	known    numSet              // numbers of the problem and earlier steps
	problem  []float64           // the problem's non-trivial numbers
	// probCount counts how often the problem writes each number.
	probCount map[int64]int
	// wholeProblem: every number of the problem is whole.
	wholeProblem bool
	// wordProblem: the problem is plain text (no LaTeX), a word problem
	// whose text supplies the quantities the steps work with.
	wordProblem bool
	used        numSet // numbers mentioned in the steps
	results     numSet // numbers earlier steps derived ("= 42")
	stepKeys    map[string]struct{}
	prevFalse   bool
	anyFalse    bool
	// Running sums over earlier steps, for lengths relative to the chain.
	sumChars, sumNums float64
	nPrev             int
	tokBuf            []uint64
}

func newFeaturizer(hashBits uint) *featurizer {
	return &featurizer{
		hashBits:  hashBits,
		words:     map[uint64]struct{}{},
		seen:      map[uint64]struct{}{},
		known:     numSet{},
		probCount: map[int64]int{},
		used:      numSet{},
		results:   numSet{},
		stepKeys:  map[string]struct{}{},
	}
}

// startChain resets the chain context for problem.
func (f *featurizer) startChain(problem string) {
	problem, _ = hybrid.LearnedText(problem) // memory is about 74 bytes per byte read
	clear(f.words)
	clear(f.seen)
	clear(f.known)
	clear(f.probCount)
	clear(f.used)
	clear(f.results)
	clear(f.stepKeys)
	f.problem = f.problem[:0]
	f.wholeProblem = true
	f.wordProblem = !strings.ContainsAny(problem, `\^{}`)
	f.prevFalse, f.anyFalse = false, false
	f.sumChars, f.sumNums, f.nPrev = 0, 0, 0
	a := f.an.Analyze(problem)
	for _, n := range a.Numbers {
		f.known.add(n.Val)
		f.probCount[numKey(n.Val)]++
		if n.Val != math.Trunc(n.Val) {
			f.wholeProblem = false
		}
		if !commonNumber(n.Val) {
			f.problem = append(f.problem, n.Val)
		}
	}
	f.tokBuf = tokenHashes(problem, f.tokBuf[:0])
	for _, h := range f.tokBuf {
		f.words[h] = struct{}{}
	}
}

// stripMarker drops a leading "Step 3:" marker, which some data sets keep
// in the step text and others do not.
func stripMarker(s string) string {
	t := strings.TrimLeft(s, " *#")
	if len(t) < 5 || !strings.EqualFold(t[:4], "step") {
		return s
	}
	j := 4
	for j < len(t) && t[j] == ' ' {
		j++
	}
	k := j
	for k < len(t) && t[k] >= '0' && t[k] <= '9' {
		k++
	}
	if k == j {
		return s
	}
	for k < len(t) && (t[k] == ':' || t[k] == '.' || t[k] == '*' || t[k] == ')' || t[k] == ' ') {
		k++
	}
	return t[k:]
}

// step computes the features of step i of n into dense (len nDense) and
// returns the hashed text features (indices into the hash table) and their
// common value. Steps must be passed in order after startChain. The parts
// run in this order, which the committed model depends on: each reads the
// chain context as earlier steps left it, and advance updates it last.
// Only log_steps, final_not_last and problem_unused_last read n; a
// ContextCache sets those three again for a kept step (keptScore), so a
// feature that comes to read n must be set there too.
func (f *featurizer) step(i, n int, st chain.Step, dense []float64) ([]uint32, float32) {
	text, _ := hybrid.LearnedText(st.Text) // the Scorer has warned about a cut text
	text = stripMarker(text)
	for k := range dense[:nDense] {
		dense[k] = 0
	}
	a := f.an.Analyze(text)
	lower := strings.ToLower(text)

	f.roleAndSize(i, n, text, a, dense)
	stepFalse := f.claims(a, dense)
	f.provenance(a, dense)
	f.finalAnswer(i, n, text, lower, a, dense)
	f.coverage(i, n, lower, a, dense)
	f.wording(i, text, lower, st.Formal, stepFalse, dense)
	f.relativeSize(text, a, dense)
	for k := range dense[:nDense] {
		if math.IsNaN(dense[k]) || math.IsInf(dense[k], 0) {
			dense[k] = 0
		}
	}

	f.advance(a, stepFalse)
	return f.hashed()
}

// roleAndSize: the step's place in the chain and its size.
func (f *featurizer) roleAndSize(i, n int, text string, a *mathtext.Analysis, dense []float64) {
	if i == 0 {
		dense[fPosFirst] = 1
	}
	dense[fLogIndex] = math.Log1p(float64(i))
	dense[fLogSteps] = math.Log1p(float64(n))
	dense[fLogChars] = math.Log1p(float64(len(text)))
	dense[fLogNumbers] = math.Log1p(float64(len(a.Numbers)))
}

// claims: the step's arithmetic claims; stepFalse says one is false.
func (f *featurizer) claims(a *mathtext.Analysis, dense []float64) (stepFalse bool) {
	dense[fLogClaims] = math.Log1p(float64(len(a.Claims)))
	var maxRel float64
	for k, c := range a.Claims {
		if c.OK {
			continue
		}
		if c.Symbolic {
			dense[fFalseSymbolic]++
		} else {
			dense[fFalseNumeric]++
		}
		dense[fAnyFalse] = 1
		if k == len(a.Claims)-1 {
			dense[fFalseLast] = 1
		}
		maxRel = math.Max(maxRel, math.Min(c.RelErr(), 10))
	}
	dense[fFalseNumeric] = math.Min(dense[fFalseNumeric], 3)
	dense[fFalseSymbolic] = math.Min(dense[fFalseSymbolic], 3)
	dense[fLogMaxRelErr] = math.Log1p(maxRel * 10)
	return dense[fAnyFalse] == 1
}

// provenance: operands must come from somewhere. Where they come from
// also tells what the step does: a step that only combines results of
// earlier steps does bookkeeping; one that takes up problem
// quantities for the first time interprets the problem, where word
// problems mostly go wrong.
func (f *featurizer) provenance(a *mathtext.Analysis, dense []float64) {
	var operands, unsupported, unsupportedBig, newResults int
	var allOperands, fromResults, firstUse int
	for _, num := range a.Numbers {
		if num.Word {
			continue
		}
		if num.Result {
			if !f.known.has(num.Val) {
				newResults++
			}
			continue
		}
		allOperands++
		if f.results.has(num.Val) {
			fromResults++
		}
		if commonNumber(num.Val) {
			continue
		}
		operands++
		if !f.known.has(num.Val) {
			unsupported++
			if math.Abs(num.Val) >= 20 {
				unsupportedBig++
			}
		}
		if f.probCount[numKey(num.Val)] > 0 && !f.used.has(num.Val) {
			firstUse++
		}
	}
	dense[fLogNewResults] = math.Log1p(float64(newResults))
	// Where the quantities come from means something in a word problem;
	// in a competition problem new constants and derived values are
	// routine. Gating these features on word problems raised ProcessBench
	// dev F1 on math, olympiadbench and omnimath by 1 to 4 points (seeds
	// 1, 11, 21, 31) and left GSM8K's unchanged.
	if f.wordProblem {
		dense[fLogUnsupported] = math.Log1p(float64(unsupported))
		if operands > 0 {
			dense[fUnsupportedFrac] = float64(unsupported) / float64(operands)
		}
		dense[fUnsupportedBig] = math.Min(float64(unsupportedBig), 3)
		dense[fLogFirstUse] = math.Log1p(float64(firstUse))
		if allOperands > 0 && fromResults == allOperands {
			dense[fPrevResultsOnly] = 1
		}
		dense[fDupOperand] = float64(f.dupOperands(a))
		// A new fractional result in a problem whose numbers are all
		// whole (5.4 minutes, 12.375 bags) often means a wrong operation.
		if f.wholeProblem {
			for _, num := range a.Numbers {
				if num.Result && num.Val != math.Round(num.Val) && !f.known.has(num.Val) {
					dense[fNonintResult] = 1
					break
				}
			}
		}
	}
}

// finalAnswer: a stated final answer, whether anything supports it, and
// whether it comes before the last step.
func (f *featurizer) finalAnswer(i, n int, text, lower string, a *mathtext.Analysis, dense []float64) {
	final := strings.Contains(text, `\boxed`) || strings.Contains(lower, "answer is") ||
		strings.Contains(text, "####") || strings.Contains(lower, "final answer")
	if final {
		dense[fFinalAnswer] = 1
		if v, ok := finalNumber(&f.an2, text); ok && !f.known.has(v) && !resultIn(a, v) {
			dense[fFinalUnsupported] = 1
		}
		if i < n-1 {
			dense[fFinalNotLast] = 1
		}
	}
}

// coverage: problem numbers used so far (after this step).
func (f *featurizer) coverage(i, n int, lower string, a *mathtext.Analysis, dense []float64) {
	for _, num := range a.Numbers {
		f.used.add(num.Val)
	}
	if len(f.problem) > 0 {
		unused := 0
		for _, v := range f.problem {
			if !f.used.has(v) {
				unused++
			}
		}
		dense[fProblemUnusedFrac] = float64(unused) / float64(len(f.problem))
		if i == n-1 {
			dense[fProblemUnusedLast] = dense[fProblemUnusedFrac]
		}
		// A total taken while problem quantities are still unused may
		// have left one out.
		if unused > 0 && (strings.Contains(lower, "total") || strings.Contains(lower, "altogether") ||
			strings.Contains(lower, "in all") || strings.Contains(lower, "combined")) {
			dense[fTotalUnused] = dense[fProblemUnusedFrac]
		}
	}
}

// wording: cues, overlap with the problem and with earlier steps, and
// marks of the text (a question, LaTeX, percentages, fractions).
func (f *featurizer) wording(i int, text, lower string, formal, stepFalse bool, dense []float64) {
	f.tokBuf = tokenHashes(text, f.tokBuf[:0])
	var inProblem, inPrev, content int
	for _, h := range f.tokBuf {
		if _, ok := f.words[h]; ok {
			inProblem++
		}
		if _, ok := f.seen[h]; ok {
			inPrev++
		}
		content++
	}
	if content > 0 {
		dense[fProblemOverlap] = float64(inProblem) / float64(content)
		dense[fPrevOverlap] = float64(inPrev) / float64(content)
	}
	scanCues(lower, dense)
	key := strings.TrimSpace(lower)
	if _, dup := f.stepKeys[key]; dup && key != "" {
		dense[fDuplicate] = 1
	}
	f.stepKeys[key] = struct{}{}
	if strings.Contains(text, "?") {
		dense[fQuestionMark] = 1
	}
	if len(text) > 0 {
		dense[fLatexDensity] = math.Min(float64(strings.Count(text, `\`))/float64(len(text))*10, 1)
	}
	if formal {
		dense[fFormal] = 1
	}
	if strings.Contains(text, "%") {
		dense[fHasPercent] = 1
	}
	if strings.Contains(text, `\frac`) || strings.Contains(text, "/") {
		dense[fHasFraction] = 1
	}
	if f.prevFalse {
		dense[fPrevFalse] = 1
	}
	dense[fLogProblemNumbers] = math.Log1p(float64(len(f.problem)))
	if stepFalse && !f.anyFalse {
		dense[fFirstFalseInChain] = 1
	}
	if dense[fProblemOverlap] > 0.8 && i == 0 {
		dense[fRestatesProblem] = 1
	}
}

// relativeSize: size relative to the earlier steps. Domains differ in how long a
// step is, but within a chain an unusually long or number-heavy step
// is where errors hide.
func (f *featurizer) relativeSize(text string, a *mathtext.Analysis, dense []float64) {
	chars, nums := float64(len(text)), float64(len(a.Numbers))
	if f.nPrev > 0 {
		dense[fRelChars] = math.Log((chars + 20) / (f.sumChars/float64(f.nPrev) + 20))
		dense[fRelNumbers] = math.Log((nums + 1) / (f.sumNums/float64(f.nPrev) + 1))
	}
	dense[fLogSentences] = math.Log1p(float64(sentences(text)))
	dense[fLogCumChars] = math.Log1p(f.sumChars + chars)
	if len(text) > 0 {
		digits := 0
		for i := 0; i < len(text); i++ {
			if text[i] >= '0' && text[i] <= '9' {
				digits++
			}
		}
		dense[fDigitFrac] = float64(digits) / float64(len(text))
	}
	f.sumChars += chars
	f.sumNums += nums
	f.nPrev++
}

// advance updates the chain context with this step.
func (f *featurizer) advance(a *mathtext.Analysis, stepFalse bool) {
	for _, num := range a.Numbers {
		f.known.add(num.Val)
		if num.Result {
			f.results.add(num.Val)
		}
	}
	for _, h := range f.tokBuf {
		f.seen[h] = struct{}{}
	}
	f.prevFalse = stepFalse
	f.anyFalse = f.anyFalse || stepFalse
}

// hashed: the step's unigrams and bigrams, hashed, when the model has a
// table for them.
func (f *featurizer) hashed() ([]uint32, float32) {
	f.hashes = f.hashes[:0]
	if f.hashBits == 0 {
		return f.hashes, 0
	}
	mask := uint64(1)<<f.hashBits - 1
	var prev uint64
	for k, h := range f.tokBuf {
		f.hashes = append(f.hashes, uint32(mix(h, 1)&mask))
		if k > 0 {
			f.hashes = append(f.hashes, uint32(mix(prev*0x9E3779B97F4A7C15^h, 2)&mask))
		}
		prev = h
	}
	val := float32(0)
	if len(f.hashes) > 0 {
		val = float32(1 / math.Sqrt(float64(len(f.hashes))))
	}
	return f.hashes, val
}

// dupOperands counts (up to 2) the quantities the problem states once
// that the step uses twice as operands ("60 + 60" for one dog of 60
// pounds): a quantity counted twice.
func (f *featurizer) dupOperands(a *mathtext.Analysis) int {
	var buf [4]int64
	dups := buf[:0]
	for x, num := range a.Numbers {
		if len(dups) == cap(buf) {
			break
		}
		if num.Word || num.Result || commonNumber(num.Val) || f.probCount[numKey(num.Val)] != 1 {
			continue
		}
		k := numKey(num.Val)
		if slices.Contains(dups, k) {
			continue
		}
		for _, o := range a.Numbers[x+1:] {
			if !o.Word && !o.Result && numKey(o.Val) == k {
				dups = append(dups, k)
				break
			}
		}
	}
	return min(len(dups), 2)
}

// sentences counts sentence ends: ". ", "! ", "? " and line breaks.
func sentences(text string) int {
	n := 1
	for i := 0; i+1 < len(text); i++ {
		c := text[i]
		if (c == '.' || c == '!' || c == '?') && (text[i+1] == ' ' || text[i+1] == '\n') || c == '\n' && text[i+1] != '\n' {
			n++
		}
	}
	return n
}

// resultIn reports whether the step derives v ("= 42").
func resultIn(a *mathtext.Analysis, v float64) bool {
	for _, n := range a.Numbers {
		if n.Result && numKey(n.Val) == numKey(v) {
			return true
		}
	}
	return false
}

// finalNumber extracts the number in \boxed{...} or after "answer is".
func finalNumber(an *mathtext.Analyzer, text string) (float64, bool) {
	idx := strings.LastIndex(text, `\boxed{`)
	var s string
	if idx >= 0 {
		s = text[idx+len(`\boxed{`):]
	} else if j := strings.LastIndex(strings.ToLower(text), "answer is"); j >= 0 {
		s = text[j+len("answer is"):]
	} else if j := strings.LastIndex(text, "####"); j >= 0 {
		s = text[j+4:]
	} else {
		return 0, false
	}
	if len(s) > 40 {
		s = s[:40]
	}
	a := an.Analyze(s)
	for _, n := range a.Numbers {
		if !n.Word {
			return n.Val, true
		}
	}
	return 0, false
}

// scanCues counts cue words in lower-cased text into the six cue features
// (fHedge to fConclude).
func scanCues(lower string, dense []float64) {
	for i := 0; i < len(lower); {
		c := lower[i]
		if c < 'a' || c > 'z' {
			i++
			continue
		}
		j := i
		for j < len(lower) && (lower[j] >= 'a' && lower[j] <= 'z' || lower[j] == '-') {
			j++
		}
		w := strings.ReplaceAll(lower[i:j], "-", "")
		if c := cueWords[w]; c != cueNone {
			dense[fHedge+int(c)-int(cueHedge)]++
		}
		i = j
	}
	for k := fHedge; k <= fConclude; k++ {
		dense[k] = math.Log1p(dense[k])
	}
}

// tokenHashes appends the FNV-1a hashes of text's tokens: lower-cased ASCII
// words, "#" for any number, LaTeX command names, and "=", "?", "%".
func tokenHashes(text string, out []uint64) []uint64 {
	// Variables, not constants: the products must wrap like the hash does.
	offset, prime := uint64(14695981039346656037), uint64(1099511628211)
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			h := offset
			for i < len(text) {
				c := text[i]
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				} else if c < 'a' || c > 'z' {
					break
				}
				h = (h ^ uint64(c)) * prime
				i++
			}
			out = append(out, h)
		case c >= '0' && c <= '9':
			for i < len(text) && (text[i] >= '0' && text[i] <= '9' || text[i] == '.' || text[i] == ',') {
				i++
			}
			out = append(out, (offset^'#')*prime)
		case c == '\\':
			h := (offset ^ '\\') * prime
			i++
			for i < len(text) && (text[i] >= 'a' && text[i] <= 'z' || text[i] >= 'A' && text[i] <= 'Z') {
				h = (h ^ uint64(text[i])) * prime
				i++
			}
			out = append(out, h)
		case c == '=' || c == '?' || c == '%':
			out = append(out, (offset^uint64(c))*prime)
			i++
		default:
			i++
		}
	}
	return out
}

// mix is a 64-bit finalizer (splitmix64) with a namespace.
func mix(h, ns uint64) uint64 {
	h ^= ns * 0xD6E8FEB86659FD93
	h ^= h >> 30
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 27
	h *= 0x94D049BB133111EB
	h ^= h >> 31
	return h
}
