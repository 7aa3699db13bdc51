package recfn

import (
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Limits of a definition by cases: its rows, the bytes between the head
// and the environment.
const (
	maxRows = 6
	maxGap  = 60
)

// piece is one row of a definition by cases: its body and its condition,
// a parity (0 none, 1 even, 2 odd) and comparisons of the argument, or
// "otherwise".
type piece struct {
	body   *node
	parity int
	cmps   []cmp
	other  bool
}

// cmp is a comparison of the argument with a number: op is one of < ≤ >
// ≥ (written "<", "<=", ">", ">=").
type cmp struct {
	op string
	c  *big.Rat
}

var (
	// casesHeadRE is the head of a definition by cases: "f(x) =" before
	// "\begin{cases}" or "\left\{": groups the name and the parameter.
	casesHeadRE = regexp.MustCompile(`([a-zA-Z])\s*\(\s*([a-z])\s*\)\s*=\s*(?:\\left\s*\\\{|\\begin\{cases\})`)
	// casesVetoRE in the problem: the definition may hold a parameter or
	// be one of several.
	casesVetoRE = regexp.MustCompile(`\b(?:all\s+functions|continuous|functional|satisf\w*|for\s+all|for\s+every|suppose|assume)\b`)
	// askRE in a sentence of the problem: it asks or sets an equation to
	// solve ("Find x such that f(x) = 0").
	askRE = regexp.MustCompile(`\b(?:find|compute|evaluate|determine|what|solve|such\s+that|value|values|how)\b`)
	// relRE is a comparison in a row's condition: an optional lower
	// number and relation, the parameter, a relation and a number.
	relRE = regexp.MustCompile(`^(?:([-0-9./]+)\s*(<=|>=|<|>)\s*)?([a-z])\s*(<=|>=|<|>)\s*([-0-9./]+)$`)
	// parityRE is a parity condition: "n is even", "n is an odd integer",
	// "n even".
	parityRE = regexp.MustCompile(`^([a-z])\s+(?:is\s+)?(?:an\s+)?(even|odd)(?:\s+(?:positive\s+|nonnegative\s+)?(?:integer|number))?$`)
)

// readCases reads a function the problem defines by cases, "f(x) =
// \begin{cases} 2x + 1 & \text{if } x \le 3 \\ 8 - 4x & \text{if } x > 3
// \end{cases}", or nil. Only one head, rows of a body and one condition
// each (a parity, comparisons with numbers, "otherwise"), and no other
// equality in the function outside a question.
func readCases(problem string) *Def {
	if len(problem) > maxText || !strings.Contains(problem, `\begin{cases}`) && !strings.Contains(problem, `\begin{array}`) {
		return nil
	}
	heads := casesHeadRE.FindAllStringSubmatchIndex(problem, 2)
	if len(heads) != 1 {
		return nil
	}
	low := mathtext.LowerPlain(problem)
	if casesVetoRE.MatchString(low) {
		return nil
	}
	h := heads[0]
	name, param := problem[h[2]:h[3]], problem[h[4]:h[5]]
	envS, envE, ok := environment(problem, h[0])
	if !ok {
		return nil
	}
	d := &Def{Name: name, starts: map[int64]*big.Rat{}, memo: map[int64]*big.Rat{}}
	rows := strings.Split(problem[envS:envE], `\\`)
	for len(rows) > 0 && strings.TrimSpace(rows[len(rows)-1]) == "" {
		rows = rows[:len(rows)-1]
	}
	if len(rows) < 2 || len(rows) > maxRows {
		return nil
	}
	others := 0
	for _, row := range rows {
		cols := strings.Split(row, "&")
		if len(cols) != 2 {
			return nil
		}
		body, ok := parseExpr(strings.TrimRight(strings.TrimSpace(cols[0]), ",.;"), name, param[0])
		if !ok {
			return nil
		}
		pc, ok := condition(cols[1], param)
		if !ok {
			return nil
		}
		if pc.other {
			others++
		}
		if pc.parity != 0 {
			d.intParity = true
		}
		pc.body = body
		d.pieces = append(d.pieces, pc)
	}
	if others > 1 || others == 1 && !d.pieces[len(d.pieces)-1].other {
		return nil
	}
	d.minArg = -maxArg
	if d.intParity {
		switch {
		case strings.Contains(low, "positive integer"):
			d.minArg = 1
		case strings.Contains(low, "nonnegative integer") || strings.Contains(low, "non-negative integer"):
			d.minArg = 0
		case !strings.Contains(low, "integer"):
			return nil
		}
	}
	// The problem's other math with the function: a question, or a chain
	// that holds under the reading.
	for _, r := range mathtext.TextRegions(problem) {
		src := problem[r.S:r.E]
		if r.OS <= h[0] && h[0] < r.CE || !strings.Contains(src, name+"(") || !strings.Contains(src, "=") {
			continue
		}
		if askRE.MatchString(low[listcond.SentenceStart(low, r.S):listcond.SentenceEnd(low, r.E)]) {
			continue
		}
		if ok, known := d.holds(src); !known || !ok {
			return nil
		}
	}
	return d
}

// environment is the body of the cases or array environment that starts
// within maxGap bytes after at (the head's start): its inner start and end.
func environment(problem string, at int) (int, int, bool) {
	rest := problem[at:]
	b := strings.Index(rest, `\begin{`)
	if b < 0 || b > maxGap {
		return 0, 0, false
	}
	s := at + b
	var end string
	switch {
	case strings.HasPrefix(problem[s:], `\begin{cases}`):
		s += len(`\begin{cases}`)
		end = `\end{cases}`
	case strings.HasPrefix(problem[s:], `\begin{array}`):
		s += len(`\begin{array}`)
		if k := strings.IndexByte(problem[s:], '}'); k >= 0 && k < 12 && strings.HasPrefix(problem[s:], "{") {
			s += k + 1
		} else {
			return 0, 0, false
		}
		end = `\end{array}`
	default:
		return 0, 0, false
	}
	e := strings.Index(problem[s:], end)
	if e < 0 {
		return 0, 0, false
	}
	return s, s + e, true
}

// condition reads one row's condition in the parameter.
func condition(src, param string) (piece, bool) {
	r := strings.NewReplacer(`\text`, " ", `\mbox`, " ", `\textrm`, " ", `\mathrm`, " ", "{", " ", "}", " ", `\quad`, " ", `\qquad`, " ", `\,`, " ", `\;`, " ", `\leq`, "<=", `\geq`, ">=", `\le`, "<=", `\ge`, ">=", "≤", "<=", "≥", ">=", `\lt`, "<", `\gt`, ">", "$", " ")
	s := strings.ToLower(r.Replace(src))
	s = strings.Join(strings.Fields(strings.Trim(strings.TrimSpace(s), ",.;")), " ")
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(s, "if "), "when "))
	s = strings.TrimSpace(strings.Trim(s, ",.;"))
	if s == "otherwise" || s == "else" {
		return piece{other: true}, true
	}
	var pc piece
	for _, part := range strings.Split(s, " and ") {
		part = strings.TrimSpace(part)
		if m := parityRE.FindStringSubmatch(part); m != nil && m[1] == param && pc.parity == 0 {
			pc.parity = 1
			if m[2] == "odd" {
				pc.parity = 2
			}
			continue
		}
		m := relRE.FindStringSubmatch(part)
		if m == nil || m[3] != param {
			return piece{}, false
		}
		if m[1] != "" {
			c, ok := number(m[1])
			if !ok {
				return piece{}, false
			}
			// "a < x": x > a.
			pc.cmps = append(pc.cmps, cmp{op: flip(m[2]), c: c})
		}
		c, ok := number(m[5])
		if !ok {
			return piece{}, false
		}
		pc.cmps = append(pc.cmps, cmp{op: m[4], c: c})
	}
	return pc, pc.parity != 0 || len(pc.cmps) > 0
}

// flip turns a relation written before the parameter around.
func flip(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	}
	return "<="
}

// number reads a whole number, a decimal or a quotient a/b.
func number(s string) (*big.Rat, bool) {
	if strings.Count(s, "/") > 1 || strings.Count(s, "-") > 1 || strings.Contains(s, "-") && !strings.HasPrefix(s, "-") {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// holdsAt reports whether the piece's condition holds at k (never for
// "otherwise", which selectPiece decides).
func (pc *piece) holdsAt(k int64) bool {
	if pc.other {
		return false
	}
	if pc.parity == 1 && k%2 != 0 || pc.parity == 2 && k%2 == 0 {
		return false
	}
	x := big.NewRat(k, 1)
	for _, c := range pc.cmps {
		t := x.Cmp(c.c)
		switch c.op {
		case "<":
			if t >= 0 {
				return false
			}
		case "<=":
			if t > 0 {
				return false
			}
		case ">":
			if t <= 0 {
				return false
			}
		case ">=":
			if t < 0 {
				return false
			}
		}
	}
	return true
}

// selectPiece is the one piece whose condition holds at k, the
// "otherwise" piece when none does, or nil when none or several do.
func (d *Def) selectPiece(k int64) *piece {
	var got, other *piece
	for i := range d.pieces {
		pc := &d.pieces[i]
		if pc.other {
			other = pc
			continue
		}
		if pc.holdsAt(k) {
			if got != nil {
				return nil
			}
			got = pc
		}
	}
	if got == nil {
		return other
	}
	return got
}
