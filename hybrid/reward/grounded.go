package reward

// The grounded process reward (ModeGrounded): what a chain's steps do with the problem's
// quantities, not how many steps it has nor how sure each one sounds. See docs/REWARD.md.

import (
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// The constants below are what both folds of the hack suite's cross-validation choose
// (docs/REWARD.md, "The constants, cross-validated").

// FloorShare is the share of a grounded reward paid for the chain score alone (the min over
// all steps, today's process score); the rest is paid only for work that derives the answer.
const FloorShare = 0.02

// IdleCost is what each idle step takes off a chain's value, as a share of what is left;
// RepeatCost is what a repeated step (one written before, in the chain or the problem) takes.
var (
	IdleCost   = 0.05
	RepeatCost = 0.5
)

// LinkShare is the share of the derived pay a chain earns when its answer is not traced to
// its work, but its work is linked (a work step uses the result of an earlier one: a
// derivation two links long at least, not only arithmetic on the problem's numbers) and a
// formula then writes the answer as its result, with no work after it. The cross-validation
// sets it to 0: paying such chains did not lose fewer problems on either fold.
var LinkShare = 0.0

// Why a step earns or does not earn process credit (StepWork.Why).
const (
	WhyWork       = "work"         // a relation that derives a new quantity from known ones
	WhyNoRelation = "no_relation"  // no relation between two or more quantities (prose, a hedge, a bare answer)
	WhyNoNew      = "no_new"       // every quantity in it is known already (an identity, a paraphrase)
	WhyRepeated   = "repeated"     // every clause of it was written before, in the chain or the problem
	WhyIdentity   = "identity"     // a quantity related to itself ("48 = 48", "48 + 0 = 48", "48 × 1 = 48")
	WhyUngrounded = "not_grounded" // its quantities do not trace to the problem or to earlier results
	WhyRefuted    = "refuted"      // a checker refuted it
	WhyUnused     = "unused"       // work whose results no later step uses and the answer is not
	WhySymbolic   = "symbolic"     // no quantity work, but a relation of expressions over the problem's names (symbolic.go)
)

// StepWork is what one step earns under the grounded reward.
type StepWork struct {
	Index int `json:"index"`
	// Work is set when the step derives a quantity from the problem's quantities or from
	// earlier derived ones; Why says why (or why not).
	Work bool   `json:"work"`
	Why  string `json:"why"`
	// Linked is set on a work step that uses the result of an earlier work step; Result on a
	// step with a formula whose result is the final answer (its left side computes, and does
	// not write the answer).
	Linked bool `json:"linked,omitempty"`
	Result bool `json:"result,omitempty"`
	// About is set on a step that reasons in the problem's terms: a step, not a repetition
	// nor refuted, that uses one of the problem's own words (about).
	About bool `json:"about,omitempty"`
	// Quantity is set on a step about the problem that writes one of the problem's quantities
	// or an earlier result (not 0 nor 1, not the final answer): reasoning on the problem's
	// quantities, not words alone (writesQuantity).
	Quantity bool `json:"quantity,omitempty"`
	// Score is the step's merged score; Reward is its dense reward (Delta form: the change of
	// the prefix's value at this step, so that the steps' rewards add up to the chain's).
	Score  float64 `json:"score"`
	Reward float64 `json:"reward"`
	// Start and End are the step's offsets in the response, in characters (Unicode code
	// points, as Python indexes a str); -1 when the step's text was not found in it.
	Start int `json:"start"`
	End   int `json:"end"`
}

// Work is a chain's grounded process measure.
type Work struct {
	Steps []StepWork `json:"steps"`
	// Derived says the final answer is the result of a work step, and no later work step
	// computes something else without using it; WorkScore is the min-form
	// value (PURE) of the work steps' scores, 0 with none; Floor is the chain score.
	Derived   bool    `json:"derived"`
	WorkScore float64 `json:"work_score"`
	Floor     float64 `json:"floor"`
}

// Value is the chain's process value before outcome gating. A derived answer is paid the top
// band of FloorShare (tier) plus the rest, the work steps' min-form value, all of it scaled
// down for each idle step: RepeatCost for a repetition or a restatement, IdleCost for an
// identity, an ungrounded relation or unused work. Any other answer is paid FloorShare in the
// band of its tier, placed in it by its floor scaled down by the idle steps (plus LinkShare of
// the work's value when a formula writes it after linked work). Idle steps cost (Clip), never
// pay. A chain with a refuted step is worth 0.
func (w Work) Value() float64 { return w.ValueWith(Defaults()) }

// Constants are the grounded reward's constants.
type Constants struct{ FloorShare, IdleCost, RepeatCost, LinkShare float64 }

// Defaults are the constants in force.
func Defaults() Constants { return Constants{FloorShare, IdleCost, RepeatCost, LinkShare} }

// ValueWith is Value with the constants given (to choose them by cross-validation).
func (w Work) ValueWith(c Constants) float64 {
	floorShare := c.FloorShare
	work, idle, repeated, symbolic := 0, 0, 0, 0
	chained, linked := false, false // linked work seen; the answer written as a result after it
	stated := false                 // a formula writes the answer as its result
	about := false                  // a step reasons in the problem's terms
	quantity := false               // a step about the problem writes its quantities
	for _, s := range w.Steps {
		if s.Why == WhyRefuted {
			// A proven error costs the process credit, with a gold answer or without one
			// (Pay gates the labelled case; combined's min is 0 here too): the min-form over
			// the work steps must not rise because the refuted step left it.
			return 0
		}
		chained = chained || s.Work && s.Linked
		stated = stated || s.Result
		if s.Result {
			linked = linked || chained
		} else if s.Work {
			linked = false // work after the answer computes something else
		}
		if s.Why == WhySymbolic {
			symbolic++
		}
		about = about || s.About
		quantity = quantity || s.Quantity
		switch {
		case s.Work:
			work++
		case s.Why == WhyRepeated:
			repeated++
		case s.Why == WhyUngrounded || s.Why == WhyIdentity || s.Why == WhyUnused:
			idle++
		}
	}
	kept := math.Pow(1-c.IdleCost, float64(idle)) * math.Pow(1-c.RepeatCost, float64(repeated))
	if w.Derived {
		// A derivation's idle steps cost all of its value, as a share of what is left (Clip).
		return min(max((floorShare*(4+(1+w.Floor)/2)/tiers+(1-floorShare)*w.WorkScore)*kept, 0), 1)
	}
	// The tier sets the band of the floor share; the floor, scaled by the idle steps, places
	// the answer in the upper half of its band, so that a higher tier always earns more,
	// whatever the learned PRM's floor and the idle steps (tier).
	v := floorShare * (float64(tier(stated, work+symbolic > 0, about, quantity)) + (1+w.Floor*kept)/2) / tiers
	if linked {
		v += c.LinkShare * (1 - floorShare) * w.WorkScore * kept
	}
	return min(max(v, 0), 1)
}

// tiers is the number of tiers of an answer's floor share (tier).
const tiers = 5

// tier orders a right answer's outcome signal by what its chain shows of a derivation: 4 when
// the answer is derived or a formula writes it as its result; else 3 when a step works
// (numerically or symbolically) and a step is about the problem; 2 when a step about the
// problem writes its quantities; 1 when a step is about the problem in words alone; 0 when
// none is about it (the bare answer, hedges, arithmetic alone).
func tier(stated, works, about, quantity bool) int {
	switch {
	case stated:
		return 4
	case !about:
		return 0
	case works:
		return 3
	case quantity:
		return 2
	}
	return 1
}

// Measure reads r's steps for grounded work on r's problem. The final answer is the one
// outcome.Extract finds in the chain's text; floor is the chain score (the min over all steps
// under the default aggregate). It is linear in the text.
func Measure(r *hybrid.Scored, floor float64) Work { return MeasureWith(nil, r, floor) }

// MeasureWith is Measure with g the grader that proves a symbolic result equal to the answer
// (the configuration's grade.* keys, wire.Grader; nil: outcome's defaults).
func MeasureWith(g *outcome.Grader, r *hybrid.Scored, floor float64) Work {
	w := Work{Floor: floor, Steps: make([]StepWork, len(r.Steps))}
	k := newKnown(r.Problem)
	k.grader = g
	if answer := outcome.Extract(Text(r)); answer.Found {
		k.answer = answer.Answer
		k.target, k.numeric = parseQuantity(answer.Answer)
		if !k.numeric {
			k.target = compact(answer.Answer)
		}
	}
	made := make([][]string, len(r.Steps)) // what each step that works but does not derive the answer brings in
	for i, s := range r.Steps {
		sw := StepWork{Index: i, Score: s.Score, Start: -1, End: -1, Why: WhyRefuted}
		derives := false
		writes := k.writesQuantity(s.Text) // before the step's results are known
		if s.Verdict != hybrid.Refuted {
			sw.Why, derives = k.step(s.Text)
			sw.Result = k.stated
			if k.symbolic && (sw.Why == WhyNoNew || sw.Why == WhyNoRelation) {
				sw.Why = WhySymbolic
			}
		}
		if sw.Why != WhyRepeated && sw.Why != WhyRefuted {
			sw.About = k.about(s.Text)
			sw.Quantity = sw.About && writes
		}
		if sw.Why == WhyWork {
			sw.Work, sw.Linked = true, k.linked
			// The answer is the conclusion: work after its derivation that does not use it
			// (a check does) computes something else, and leaves the answer a coincidence.
			w.Derived = derives || w.Derived && k.uses(s.Text)
			if !derives {
				made[i] = k.made
			}
		}
		w.Steps[i] = sw
	}
	unused(&w, r, made, k)
	first := true
	for _, s := range w.Steps {
		if s.Work && (first || s.Score < w.WorkScore) {
			w.WorkScore, first = s.Score, false
		}
	}
	return w
}

// Relations are read in segments: a step is split at sentence and clause ends (segments).
// The patterns are scanned by hand in linear time (scan.go), each with the semantics of its
// regular expression.
var (
	// A quantity: \frac{a}{b}, a/b, a decimal or integer (thousands commas allowed), an
	// optional percent sign.
	quantity quantityScanner
	// The formula at the end of a text: digits, operators, brackets, LaTeX commands (a
	// matrix's \begin{pmatrix} too) and one-letter names, no prose word.
	mathRun mathRunScanner
	boxed   boxedScanner
)

// segmentEnds are where segments end; ". ", ", " and "; " need the space after them.
var segmentEnds = []string{"\n", ". ", ", ", "; ", "\\\\", "$$", "\\]", "\\["}

// segments splits text at segmentEnds, in one pass.
func segments(text string) []string {
	var out []string
	start := 0
	depth := 0 // \begin{…} environments open (a matrix's rows are not clauses)
	nest := 0  // brackets open since the last clause end (a tuple's or an interval's commas are not clause ends)
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(', '[', '{':
			nest++
			continue
		case ')', ']', '}':
			nest = max(nest-1, 0)
			continue
		case '\n', '.', ',', ';', '\\', '$':
		default:
			continue // no segment end starts here
		}
		switch {
		case strings.HasPrefix(text[i:], `\begin{`):
			depth++
			continue
		case strings.HasPrefix(text[i:], `\end{`):
			depth = max(depth-1, 0)
			continue
		case depth > 0, nest > 0 && (text[i] == ',' || text[i] == ';'):
			continue
		}
		for _, e := range segmentEnds {
			if strings.HasPrefix(text[i:], e) {
				out = append(out, text[start:i])
				start = i + len(e)
				i = start - 1
				nest = 0
				break
			}
		}
	}
	return append(out, text[start:])
}

// copulas relate two quantities in prose ("20% of 50 is 10").
var copulas = map[string]bool{"is": true, "are": true, "was": true, "were": true, "equals": true,
	"gives": true, "makes": true, "remains": true, "simplifies": true}

// lastRelation is where seg's result follows: its last "=", else its last copula; ok is
// false when it relates nothing.
func lastRelation(seg string) (start, end int, ok bool) {
	if eq := strings.LastIndexByte(seg, '='); eq >= 0 {
		return eq, eq + 1, true // "x = 3 apples are left": the formula's result
	}
	for _, w := range words(seg) {
		if copulas[strings.ToLower(seg[w[0]:w[1]])] {
			start, end, ok = w[0], w[1], true
		}
	}
	return start, end, ok
}

// words are the byte ranges of the runs of ASCII letters of text.
func words(text string) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i <= len(text); i++ {
		letter := i < len(text) && (text[i] >= 'a' && text[i] <= 'z' || text[i] >= 'A' && text[i] <= 'Z')
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	return out
}

// known is what a chain has established: the problem's quantities and the results of its work
// steps (problem-dependent), and the free constants (not); and the final answer it looks for.
type known struct {
	dep, free map[string]bool
	seen      map[string]bool // segments already read (the problem's too), compacted
	problem   string          // the problem's text, compacted
	// restateChecks counts the steps looked for in problem (restated).
	restateChecks int
	// target is the final answer: a quantity when numeric, else its compacted text ("" when
	// the chain states none).
	target  string
	numeric bool
	answer  string          // the final answer as written, for the grader
	grader  *outcome.Grader // nil: outcome's defaults
	prev    []string        // the quantities of the current step's last relation
	// results are the quantities work brought in (not the problem's, not free constants);
	// linked is set when a work segment of the current step used one of them.
	results map[string]bool
	linked  bool
	made    []string // what the current step's work brought in (not the free constants)
	stated  bool     // a relation of the current step writes the answer as its result (states)
	// names are the one-letter names of the problem's formulas; symbolic is set when a
	// segment of the current step relates expressions over them (relates).
	names    map[string]bool
	symbolic bool
	// terms are the problem's words that can say what a step is about (termsOf), for about.
	terms map[string]bool
	// solution is the last linear equation's variable and value (solve.go).
	solution solved
}

func newKnown(problem string) *known {
	problem = strings.ReplaceAll(problem, `\%`, "%") // LaTeX's percent sign
	k := &known{dep: map[string]bool{}, free: map[string]bool{}, seen: map[string]bool{}, results: map[string]bool{}}
	k.free["2"] = true // halves, doubles, pairs
	vocabulary := map[string]bool{}
	for _, w := range words(problem) {
		vocabulary[strings.TrimSuffix(strings.ToLower(problem[w[0]:w[1]]), "s")] = true
	}
	for _, u := range unitConstants {
		named := slices.ContainsFunc(u.units, func(w string) bool { return vocabulary[w] }) ||
			slices.ContainsFunc(u.symbols, func(s string) bool { return strings.Contains(problem, s) })
		for _, v := range u.values {
			k.free[v] = k.free[v] || named
		}
	}
	for _, q := range quantities(problem) {
		k.dep[q] = true
	}
	for w := range vocabulary {
		for _, v := range wordValues[w] {
			k.dep[v] = true
		}
	}
	for _, seg := range segments(problem) {
		k.seen[compact(seg)] = true // restating the problem is no work
	}
	k.problem = compact(problem)
	k.names = mathNames(problem, true)
	k.terms = termsOf(problem)
	return k
}

// step reads one step's segments and says whether it works (WhyWork) or why not, and whether
// it derives the final answer; the results of its work become known.
func (k *known) step(text string) (string, bool) {
	text = strings.ReplaceAll(unbox(text), `\%`, "%")
	why, derives := WhyNoRelation, false
	k.prev, k.linked, k.stated, k.made, k.symbolic = nil, false, false, nil, false
	fresh := 0 // clauses not written before
	last := "" // the previous segment: "\\[ A = B \\] \\[ = C \\]" continues it
	for _, seg := range segments(text) {
		c := compact(seg)
		prev := last
		if c != "" {
			last = seg
		}
		if c == "" || k.seen[c] {
			continue
		}
		fresh++
		k.seen[c] = true
		if prev != "" && (strings.HasPrefix(c, "=") || continues(c)) {
			seg = prev + " " + seg // a link of the previous relation's chain, or its result ("5^2, which is 25")
		}
		w, d := k.segment(seg)
		derives = derives || d
		if (w == WhyNoRelation || w == WhyNoNew || w == WhyIdentity) && k.relates(seg) {
			k.symbolic, w = true, WhyNoNew // different expressions: not a quantity related to itself
		}
		if w == WhyWork || why == WhyNoRelation || why == WhyNoNew && (w == WhyUngrounded || w == WhyIdentity) {
			why = w
		}
	}
	if fresh == 0 && strings.TrimSpace(text) != "" || fresh > 0 && k.restated(text) {
		// Nothing new, or a piece of the problem's text copied (a reader may cut a sentence
		// mid-clause): a restatement.
		return WhyRepeated, false
	}
	return why, derives
}

// maxRestateChecks bounds the steps a chain's measure looks for in the problem's text (each
// look is linear in the problem), so that the measure stays linear in the text.
const maxRestateChecks = 64

// restated is whether a step's text is a piece of the problem's, however a reader cut it
// ("20; 5 cups of soda that cost $0." of "$1.20; 5 cups of soda that cost $0.5 each"), at
// least minRestated bytes long compacted: a short step ("5.") is in most problems' text.
func (k *known) restated(text string) bool {
	c := compact(text)
	if len(c) < minRestated || k.restateChecks >= maxRestateChecks {
		return false
	}
	k.restateChecks++
	return strings.Contains(k.problem, c)
}

// minRestated is the shortest step, compacted, that restated looks for.
const minRestated = 12

// segment is one clause. A relation over two or more quantities works when at least one of
// them is problem-dependent and it brings in at least one quantity not known yet, and no more
// unexplained ones than it uses problem-dependent ones (one known quantity does not vouch for
// several new ones); what it brings in becomes known. It derives the final answer when the
// answer is its result (what follows its last relation) computed from its left side alone,
// every quantity of which is known and one of which, not the answer, problem-dependent: an
// answer that only restates itself ("72 = 72", "72 × 1 = 72") derives nothing. A segment that
// derives the answer is work.
func (k *known) segment(seg string) (string, bool) {
	at, end, ok := lastRelation(seg)
	if !ok {
		return WhyNoRelation, false
	}
	var derives bool
	k.stated = k.stated || k.states(seg[:at], seg[end:])
	k.prev, derives = k.derives(seg[:at], seg[end:], k.prev)
	derives = derives || k.solves(seg[:at], seg[end:])
	defer k.linear(seg[:at], seg[end:]) // once its results are known
	qs := quantities(seg)
	if len(qs) < 2 && !derives {
		return WhyNoRelation, false
	}
	var dep int
	var cand, fresh []string
	computed := k.computed(seg[:at], seg[end:])
	distinct := dedupe(qs)
	if n := len(distinct) - count(distinct, "0") - count(distinct, "1"); n == 1 && !derives {
		for _, q := range distinct {
			if q != "0" && q != "1" && count(qs, q) > 1 {
				return WhyIdentity, false // one quantity related to itself
			}
		}
	}
	for _, q := range distinct {
		switch {
		case q == "0" || q == "1": // identities: "x + 0 = x", "x × 1 = x", "1 + 1 = 2" derive nothing
		case k.dep[q]:
			dep++
		case k.free[q], computed[q]:
			cand = append(cand, q)
		default:
			cand, fresh = append(cand, q), append(fresh, q)
		}
	}
	switch {
	case derives:
	case len(cand) == 0:
		return WhyNoNew, false
	case dep == 0 || len(fresh)-fractionsOf(seg, fresh) > max(1, dep):
		return WhyUngrounded, false
	}
	for _, q := range distinct {
		k.linked = k.linked || k.results[q] && !slices.Contains(cand, q)
	}
	for _, q := range cand {
		k.results[q] = k.results[q] || !k.free[q]
		if !k.free[q] {
			k.made = append(k.made, q)
		}
	}
	for _, q := range cand {
		k.dep[q] = true
	}
	return WhyWork, derives
}

// uses is whether a step's text has the final answer among its quantities.
func (k *known) uses(text string) bool {
	if !k.numeric {
		return strings.Contains(compact(text), k.target)
	}
	return slices.Contains(quantities(text), k.target)
}

// derives is whether the relation lhs = rhs computes the final answer (see segment): the
// answer is the first quantity of rhs, and the operands are lhs's quantities other than the
// answer (prose before a formula may name what it computes: "He eats 48 because 32 + 16 =
// 48"), or, when lhs has none, the quantities of the step's previous relation ("a + b = 23 -
// 4. So a + b = 19"), and the parts of a fraction the result is written as ("y =
// \frac{30}{3}"). It also returns the relation's quantities, for the next relation. Every operand must be known, one at least problem-dependent: an
// operand the chain never derived (the last step of a derivation written alone) leaves the
// answer underived; the answer may be an operand of the formula itself
// only when it is known already ("25 / 5 = 5" of five friends), else the formula assumes
// what it computes ("48 - 48 + 72 = 72").
func (k *known) derives(lhs, rhs string, prev []string) ([]string, bool) {
	operands, local := k.chained(lhs)
	if len(operands) == 0 {
		operands = prev
	}
	if m := quantity.FindStringSubmatch(rhs); m != nil && m[1] != "" {
		operands = append(operands, written(m[0])...) // "y = \frac{30}{3}": 30 and 3
	}
	next := append(quantities(lhs), quantities(rhs)...)
	if k.target == "" {
		return next, false
	}
	if !k.numeric {
		l := compact(lhs[mathRun.FindStringIndex(lhs)[0]:])
		if !strings.ContainsAny(l, "0123456789+-*/^\\") || strings.Contains(compact(lhs), k.target) {
			return next, false
		}
		return next, compact(resultText(rhs)) == k.target || k.provenAnswer(rhs)
	}
	if v, ok := firstValue(rhs); (!ok || v != k.target) && !(strings.ContainsAny(rhs, "\\^") && k.provenAnswer(rhs)) {
		return next, false
	}
	if !k.dep[k.target] && slices.Contains(written(lhs[mathRun.FindStringIndex(lhs)[0]:]), k.target) {
		return next, false
	}
	dep := 0
	for _, q := range dedupe(operands) {
		switch {
		case q == k.target || q == "0" || q == "1":
		case k.dep[q] || local[q]:
			dep++
		case !k.free[q]:
			return next, false
		}
	}
	return next, dep > 0
}

// chained reads the left side of a relation's last "=" when it is a chain of equalities ("a
// = b = c"): each link computes the next, so the quantities of a link whose previous link is
// all known, one at least problem-dependent, are computed (local) and not assumed. The
// operands of the result are the quantities of the last link ("2^2 \times 3^2 = 4 \times 9 =
// 36": 4 and 9 were computed, 36's operands are 4 and 9). Without a chain it is lhs's
// quantities.
func (k *known) chained(lhs string) (operands []string, local map[string]bool) {
	links := strings.Split(lhs, "=")
	for i := 1; i < len(links); i++ {
		if !k.computes(quantities(links[i-1]), local) {
			continue
		}
		if local == nil {
			local = map[string]bool{}
		}
		for _, q := range quantities(links[i]) {
			if q != k.target {
				local[q] = true
			}
		}
	}
	return quantities(links[len(links)-1]), local
}

// computes is whether a link's quantities qs are all known (local: computed by the links
// before), one at least problem-dependent: what the link computes is then computed, not
// assumed.
func (k *known) computes(qs []string, local map[string]bool) bool {
	ok, dep := len(qs) > 0, false
	for _, q := range qs {
		switch {
		case k.dep[q] || local[q]:
			dep = true
		case q == "0" || q == "1" || k.free[q]:
		default:
			ok = false
		}
	}
	return ok && dep
}

// provenAnswer is whether a relation's right side is an expression the answer grader proves
// equal to the final answer (\frac{6}{8} for 3/4, 2\sqrt{2} for \sqrt{8}, x \in (1, 2) for
// (1, 2)): a symbolic result is traced by proof, never by its look. A right side longer than
// maxResult is no result.
func (k *known) provenAnswer(rhs string) bool {
	r := resultText(rhs)
	if r == "" || len(r) > maxResult || k.answer == "" {
		return false
	}
	return k.grader.Grade(k.answer, r).Verdict == outcome.Equal
}

// maxResult bounds the right side provenAnswer grades, in bytes.
const maxResult = 160

// quantities are the quantities of a text in order, as exact rationals written in lowest terms
// ("3/4", "24"); a fraction gives its numerator, denominator and value, a percentage its
// number and its fraction. Signs are ignored.
func quantities(text string) []string {
	if !strings.ContainsAny(text, "0123456789") {
		return nil // no digit, no quantity: most prose skips the scan
	}
	var out []string
	quantity.each(text, func(m qmatch) {
		if m.num0 >= 0 {
			num, den := text[m.num0:m.num1], text[m.den0:m.den1]
			for _, part := range [...]string{num, den} {
				if q, ok := rational(part); ok {
					out = append(out, q)
				}
			}
			if q, ok := ratio(num, den); ok {
				out = append(out, q)
			}
			return
		}
		n := withoutCommas(text[m.n0:m.n1])
		if q, ok := rational(n); ok {
			out = append(out, q)
			if m.pct1 > m.pct0 {
				if p, ok := ratio(n, "100"); ok {
					out = append(out, p)
				}
			}
		}
	})
	return out
}

// withoutCommas is s without its thousands commas.
func withoutCommas(s string) string {
	if strings.IndexByte(s, ',') < 0 {
		return s
	}
	return strings.ReplaceAll(s, ",", "")
}

// firstValue is the value of the first quantity of a text (a fraction's value).
func firstValue(text string) (string, bool) {
	m, ok := quantity.next(text, 0)
	switch {
	case !ok:
		return "", false
	case m.num0 >= 0:
		return ratio(text[m.num0:m.num1], text[m.den0:m.den1])
	}
	return rational(withoutCommas(text[m.n0:m.n1]))
}

// written are the quantities a text writes out, not those it leaves to compute (a fraction's
// value).
func written(text string) []string {
	var out []string
	quantity.each(text, func(m qmatch) {
		parts := [...]string{"", "", ""}
		if m.num0 >= 0 {
			parts[0], parts[1] = text[m.num0:m.num1], text[m.den0:m.den1]
		} else {
			parts[2] = withoutCommas(text[m.n0:m.n1])
		}
		for _, part := range parts {
			if q, ok := rational(part); ok && part != "" {
				out = append(out, q)
			}
		}
	})
	return out
}

// quantityMarks drops what parseQuantity ignores around a number: currency, percent, spacing.
var quantityMarks = strings.NewReplacer(`\$`, "", "$", "", `\%`, "", "%", "", `\!`, "", "{,}", ",", " ", "")

// parseQuantity reads an answer that is one quantity ("72", "\frac{3}{4}", "$1,200", "25\%").
func parseQuantity(s string) (string, bool) {
	s = quantityMarks.Replace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "\\text{"), "}")
	s = strings.TrimPrefix(s, "-") // signs are ignored
	if m, ok := quantity.next(s, 0); !ok || m.start != 0 || m.end != len(s) {
		return "", false // not one quantity, the whole text
	}
	if q := quantities(s); len(q) > 0 {
		return q[0], true
	}
	return "", false
}

func ratio(a, b string) (string, bool) {
	if len(a) > 40 || len(b) > 40 {
		return "", false // no quantity a step computes, and big numbers' arithmetic is not linear
	}
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	if !ok1 || !ok2 || y.Sign() == 0 {
		return "", false
	}
	return x.Quo(x, y).RatString(), true
}

func rational(a string) (string, bool) {
	if len(a) > 40 {
		return "", false // no quantity a step computes
	}
	if q, ok := plainInteger(a); ok {
		return q, true // most quantities: no big.Rat to parse and print
	}
	x, ok := new(big.Rat).SetString(a)
	if !ok {
		return "", false
	}
	return x.RatString(), true
}

// plainInteger is a's value as big.Rat's RatString writes it when a is digits alone, with an
// all-zero fraction or none ("007" and "7.00" are "7").
func plainInteger(a string) (string, bool) {
	whole, frac, _ := strings.Cut(a, ".")
	if whole == "" || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0") != "" {
		return "", false
	}
	if whole = strings.TrimLeft(whole, "0"); whole == "" {
		whole = "0"
	}
	return whole, true
}

func count(qs []string, q string) int {
	n := 0
	for _, x := range qs {
		if x == q {
			n++
		}
	}
	return n
}

func dedupe(qs []string) []string {
	seen := map[string]bool{}
	out := qs[:0:0]
	for _, q := range qs {
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	return out
}

// compact is a text without spaces, dollar signs and a trailing period, lower-cased.
func compact(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimRight(s, ".")
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '$' || r == '\n' {
			return -1
		}
		return r
	}, s)
}
