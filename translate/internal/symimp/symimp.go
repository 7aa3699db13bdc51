// Package symimp decides equations in several unknowns derived one from
// another (docs/TRANSLATE.md, "Equations in several unknowns derived one
// from another"): the symbolic reader pairs the lines, this package reads
// the words between them and looks for a point where the first holds and
// the second fails.
//
// A rewriting may divide by a factor the writer knows is nonzero ("divide
// by b"), or keep one branch of a product: such a B still holds on a part
// of A's solutions. So a point is a witness only when every point found
// on A, solving for each name in turn, fails B, at least two points were
// found, and no name is zero at any of them: a B that holds on a
// component of A is met there and left alone.
package symimp

import (
	"math/big"
	"regexp"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Line is an equation line L = R, with its left minus right side read
// once and shared by copies.
type Line struct {
	L, R *symexpr.Expr
	d    *lineDiff
}

type lineDiff struct {
	done, ok bool
	r        algebra.Rat
}

// NewLine returns the line l = r.
func NewLine(l, r *symexpr.Expr) Line { return Line{L: l, R: r, d: &lineDiff{}} }

// Diff returns the line's left minus right side, read on first use.
func (l Line) Diff() (algebra.Rat, bool) {
	if !l.d.done {
		l.d.done = true
		r, err := symexpr.ToRat(&symexpr.Expr{Op: '-', L: l.L, R: l.R})
		l.d.r, l.d.ok = r, err == nil
	}
	return l.d.r, l.d.ok
}

// names is the sorted names of the line once terms cancel, "" when it
// cannot be read as a rational function.
func (l Line) names() string {
	d, ok := l.Diff()
	if !ok {
		return ""
	}
	return strings.Join(sortedNames(append(d.Num().Vars(), d.Den().Vars()...)), ",")
}

func sortedNames(vs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

// SeveralNames reports whether every line has two names written at least
// (one is the one-unknown reading's).
func SeveralNames(ls []Line) bool {
	for _, l := range ls {
		seen := map[string]bool{}
		if len(symexpr.Vars(l.R, seen, symexpr.Vars(l.L, seen, nil))) < 2 {
			return false
		}
	}
	return true
}

// PairNames reports whether each pair (a[k], b[k]) holds the same names,
// a[k] two at least. A single pair may drop names of the line before (a
// factor divided out, "a_1 + 5(r - 1)a_1 = r^2 a_1", "simplifying", "6 =
// 5r^2 - 4r"), never gain one (a substitution).
func PairNames(a, b []Line) bool {
	for k := range a {
		na, nb := a[k].names(), b[k].names()
		if na == "" || nb == "" || !strings.Contains(na, ",") {
			return false
		}
		if na != nb && (len(a) > 1 || !subsetNames(nb, na)) {
			return false
		}
	}
	return true
}

// impCueRE names an operation that turns one equation into the next.
var impCueRE = regexp.MustCompile(`\b(?:foil|equivalent|equivalently)\b|\b(?:simplif|expand|rearrang|combin|collect|moving|bring|distribut|cancel|rewrit|clear|reorganiz|transpos|factor|cross-multipl)`)

// impArithRE names an operation of arithmetic with an equation as its
// object ("multiply both sides by 4", "divide the equation by 2",
// "multiplying through"): "we add their ages and divide by 3" builds an
// expression, not the equation after it from the one before.
var impArithRE = regexp.MustCompile(`\b(?:add|adding|subtract\w*|divid\w*|multipl\w*)\b[^.;:]{0,24}?\b(?:sides?|equation|through|throughout|everything|this|it)\b`)

// impCue is impCueRE.MatchString(s) || impArithRE.MatchString(s), each
// pattern searched only when s holds one of the literal stems every
// match of it contains.
func impCue(s string) bool {
	return mathtext.HasAny(s, impCueStems...) && impCueRE.MatchString(s) ||
		mathtext.HasAny(s, "add", "subtract", "divid", "multipl") && impArithRE.MatchString(s)
}

// impCueStems are the stems of impCueRE ("equivalent" in both its words).
var impCueStems = []string{"foil", "equivalent", "simplif", "expand", "rearrang", "combin", "collect", "moving", "bring",
	"distribut", "cancel", "rewrit", "clear", "reorganiz", "transpos", "factor", "cross-multipl"}

// impSubstRE names something from elsewhere, a list or a system (read by
// impSubst, which the tests hold to it).
var impSubstRE = regexp.MustCompile(`substitut|plug|replac|\busing\b|\buse\b|eliminat|\bsolv|we know|from the|\bsince\b|because|given|recall|earlier|equations|\bsystem|\bpair|(?:first|second|third|other|last|previous|original)(?: \w+)? equation|equation\s*\(?\d|\beq\.|\bcase|\bif\b|suppose|assum|\bwhen\b|\bwhere\b|\bfor\b|\btry|\bcheck|\bverif|\bwith\b|\(\d+\)|\(\w\)|\beach\b|\bthese\b|\bthose\b|\btwo\b|\bboth\b|\bor\b|\bsquar|\bsqrt|\broot`)

// clearFracRE is "to eliminate the fractions": an operation's purpose,
// not a name eliminated between equations.
var clearFracRE = regexp.MustCompile(`eliminat\w* (?:the |all )?(?:fractions?|denominators?|decimals?)`)

// domainRE is a clause that only states the kind of number a name is
// ("where \(m\) is an integer", "where a and b are positive real
// numbers"): no equation from elsewhere, so no substitution. Pairs keeps a
// pair after such a clause only when the point that refutes it has whole
// coordinates, so that the claim fails for the integers too.
var domainRE = regexp.MustCompile(`\bwhere\s+(?:(?:\\\(|\$)\s*)?[a-z](?:\s*(?:\\\)|\$))?(?:\s*(?:,|and)\s*(?:(?:\\\(|\$)\s*)?[a-z](?:\s*(?:\\\)|\$))?)*\s+(?:is|are)\s+(?:an?\s+|some\s+)?(?:(?:positive|negative|nonnegative|non-negative|nonzero|non-zero)\s+)?(?:integers?|real\s+numbers?|whole\s+numbers?|natural\s+numbers?|rational\s+numbers?)\b`)

// arrowRE is an implication sign.
var arrowRE = regexp.MustCompile(`\\(?:implies|longrightarrow|rightarrow|to)\b|⇒|→|⟹`)

// quadRE is a space command.
var quadRE = regexp.MustCompile(`\\(?:quad|qquad)\b|\\[,;!]`)

// sentenceEndRE ends a sentence of the words between two runs.
var sentenceEndRE = regexp.MustCompile(`[.!?]\s+`)

// bareLeadRE is a sentence that only announces the equation ("we have:").
var bareLeadRE = regexp.MustCompile(`^\W*(?:so,? |then,? |thus,? |hence,? )?(?:we (?:have|get|obtain|find)|this gives( us)?|it becomes)\W*$`)

// lastSentences is the sentence of p that leads to the equation after it,
// with the one before when that one only announces it ("Rearrange the
// equation to isolate u. We have:"): an operation named earlier belongs
// to another statement ("The average is 13. To find it we divide by 3.
// So, we have: …" states a new equation).
func lastSentences(p string) string {
	if strings.IndexAny(p, ".!?") < 0 {
		return p // every end of a sentence opens with one of these
	}
	locs := sentenceEndRE.FindAllStringIndex(p, -1)
	if len(locs) == 0 {
		return p
	}
	last := p[locs[len(locs)-1][1]:]
	if !bareLeadRE.MatchString(last) {
		return last
	}
	if len(locs) == 1 {
		return p
	}
	return p[locs[len(locs)-2][1]:]
}

// ProseOK reports whether the words before a run name an operation on
// the run before and nothing that keeps the two apart.
func ProseOK(prose string, arrow bool) bool {
	if len(prose) > 240 {
		return false
	}
	p := strings.ReplaceAll(strings.ReplaceAll(prose, "both sides", "sides"), "each side", "side")
	if strings.Contains(p, "and ") {
		p = andOpRE.ReplaceAllString(p, "$1")
	}
	if strings.Contains(p, "eliminat") {
		p = clearFracRE.ReplaceAllString(p, " clear ")
	}
	if strings.Contains(p, "where") {
		p = domainRE.ReplaceAllString(p, " ")
	}
	if len(p) > 160 {
		return false
	}
	ls := lastSentences(p)
	ok := impCue(ls)
	if !ok {
		// Nothing but an implication sign ("\quad \Rightarrow \quad").
		// (arrowRE and quadRE match only at a backslash or at a sign whose
		// UTF-8 opens with 0xE2: without either, p is left as it is.)
		signs := strings.IndexByte(p, '\\') >= 0 || strings.IndexByte(p, 0xE2) >= 0
		bare := p
		if signs {
			bare = quadRE.ReplaceAllString(arrowRE.ReplaceAllString(p, " "), " ")
		}
		bare = strings.Trim(bare, " .,:;$\\[]()\n")
		ok = bare == "" && (arrow || signs && arrowRE.MatchString(p))
	}
	return ok && !listLeadRE.MatchString(p) && !impSubst(p)
}

// listLeadRE is words that open with "and": the equation after them is
// one more of a list ("x + y = 5 and, simplifying, 2x - y = 5").
var listLeadRE = regexp.MustCompile(`^\W*and\b`)

// listMark stands for a comma or semicolon between two math lines (the
// symbolic reader's mark).
const listMark = " listsep "

// listSeps are the separators of a list, made spaces.
var listSeps = strings.NewReplacer(listMark, " ", ",", " ", ";", " ")

// andOpRE is "and" before an operation word.
var andOpRE = regexp.MustCompile(`\band (simplif|combin|expand|collect|rearrang|rewrit)`)

// ListJoin reports words between two equation lines that join them into
// one list: nothing but punctuation, "and", "or", or a comma.
func ListJoin(prose string) bool {
	for _, f := range strings.Fields(listSeps.Replace(prose)) {
		switch strings.Trim(f, ".:$\\[]()") {
		case "", "and", "or":
		default:
			return false
		}
	}
	return true
}

// Witness is a point where the line before holds and the later one fails,
// with the later one's two sides there.
type Witness struct {
	At          map[string]*big.Rat
	Left, Right *big.Rat
}

// Follows reports the later line b scaled from a (it follows), and Apart
// the two left-minus-right sides differing by a nonzero constant (they
// share no solution).
func Follows(a, b Line) bool {
	da, okA := a.Diff()
	db, okB := b.Diff()
	return okA && okB && (da.Equal(db) || proportional(da.Num().Mul(db.Den()), db.Num().Mul(da.Den())))
}

// Apart reports a and b's left-minus-right sides differing by a nonzero
// constant.
func Apart(a, b Line) bool {
	da, okA := a.Diff()
	db, okB := b.Diff()
	if !okA || !okB {
		return false
	}
	d := da.Sub(db)
	return d.Num().Degree() == 0 && d.Den().Degree() == 0 && !d.Num().IsZero()
}

// Assignments reports lines that give names values rather than derive one
// equation from another: "x = 2y" then "y = …" (another unknown solved),
// or two definitions of one name ("y = 2x + 1", "y = 2x + 3": two lines).
func Assignments(a, b Line) bool {
	if a.L.Op == 'v' && b.R.Op == 'v' || a.R.Op == 'v' && b.L.Op == 'v' {
		return true
	}
	return a.L.Op == 'v' && b.L.Op == 'v' && symexpr.Plain(a.L) == symexpr.Plain(b.L) && !hasName(a.R, a.L) && !hasName(b.R, b.L)
}

// hasName reports whether e holds the lone name v.
func hasName(e, v *symexpr.Expr) bool {
	name := symexpr.Plain(v)
	for _, n := range symexpr.Vars(e, map[string]bool{}, nil) {
		if n == name {
			return true
		}
	}
	return false
}

// Refute looks for a witness that b does not follow from a, as the
// package documentation says; ok is false when it finds none.
func Refute(a, b Line) (w Witness, ok bool) {
	da, okA := a.Diff()
	db, okB := b.Diff()
	if !okA || !okB || da.Num().IsZero() || db.Num().IsZero() || da.Num().Degree() > 6 || da.Num().Terms() > 40 || Follows(a, b) {
		return w, false
	}
	fixed, q, ok := droppedFactor(da.Num(), db)
	if !ok {
		return w, false
	}
	nonzero := func(p algebra.Poly, at map[string]*big.Rat) bool {
		v, err := p.Eval(at)
		return err == nil && v.Sign() != 0
	}
	found, held := 0, false
	pointsOn(q, func(at map[string]*big.Rat) (onA, more bool) {
		for v, x := range fixed {
			at[v] = x
		}
		if !nonzero(da.Den(), at) {
			return false, true
		}
		if !nonzero(db.Den(), at) {
			return true, true // b undefined there: neither a witness nor a support
		}
		if !nonzero(db.Num(), at) {
			held = true // b holds (or may, a divisor inside aside) on part of a's solutions
			return true, false
		}
		// The witness as written: every divisor nonzero, a's sides
		// equal, b's not.
		l, err1 := symexpr.Eval(a.L, at)
		r, err2 := symexpr.Eval(a.R, at)
		x, err3 := symexpr.Eval(b.L, at)
		y, err4 := symexpr.Eval(b.R, at)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil || l.Cmp(r) != 0 || x.Cmp(y) == 0 {
			return true, true
		}
		found++
		if w.At == nil {
			w = Witness{At: at, Left: x, Right: y}
		}
		return true, true
	})
	return w, !held && found >= 2
}

// proportional reports p = c·q for a nonzero constant c: c is read at a
// point where q is nonzero, then p - c·q must vanish.
func proportional(p, q algebra.Poly) bool {
	if p.IsZero() || q.IsZero() {
		return false
	}
	vars := sortedNames(append(p.Vars(), q.Vars()...))
	for k := int64(0); k < 6; k++ {
		at := map[string]*big.Rat{}
		for i, v := range vars {
			at[v] = big.NewRat(3+k*5+int64(i)*11, 2)
		}
		yp, err1 := p.Eval(at)
		yq, err2 := q.Eval(at)
		if err1 != nil || err2 != nil || yq.Sign() == 0 {
			continue
		}
		c := new(big.Rat).Quo(yp, yq)
		return c.Sign() != 0 && p.Sub(q.Mul(algebra.Const(c))).IsZero()
	}
	return false
}

// droppedFactor returns, when B drops names of A, the values they take at
// every witness (2) and A's polynomial there; the dropped names must make
// a factor of their own (pa = m·q with m in the dropped names only, q in
// the others: pa at two other values of them is q scaled), so that A with
// m ≠ 0 is q = 0 whatever they are. With no name dropped it returns pa.
func droppedFactor(pa algebra.Poly, db algebra.Rat) (map[string]*big.Rat, algebra.Poly, bool) {
	nb := map[string]bool{}
	for _, v := range append(db.Num().Vars(), db.Den().Vars()...) {
		nb[v] = true
	}
	var dropped []string
	for _, v := range pa.Vars() {
		if !nb[v] {
			dropped = append(dropped, v)
		}
	}
	if len(dropped) == 0 {
		return nil, pa, true
	}
	at := func(base int64) (algebra.Poly, bool) {
		q := pa
		for i, v := range dropped {
			var err error
			if q, err = q.Subst(v, algebra.Const(big.NewRat(base+int64(i)*base, 1))); err != nil {
				return q, false
			}
		}
		return q, !q.IsZero() && q.Degree() > 0
	}
	q2, ok2 := at(2)
	q3, ok3 := at(3)
	q5, ok5 := at(5)
	if !ok2 || !ok3 || !ok5 || !proportional(q2, q3) || !proportional(q2, q5) {
		return nil, q2, false
	}
	fixed := map[string]*big.Rat{}
	for i, v := range dropped {
		fixed[v] = big.NewRat(2+int64(i)*2, 1)
	}
	return fixed, q2, true
}

// subsetNames reports whether every name of the list sub is in the list of.
func subsetNames(sub, of string) bool {
	in := map[string]bool{}
	for _, v := range strings.Split(of, ",") {
		in[v] = true
	}
	for _, v := range strings.Split(sub, ",") {
		if !in[v] {
			return false
		}
	}
	return true
}

// impValues are the values the other names take while one name is solved
// for: small, nonzero, with fractions, so that a factor such as 4 - a²
// meets a square (12/5, 3/4, 5/12, 8/15 make 1 + x² one, 6/5 and 8/5 make
// 4 - x² one).
var impValues = []*big.Rat{big.NewRat(2, 1), big.NewRat(3, 1), big.NewRat(-1, 1), big.NewRat(5, 1), big.NewRat(1, 2), big.NewRat(12, 5),
	big.NewRat(6, 5), big.NewRat(3, 4), big.NewRat(7, 1), big.NewRat(-8, 5), big.NewRat(4, 3), big.NewRat(-3, 2),
	big.NewRat(1, 1), big.NewRat(-2, 1), big.NewRat(4, 1), big.NewRat(-5, 12), big.NewRat(8, 15), big.NewRat(11, 1)}

// impTries is how many sets of values the other names take while one
// name is solved for (and 36 over the names of the equation, all told).
const impTries = 18

// pointsOn visits up to two points per name of p, with every name
// nonzero, where p vanishes: each name in turn solved for (a rational
// root of p in it) with the others fixed, the names p is linear in first.
// visit says whether the point counts (onA) and whether to go on.
func pointsOn(p algebra.Poly, visit func(map[string]*big.Rat) (onA, more bool)) {
	vars := sortedNames(p.Vars())
	sort.SliceStable(vars, func(i, j int) bool { return p.DegreeIn(vars[i]) < p.DegreeIn(vars[j]) })
	calls := 0 // root tests by trial division (degree 3 and 4), bounded per equation
	for vi, v := range vars {
		if d := p.DegreeIn(v); d == 0 || d > 4 {
			continue
		}
		found := 0
		for try := 0; try < impTries && try < 36/len(vars) && found < 2; try++ {
			at := map[string]*big.Rat{}
			q := p
			ok := true
			for k, o := range vars {
				if o == v {
					continue
				}
				val := impValues[(try+3*k+vi)%len(impValues)]
				at[o] = val
				var err error
				if q, err = q.Subst(o, algebra.Const(val)); err != nil {
					ok = false
					break
				}
			}
			if !ok || q.IsZero() || q.Degree() == 0 {
				continue
			}
			if q.DegreeIn(v) > 2 {
				if calls++; calls > 6 {
					continue
				}
			}
			roots, ok := smallRoots(q, v)
			if !ok {
				continue
			}
			for _, r := range roots {
				if r.Sign() == 0 {
					continue
				}
				pt := make(map[string]*big.Rat, len(at)+1)
				for k, x := range at {
					pt[k] = x
				}
				pt[v] = r
				onA, more := visit(pt)
				if !more {
					return
				}
				if onA {
					found++
					break
				}
			}
		}
	}
}

// smallRoots returns the rational roots of q in v: directly when q is
// linear, by the rational root test when its coefficients are small (the
// test divides by trial), else not at all.
func smallRoots(q algebra.Poly, v string) ([]*big.Rat, bool) {
	c, err := q.Coeffs(v)
	if err != nil || len(c) < 2 {
		return nil, false
	}
	if len(c) == 2 {
		if c[1].Sign() == 0 {
			return nil, false
		}
		return []*big.Rat{new(big.Rat).Neg(new(big.Rat).Quo(c[0], c[1]))}, true
	}
	if len(c) == 3 && c[2].Sign() != 0 {
		// A quadratic: its roots are rational when the discriminant is
		// the square of a rational.
		disc := new(big.Rat).Mul(c[1], c[1])
		disc.Sub(disc, new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Mul(c[2], c[0])))
		r, ok := ratSqrt(disc)
		if !ok {
			return nil, true
		}
		two := new(big.Rat).Mul(big.NewRat(2, 1), c[2])
		nb := new(big.Rat).Neg(c[1])
		return []*big.Rat{new(big.Rat).Quo(new(big.Rat).Add(nb, r), two), new(big.Rat).Quo(new(big.Rat).Sub(nb, r), two)}, true
	}
	for _, x := range c {
		if x.Num().BitLen() > 32 || x.Denom().BitLen() > 16 {
			return nil, false
		}
	}
	roots, err := algebra.RationalRoots(q, v, 128)
	return roots, err == nil
}

// ratSqrt returns the rational square root of x ≥ 0 when there is one.
func ratSqrt(x *big.Rat) (*big.Rat, bool) {
	if x.Sign() < 0 {
		return nil, false
	}
	n, d := new(big.Int).Sqrt(x.Num()), new(big.Int).Sqrt(x.Denom())
	if new(big.Int).Mul(n, n).Cmp(x.Num()) != 0 || new(big.Int).Mul(d, d).Cmp(x.Denom()) != 0 {
		return nil, false
	}
	return new(big.Rat).SetFrac(n, d), true
}
