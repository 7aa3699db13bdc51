package arith

import "github.com/leanprm/leanprm/translate/internal/mathtext"

// The sides of a run's relations: where a run splits, what each side holds, and the side that a running computation carries forward.

// SideInfo is one side of a relation chain.
type SideInfo struct {
	Items  []mathtext.Item
	N      Node
	Err    string
	negPow bool
	S, E   int
	Roots  bool // sqrt-side obligations already emitted
}

func (s *SideInfo) OK() bool { return s.N != nil }

// SplitRun splits a run at its relation signs.
func SplitRun(r mathtext.Run, maxExp int) ([]*SideInfo, []string) {
	items := r.Items
	// Outer brackets around a whole claim: "(3 + 4 = 7)".
	for len(items) >= 2 && items[0].K == mathtext.TOpen && matchFwd(items, 0) == len(items)-1 && relInside(items) {
		items = items[1 : len(items)-1]
	}
	// A bracket opened in the prose before the run, or closed after it.
	for len(items) > 0 && items[0].K == mathtext.TOpen && matchFwd(items, 0) < 0 {
		items = items[1:]
	}
	for len(items) > 0 && items[len(items)-1].K == mathtext.TClose && mathtext.MatchBack(items, len(items)-1) < 0 {
		items = items[:len(items)-1]
	}
	// A bracket opened at the end of the run, or closed at its start:
	// "0.67 (or …", "…) = 5". A bracket glued to the operand before it
	// opens a factor the run could not read ("1 + 2(ab + bc)"): the side
	// is then unread, never cut short to "1 + 2".
	for n := len(items); n > 0 && items[n-1].K == mathtext.TOpen; n = len(items) {
		if n >= 2 && !items[n-1].SpaceBefore && gluedFactor(items[n-2].K) {
			break
		}
		items = items[:n-1]
	}
	for len(items) > 0 && items[0].K == mathtext.TClose {
		items = items[1:]
	}
	n := 0 // the relations, counted first: the sides and relations allocated once
	for i := range items {
		if items[i].K == mathtext.TRel {
			n++
		}
	}
	sides := make([]*SideInfo, 0, n+1)
	infos := make([]SideInfo, n+1) // the sides themselves, in one allocation
	var rels []string
	if n > 0 {
		rels = make([]string, 0, n)
	}
	// A relation inside brackets splits too: its sides then fail to parse.
	start := 0
	for i := range items {
		if it := &items[i]; it.K == mathtext.TRel {
			sides = append(sides, readSide(&infos[len(sides)], items[start:i], maxExp))
			rels = append(rels, it.Text)
			start = i + 1
		}
	}
	sides = append(sides, readSide(&infos[len(sides)], items[start:], maxExp))
	if last := sides[len(sides)-1]; len(sides) > 1 && last.OK() {
		// "3/3 - 2/3 = 1/3 of $150 left": the value may be 1/3, of the
		// money, or 1/3 * 150. Nothing computed after it tells.
		if b, ok := last.N.(*BinNode); ok && b.of && b.alt == nil {
			b.alt, b.altKind, b.altSym = b.L, readOfProse, true
		}
	}
	return sides, rels
}

// readOfProse reads "… = 1/3 of $150" as the value 1/3, the rest prose.
const readOfProse = "the value before \"of\", the rest prose"

// AltKinds lists the other readings the nodes of n carry, with whether
// the text leaves the choice open (altSym).
func AltKinds(ns ...Node) map[string]bool {
	out := map[string]bool{}
	for _, n := range ns {
		walk(n, func(x Node) {
			if b, ok := x.(*BinNode); ok && b.alt != nil {
				out[b.altKind] = out[b.altKind] || b.altSym
			}
		})
	}
	return out
}

// hasPercent reports a percentage literal anywhere in n.
func hasPercent(n Node) bool {
	found := false
	walk(n, func(x Node) {
		if m, ok := x.(*NumNode); ok && m.Lit.Percent {
			found = true
		}
	})
	return found
}

// gluedFactor reports a token kind that a bracket glued after it multiplies.
func gluedFactor(k mathtext.TokKind) bool {
	return k == mathtext.TNum || k == mathtext.TVar || k == mathtext.TClose
}

func relInside(items []mathtext.Item) bool {
	for i := range items {
		if items[i].K == mathtext.TRel {
			return true
		}
	}
	return false
}

func matchFwd(items []mathtext.Item, i int) int {
	depth := 0
	for k := i; k < len(items); k++ {
		switch items[k].K {
		case mathtext.TOpen:
			depth++
		case mathtext.TClose:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// readSide reads the side items into s, a zero SideInfo the caller
// allocated (SplitRun: a run's sides in one array), and returns s.
func readSide(s *SideInfo, items []mathtext.Item, maxExp int) *SideInfo {
	s.Items = items
	if len(items) == 0 {
		s.Err = "nothing on this side of the relation"
		return s
	}
	s.S, s.E = items[0].S, items[len(items)-1].E
	if why := notation(items); why != "" {
		s.Err = why
		return s
	}
	n, negPow, err := parseSide(items, maxExp)
	if err != nil {
		s.Err = err.Error()
		return s
	}
	s.N, s.negPow = n, negPow
	return s
}

// notation rejects spellings that look like arithmetic but are not:
// ranges (2-3 hours, pages 10-20) and dates (12/25/2023, 2023-10-05).
func notation(items []mathtext.Item) string {
	isInt := func(it mathtext.Item) bool {
		return it.K == mathtext.TNum && it.Num.IntLit && !it.Num.Percent && !it.Num.Currency
	}
	glued := func(i int) bool { return !items[i].SpaceBefore }
	for i := 0; i+2 < len(items); i++ {
		a, op, b := items[i], items[i+1], items[i+2]
		if !isInt(a) || op.K != mathtext.TOp || !isInt(b) || !glued(i+1) || !glued(i+2) || a.Math {
			continue
		}
		if (op.Src == "/" || op.Src == "-") && i+4 < len(items) && items[i+3].K == mathtext.TOp && items[i+3].Src == op.Src &&
			glued(i+3) && glued(i+4) && isInt(items[i+4]) && (i == 0 || items[i-1].K != mathtext.TOp) &&
			(i+5 >= len(items) || items[i+5].K != mathtext.TOp) && isDate(op.Src, a.Num.Canon, b.Num.Canon, items[i+4].Num.Canon) {
			return "a date"
		}
		// A range stands alone: nothing is computed on either end of it.
		before := i == 0 || items[i-1].K != mathtext.TOp
		after := i+3 >= len(items) || items[i+3].K != mathtext.TOp
		if op.Src == "-" && a.Num.Val.Cmp(b.Num.Val) < 0 && before && after {
			return "a range (" + a.Num.Canon + "-" + b.Num.Canon + ")"
		}
	}
	return ""
}

// isDate reports day/month/year shapes: y-m-d and d-m-y with a
// four-digit year, m/d/y and d/m/y with a two- or four-digit year.
func isDate(sep, a, b, c string) bool {
	small := func(s string, max int) bool {
		n := 0
		for _, ch := range s {
			n = n*10 + int(ch-'0')
		}
		return len(s) <= 2 && n >= 1 && n <= max
	}
	switch {
	case len(a) == 4 && small(b, 12) && small(c, 31):
		return true
	case small(a, 31) && small(b, 31) && len(c) == 4:
		return true
	case sep == "/" && small(a, 31) && small(b, 31) && len(c) == 2:
		return true
	}
	return false
}

// Lone reports a side that is a single literal, possibly negated.
func Lone(n Node) (*NumNode, bool) {
	switch n := n.(type) {
	case *NumNode:
		return n, true
	case *negNode:
		if m, ok := n.x.(*NumNode); ok {
			return m, true
		}
	}
	return nil, false
}

// leftmostLiteral is the first number a reader meets in n.
func leftmostLiteral(n Node) *NumNode {
	for {
		switch m := n.(type) {
		case *BinNode:
			n = m.L
		case *powNode:
			return nil
		case *NumNode:
			return m
		default:
			return nil
		}
	}
}

// SlashValue reports that the value a running computation carries (run,
// from Running) is written glued to a slash and a number ("= 100/2.5 =
// 36"): a/b written so is one quantity as much as a result carried
// forward, and the text does not say which it means.
func SlashValue(B, run *SideInfo) bool {
	for k, it := range B.Items {
		if it.S != run.S {
			continue
		}
		return k+2 < len(B.Items) && B.Items[k+1].K == mathtext.TOp && B.Items[k+1].Src == "/" && !B.Items[k+1].SpaceBefore &&
			B.Items[k+2].K == mathtext.TNum && !B.Items[k+2].SpaceBefore
	}
	return false
}

// Running detects "A = x op … " where x is A's value but the whole right
// side is not: the writer carried a result forward. It returns the side
// holding just x.
func (c *ClaimCtx) Running(A, B *SideInfo) (*SideInfo, bool) {
	if _, ok := B.N.(*BinNode); !ok {
		return nil, false
	}
	x := leftmostLiteral(B.N)
	if x == nil {
		return nil, false
	}
	env := &EvalEnv{Vars: c.Vars, MaxBits: c.MaxBits, MaxExp: c.MaxExp}
	a, err1 := env.Eval(A.N)
	b, err2 := env.Eval(B.N)
	if err1 != nil || err2 != nil || a.V.Cmp(b.V) == 0 {
		return nil, false
	}
	if a.V.Cmp(x.Lit.Val) != 0 || x.Lit.Percent {
		return nil, false
	}
	return &SideInfo{N: x, S: x.S, E: x.E, Items: nil, Roots: true}, true
}
