package gensim

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// Kind is a kind of slip the simulator makes.
type Kind string

// The slip kinds. Arith is a wrong value; the others keep every calculation true and are wrong
// in what they calculate (see docs/GENERATOR-SIMULATOR.md).
const (
	Arith     Kind = "arith"     // the right calculation with a wrong result
	Operation Kind = "operation" // the right numbers, the wrong operation, the arithmetic right
	Copy      Kind = "copy"      // a quantity of the problem or an earlier step, but the wrong one
	Skip      Kind = "skip"      // a needed step left out; later steps use what is there
	Unit      Kind = "unit"      // a conversion forgotten or applied twice
	Misread   Kind = "misread"   // a number of the problem changed when it is restated
)

// Kinds lists the slip kinds in the order their shares of a step's draw are laid out.
var Kinds = []Kind{Arith, Operation, Copy, Skip, Unit, Misread}

// Slip is a slip the simulator made: its kind, the step of the completion it is on (0-based;
// for a skip, the step written in the left-out step's place) and what changed.
type Slip struct {
	Kind   Kind   `json:"kind"`
	Step   int    `json:"step"`
	Detail string `json:"detail"`
}

// ParseSlips reads a slip mix, "arith=0.1,operation=0.05": each kind at most once, each rate a
// probability, the rates summing to at most 1 (a step slips at most once).
func ParseSlips(s string) (map[Kind]float64, error) {
	out := map[Kind]float64{}
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("no slip kinds: write KIND=RATE,... (the kinds: %s)", kindList())
	}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("an empty item in the slip mix %q: write KIND=RATE,... (the kinds: %s)", s, kindList())
		}
		name, rate, ok := strings.Cut(item, "=")
		k := Kind(strings.TrimSpace(name))
		if !knownKind(k) {
			return nil, fmt.Errorf("unknown slip kind %q (the kinds: %s)", k, kindList())
		}
		if !ok {
			return nil, fmt.Errorf("slip kind %s has no rate: write %s=RATE", k, k)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("slip kind %s given twice", k)
		}
		r, err := strconv.ParseFloat(strings.TrimSpace(rate), 64)
		if err != nil || r < 0 || r > 1 || math.IsNaN(r) {
			return nil, fmt.Errorf("slip kind %s: rate %q is not a probability in [0, 1]", k, strings.TrimSpace(rate))
		}
		out[k] = r
	}
	return out, checkRates(out)
}

// FormatSlips writes a slip mix the way ParseSlips reads it, in the order of Kinds.
func FormatSlips(m map[Kind]float64) string {
	var parts []string
	for _, k := range Kinds {
		if r, ok := m[k]; ok {
			parts = append(parts, fmt.Sprintf("%s=%g", k, r))
		}
	}
	return strings.Join(parts, ",")
}

func knownKind(k Kind) bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

func kindList() string {
	var s []string
	for _, k := range Kinds {
		s = append(s, string(k))
	}
	return strings.Join(s, ", ")
}

func checkRates(m map[Kind]float64) error {
	sum := 0.0
	for k, r := range m {
		if !knownKind(k) {
			return fmt.Errorf("unknown slip kind %q (the kinds: %s)", k, kindList())
		}
		if r < 0 || r > 1 || math.IsNaN(r) {
			return fmt.Errorf("slip kind %s: rate %v is not a probability in [0, 1]", k, r)
		}
		sum += r
	}
	if sum > 1+1e-9 {
		return fmt.Errorf("the slip rates sum to %g: a step slips at most once, so they must sum to at most 1", sum)
	}
	return nil
}

// draw picks the kind of slip of one step: one uniform draw, laid out over the kinds' rates in
// the order of Kinds ("" for none). With arith alone it is the draw the simulator always made.
func (s *Sim) draw(r *rng) Kind {
	u := r.float()
	acc := 0.0
	for i, k := range Kinds {
		acc += s.rates[i]
		if s.rates[i] > 0 && u < acc {
			return k
		}
	}
	return ""
}

// slipLine writes line i of p with a slip of kind k, when one applies there: arith draws its
// wrong value; the other kinds enumerate the slips that apply (options) and draw one.
func slipLine(k Kind, p *Problem, i int, vals values, r *rng) (rendered, string, bool) {
	if k == Arith {
		rd := render(p.Lines[i], vals, &slip{delta: slipDeltas[r.next()%uint64(len(slipDeltas))]})
		return rd, "a wrong result", rd.slipped
	}
	opts := options(k, p, i, vals, false)
	if len(opts) == 0 {
		return rendered{}, "", false
	}
	o := opts[r.next()%uint64(len(opts))]
	return o.rd, o.detail, true
}

// option is one slip of a line, already written.
type option struct {
	rd     rendered
	detail string
}

// options lists every slip of kind k that applies to line i of p with the values carried
// (with first, only the first one found); none when the kind does not apply. Every option
// keeps each calculation of the line true and its results written exactly, and changes a
// value that the line shows.
func options(k Kind, p *Problem, i int, vals values, first bool) []option {
	ln := p.Lines[i]
	plain := render(ln, vals, nil)
	var out []option
	add := func(rd rendered, detail string) {
		if rd.text != "" && rd.text == plain.text {
			return // the slip changed nothing the step shows
		}
		rd.slipped = true
		out = append(out, option{rd, detail})
	}
	switch k {
	case Operation:
		for _, v := range variants(ln, false) {
			if v.kind == Operation && exactLine(v.ln, vals) && positiveLike(ln, v.ln, vals) {
				add(render(v.ln, vals, nil), v.detail)
				if first && len(out) > 0 {
					return out
				}
			}
		}
	case Unit:
		for _, v := range variants(ln, true) {
			if v.kind == Unit && exactLine(v.ln, vals) && positiveLike(ln, v.ln, vals) {
				add(render(v.ln, vals, nil), v.detail)
			}
		}
		if f, ok := conversion(ln); ok && needed(p, i) {
			if w, ok := skipValue(ln, vals, f); ok {
				add(omit(ln, vals, w), fmt.Sprintf("conversion by %s forgotten: step left out", f))
			}
		}
	case Skip:
		if needed(p, i) {
			if w, ok := skipValue(ln, vals, ""); ok {
				add(omit(ln, vals, w), "step left out")
			}
		}
	case Copy, Misread:
		question := numbersOf(p.Question)
		var sources []*big.Rat
		if k == Copy {
			sources = append(sources, question...)
			for _, prev := range p.Lines[:i] {
				for _, pt := range prev.parts {
					if pt.ann && pt.evalOK {
						sources = append(sources, carried(vals, pt.value))
					}
				}
			}
		}
		results := map[string]bool{}
		for _, pt := range ln.parts {
			if pt.ann {
				results[key(pt.value)] = true
			}
		}
		for _, opKey := range operandKeys(ln) {
			if results[opKey] {
				continue // a result of the line itself, used again in it
			}
			cur := carried(vals, ratOf(opKey))
			var ws []*big.Rat
			if k == Copy {
				ws = sources
			} else if vals[opKey] == nil && containsRat(question, cur) {
				for _, d := range slipDeltas {
					ws = append(ws, wrong(cur, d))
				}
			}
			seen := map[string]bool{key(cur): true}
			for _, w := range ws {
				if seen[key(w)] {
					continue
				}
				seen[key(w)] = true
				v2 := vals.clone()
				v2[opKey] = w
				if !exactLine(ln, v2) || !positiveLike(ln, ln, v2) {
					continue
				}
				rd := render(ln, v2, nil)
				if !shows(rd.text, w) {
					continue
				}
				what := "copied"
				if k == Misread {
					what = "misread as"
				}
				add(rd, fmt.Sprintf("%s %s %s", format(cur), what, format(w)))
				if first && len(out) > 0 {
					return out
				}
			}
		}
	}
	return out
}

// carried is the value a reference number has in the chain.
func carried(vals values, n *big.Rat) *big.Rat {
	if v := vals[key(n)]; v != nil {
		return v
	}
	return n
}

func ratOf(k string) *big.Rat {
	r, _ := new(big.Rat).SetString(k)
	return r
}

func numbersOf(text string) []*big.Rat {
	var out []*big.Rat
	seen := map[string]bool{}
	for _, m := range numRe.FindAllString(text, -1) {
		if n, ok := parseNum(m); ok && !seen[key(n)] {
			seen[key(n)] = true
			out = append(out, n)
		}
	}
	return out
}

func containsRat(list []*big.Rat, v *big.Rat) bool {
	for _, x := range list {
		if x.Cmp(v) == 0 {
			return true
		}
	}
	return false
}

// shows: the text writes v as one of its numbers.
func shows(text string, v *big.Rat) bool {
	for _, m := range numRe.FindAllString(text, -1) {
		if n, ok := parseNum(m); ok && n.Cmp(v) == 0 {
			return true
		}
	}
	return false
}

// operandKeys lists the numbers the line's calculations take, by key, in order.
func operandKeys(ln line) []string {
	var out []string
	seen := map[string]bool{}
	for _, pt := range ln.parts {
		if !pt.ann || !pt.evalOK {
			continue
		}
		for _, m := range numRe.FindAllString(pt.expr, -1) {
			n, _ := parseNum(m)
			if k := key(n); !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	return out
}

// exactLine: every calculation of the line is defined with vals and its result is written
// exactly (no rounding that a checker could call false).
func exactLine(ln line, vals values) bool {
	for _, pt := range ln.parts {
		if !pt.ann || !pt.evalOK {
			continue
		}
		v, err := evalExpr(pt.expr, vals)
		if err != nil {
			return false
		}
		if back, ok := parseNum(format(v)); !ok || back.Cmp(v) != 0 {
			return false
		}
	}
	return true
}

// positiveLike: every calculation of the slipped line v is positive where the reference's
// (ref) is: no chain counts -3 apples.
func positiveLike(ref, v line, vals values) bool {
	for j, pt := range v.parts {
		if !pt.ann || !pt.evalOK {
			continue
		}
		x, err := evalExpr(pt.expr, vals)
		if err != nil || (ref.parts[j].value.Sign() > 0 && x.Sign() <= 0) {
			return false
		}
	}
	return true
}

// needed: line i's result is used later, by a calculation or as the final answer.
func needed(p *Problem, i int) bool {
	res, ok := soleResult(p.Lines[i])
	if !ok {
		return false
	}
	k := key(res)
	if ans, _ := parseNum(p.Answer); ans != nil && key(ans) == k {
		return true
	}
	for _, later := range p.Lines[i+1:] {
		for _, kk := range operandKeys(later) {
			if kk == k {
				return true
			}
		}
	}
	return false
}

// soleResult is the result of a line with exactly one calculation, which evaluates.
func soleResult(ln line) (*big.Rat, bool) {
	var res *big.Rat
	for _, pt := range ln.parts {
		if !pt.ann {
			continue
		}
		if res != nil || !pt.evalOK {
			return nil, false
		}
		res = pt.value
	}
	return res, res != nil
}

// skipValue is what a chain that leaves line ln out uses for its result: the quantity the
// step started from (its first operand; for a conversion by factor, the other operand).
func skipValue(ln line, vals values, factor string) (*big.Rat, bool) {
	res, ok := soleResult(ln)
	if !ok {
		return nil, false
	}
	for _, pt := range ln.parts {
		if !pt.ann {
			continue
		}
		for _, m := range numRe.FindAllString(pt.expr, -1) {
			if m == factor {
				continue
			}
			n, _ := parseNum(m)
			w := carried(vals, n)
			if w.Cmp(carried(vals, res)) == 0 {
				return nil, false
			}
			return w, true
		}
	}
	return nil, false
}

// omit leaves line ln out: nothing is written, and its result is carried as w.
func omit(ln line, vals values, w *big.Rat) rendered {
	res, _ := soleResult(ln)
	out := rendered{vals: vals.clone()}
	out.vals[key(res)] = w
	return out
}

// A variant is a line with its calculation changed: another operation, or a conversion
// applied twice. The follower of a prefix tries them too, so a chain carries them.
type variant struct {
	ln     line
	kind   Kind
	detail string
}

// binaryRe reads a calculation of two numbers and one operation.
var binaryRe = regexp.MustCompile(`^\s*(\d+(?:\.\d+)?|\.\d+)\s*([-+*/])\s*(\d+(?:\.\d+)?|\.\d+)\s*$`)

// shownRe finds such a calculation written out before its "=", at the end of a text part.
var shownRe = regexp.MustCompile(`(\d[\d,]*(?:\.\d+)?|\.\d+)(\s*)([-+*/xX×÷])(\s*\$?\s*)(\d[\d,]*(?:\.\d+)?|\.\d+)(\s*=\s*\$?\s*)$`)

var otherOps = map[string][]string{"+": {"*", "-"}, "-": {"+"}, "*": {"+", "/"}, "/": {"*", "-"}}

// Conversion factors, and the words of a line that make a factor a conversion.
var unitWords = map[string][]string{
	"60":   {"minute", "hour", "second"},
	"3600": {"second", "hour"},
	"24":   {"hour", "day"},
	"7":    {"day", "week"},
	"52":   {"week", "year"},
	"365":  {"day", "year"},
	"12":   {"dozen", "inch", "foot", "feet", "month", "year"},
	"100":  {"cent", "percent", "%", "meter", "centimeter"},
	"1000": {"gram", "meter", "liter", "litre", "kilo", "milli"},
	"16":   {"ounce", "pound"},
	"3":    {"foot", "feet", "yard"},
	"4":    {"quart", "gallon", "quarter"},
}

// conversion: ln's one calculation multiplies or divides by a conversion factor its words
// name; the factor as written.
func conversion(ln line) (string, bool) {
	if _, ok := soleResult(ln); !ok {
		return "", false
	}
	var words strings.Builder
	var expr string
	for _, pt := range ln.parts {
		if pt.ann {
			expr = pt.expr
		} else {
			words.WriteString(strings.ToLower(pt.text))
		}
	}
	m := binaryRe.FindStringSubmatch(expr)
	if m == nil || (m[2] != "*" && m[2] != "/") {
		return "", false
	}
	cands := []string{m[3]}
	if m[2] == "*" {
		cands = append(cands, m[1])
	}
	for _, f := range cands {
		for _, w := range unitWords[f] {
			if strings.Contains(words.String(), w) {
				return f, true
			}
		}
	}
	return "", false
}

// variants lists the changed calculations of ln: each binary calculation with another
// operation, and, with unit, a conversion applied a second time. A calculation written out in
// the text is changed there too; one the text writes in a way not read here has no variant.
func variants(ln line, unit bool) []variant {
	var out []variant
	for j, pt := range ln.parts {
		if !pt.ann || !pt.evalOK {
			continue
		}
		m := binaryRe.FindStringSubmatch(pt.expr)
		if m == nil {
			continue
		}
		// Where the text writes the calculation out: the text part just before, ending in "=".
		var shown []int
		if j > 0 && !ln.parts[j-1].ann && strings.HasSuffix(strings.TrimRight(ln.parts[j-1].text, " $"), "=") {
			shown = shownRe.FindStringSubmatchIndex(ln.parts[j-1].text)
			if shown == nil || !sameNum(ln.parts[j-1].text[shown[2]:shown[3]], m[1]) || !sameNum(ln.parts[j-1].text[shown[10]:shown[11]], m[3]) {
				continue
			}
		}
		change := func(expr string, rewrite func(text string) string) line {
			v := line{parts: append([]part(nil), ln.parts...)}
			v.parts[j].expr, v.parts[j].forced = expr, true
			if shown != nil {
				v.parts[j-1].text = rewrite(v.parts[j-1].text)
			}
			return v
		}
		for _, op := range otherOps[m[2]] {
			op := op
			v := change(m[1]+op+m[3], func(text string) string {
				return text[:shown[6]] + showOp(op, text[shown[6]:shown[7]]) + text[shown[7]:]
			})
			out = append(out, variant{v, Operation, fmt.Sprintf("%s for %s", op, m[2])})
		}
		if f, ok := conversion(ln); ok && unit {
			v := change(m[1]+m[2]+m[3]+m[2]+f, func(text string) string {
				sp, op, sp2 := text[shown[4]:shown[5]], text[shown[6]:shown[7]], strings.ReplaceAll(text[shown[8]:shown[9]], "$", "")
				return text[:shown[11]] + sp + op + sp2 + f + text[shown[11]:]
			})
			out = append(out, variant{v, Unit, fmt.Sprintf("conversion by %s applied twice", f)})
		}
	}
	return out
}

func sameNum(a, b string) bool {
	x, ok1 := parseNum(a)
	y, ok2 := parseNum(b)
	return ok1 && ok2 && x.Cmp(y) == 0
}

// showOp writes operation op the way the text wrote the one it replaces (x for *, ÷ for /).
func showOp(op, was string) string {
	switch {
	case op == "*" && (was == "x" || was == "X" || was == "×"):
		return was
	case op == "/" && was == "÷":
		return was
	}
	return op
}

// A Mix is a named slip mix.
type Mix struct {
	Name  string
	Slips map[Kind]float64
}

// MeasuredMixes are the slip mixes of the measurements in docs/SEARCH.md and docs/LABELS.md:
// each kind alone at 0.15 per step it applies to (unit at 0.5: a conversion is about one step
// in thirty), and "mix", in which arithmetic slips are about a tenth of the slips made, as
// they are of real models' first errors (about 6 % on ProcessBench).
func MeasuredMixes() []Mix {
	return []Mix{
		{"arith", map[Kind]float64{Arith: 0.15}},
		{"operation", map[Kind]float64{Operation: 0.15}},
		{"copy", map[Kind]float64{Copy: 0.15}},
		{"skip", map[Kind]float64{Skip: 0.15}},
		{"unit", map[Kind]float64{Unit: 0.5}},
		{"misread", map[Kind]float64{Misread: 0.15}},
		{"mix", map[Kind]float64{Arith: 0.015, Operation: 0.035, Copy: 0.035, Skip: 0.035, Unit: 0.3, Misread: 0.035}},
	}
}
