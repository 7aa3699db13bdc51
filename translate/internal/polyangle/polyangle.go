// Package polyangle decides facts stated in words about the angles and the
// diagonals of a polygon named by its number of sides (docs/TRANSLATE.md,
// "Angles and diagonals of a polygon"): "the sum of the interior angles of
// a hexagon is 720°", "each interior angle of a regular octagon is 135°",
// "each exterior angle of a regular decagon is 36 degrees", "a heptagon has
// 14 diagonals". A simple polygon with n sides has interior angles summing
// to (n − 2)·180° and n(n − 3)/2 diagonals; a regular one has interior
// angles of (n − 2)·180°/n and exterior angles of 360°/n.
//
// Read only with a polygon named by its sides ("pentagon", "12-gon"), a
// count or a whole number of degrees (a decimal or a true value that is not
// whole may be rounded), a claim that ends its clause, and a sentence that
// neither supposes, tests or approximates, nor names a star, a sphere or
// radians, under a problem that names no other geometry (a sphere, the
// hyperbolic plane) or star polygons. Only false facts make obligations.
package polyangle

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a sentence read, the claims of a step, the sides
// of a polygon.
const (
	maxText     = 20000
	maxSentence = 600
	maxOut      = 2
	maxSides    = 1_000_000
)

const (
	poly = `(triangle|quadrilateral|pentagon|hexagon|heptagon|octagon|nonagon|enneagon|decagon|hendecagon|undecagon|dodecagon|\d{1,7}\s*-\s*gon)`
	deg  = `\s*(?:°|\^\s*\\?circ\b|\^\s*o\b|degrees?\b)`
)

var (
	// sumRE: "the sum of the interior angles of a hexagon is 720°".
	// Groups: the polygon, the degrees.
	sumRE = regexp.MustCompile(`sum\s+of\s+(?:the\s+|all\s+(?:the\s+)?|its\s+)?(?:interior\s+|internal\s+)?(?:angles|angle\s+measures|measures\s+of\s+the\s+(?:interior\s+)?angles)\s+(?:of|in)\s+(?:a|an|the|any|every|each)\s+(?:convex\s+|regular\s+|simple\s+)?` +
		poly + `\s+(?:is|equals|=|totals?|adds\s+up\s+to|will\s+be)\s+(?:always\s+|exactly\s+)?(\d{1,9})` + deg)
	// eachRE: "each interior angle of a regular octagon is 135°". Groups:
	// "exterior", the polygon, the degrees.
	eachRE = regexp.MustCompile(`(?:each|every|one|an?)\s+(?:(?:interior|internal)\s+|(exterior|external)\s+)?angle\s+(?:of|in)\s+(?:a|an|the|any)\s+regular\s+` +
		poly + `\s+(?:is|measures|equals|=|has\s+(?:a\s+)?measure(?:\s+of)?)\s+(?:exactly\s+)?(\d{1,9})` + deg)
	// diagRE: "a heptagon has 14 diagonals", "the number of diagonals of a
	// decagon is 35". Groups: the polygon and the count, in either order.
	diagRE = regexp.MustCompile(`(?:(?:a|an|any|every)\s+(?:convex\s+|regular\s+)?` + poly + `\s+has\s+(?:exactly\s+)?(\d{1,12})\s+diagonals|number\s+of\s+diagonals\s+(?:of|in)\s+(?:a|an|any)\s+(?:convex\s+|regular\s+)?` +
		poly + `\s+is\s+(?:exactly\s+)?(\d{1,12})\b)`)
	// vetoRE in the sentence: supposed, tested, approximate, another
	// geometry or unit.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|need|needs|want|whether|check|checking|test|testing|try|verify|such\s+that|unless|wrong|incorrect|incorrectly|mistake|error|false|not\s+true|claim|claims|approximately|about|roughly|nearly|almost|star|stars|spherical|sphere|hyperbolic|self-intersecting|crossed|radians?)\b|\?|≈|\\approx`)
)

// problemVetoRE in the problem: a geometry other than the plane's, or
// polygons that may cross themselves.
var problemVetoRE = regexp.MustCompile(`\b(?:sphere|spheres|spherical|globe|earth|hyperbolic|elliptic|star|stars|self-intersecting|crossed|non-simple)\b`)

// names are the sides of the polygons named in words.
var names = map[string]int64{
	"triangle": 3, "quadrilateral": 4, "pentagon": 5, "hexagon": 6, "heptagon": 7, "octagon": 8,
	"nonagon": 9, "enneagon": 9, "decagon": 10, "hendecagon": 11, "undecagon": 11, "dodecagon": 12,
}

// Read returns the refutations of the false facts about the angles and
// diagonals of a polygon in the step's sentences.
func Read(step int, problem, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || len(problem) > maxText || !strings.Contains(text, "gon") && !strings.Contains(text, "triangle") && !strings.Contains(text, "quadrilateral") {
		return nil
	}
	if !strings.Contains(text, "angle") && !strings.Contains(text, "diagonals") {
		return nil
	}
	problemChecked := false // problemVetoRE is looked for once, and only when a claim is read
	var out []obligation.Obligation
	done := 0
	na, nd := -2, -2 // the next "angle" and "diagonals" at or after i (-2: not looked for, -1: none)
	for i := 0; i < len(text) && len(out) < maxOut; {
		if na == -2 || na >= 0 && na < i {
			na = index(text, i, "angle")
		}
		if nd == -2 || nd >= 0 && nd < i {
			nd = index(text, i, "diagonals")
		}
		k := na
		if k < 0 || nd >= 0 && nd < k {
			k = nd
		}
		if k < 0 {
			break
		}
		i = k + 1
		if i < done {
			continue
		}
		s, e := mathtext.SentenceSpan(text, i, maxSentence, ".?", true)
		done = e
		if e-s > maxSentence {
			continue
		}
		flat, at := mathtext.FlattenLower(text, s, e)
		cs := claims(flat)
		if len(cs) == 0 || vetoRE.MatchString(flat) {
			continue
		}
		if !problemChecked {
			if problemVetoRE.MatchString(strings.ToLower(problem)) {
				return nil
			}
			problemChecked = true
		}
		for _, c := range cs {
			if len(out) >= maxOut {
				break
			}
			if o, ok := decide(step, text, at, c, tactic); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// index is the offset of sub in text at or after i, or -1.
func index(text string, i int, sub string) int {
	if k := strings.Index(text[i:], sub); k >= 0 {
		return i + k
	}
	return -1
}

// Kinds of fact.
const (
	angleSum = iota
	interior
	exterior
	diagonals
)

// fact is one fact read: its kind, the polygon, the value said and where it
// is (flattened offsets).
type fact struct {
	kind        int
	poly, value string
	s, e        int
}

// claims reads the facts of a flattened sentence that end their clause.
func claims(flat string) []fact {
	var out []fact
	// Each pattern needs a word of its own ("sum", "regular", "diagonals"):
	// most sentences with an angle hold none.
	hasSum, hasRegular, hasDiag := strings.Contains(flat, "sum"), strings.Contains(flat, "regular"), strings.Contains(flat, "diagonals")
	if !hasSum && !hasRegular && !hasDiag {
		return nil
	}
	for _, m := range findAll(sumRE, flat, hasSum) {
		out = append(out, fact{kind: angleSum, poly: flat[m[2]:m[3]], value: flat[m[4]:m[5]], s: m[0], e: m[1]})
	}
	for _, m := range findAll(eachRE, flat, hasRegular) {
		f := fact{kind: interior, poly: flat[m[4]:m[5]], value: flat[m[6]:m[7]], s: m[0], e: m[1]}
		if m[2] >= 0 {
			f.kind = exterior
		}
		out = append(out, f)
	}
	for _, m := range findAll(diagRE, flat, hasDiag) {
		f := fact{kind: diagonals, s: m[0], e: m[1]}
		if m[2] >= 0 {
			f.poly, f.value = flat[m[2]:m[3]], flat[m[4]:m[5]]
		} else {
			f.poly, f.value = flat[m[6]:m[7]], flat[m[8]:m[9]]
		}
		out = append(out, f)
	}
	kept := out[:0]
	for _, f := range out {
		if rightOK(flat, f.e) {
			kept = append(kept, f)
		}
	}
	return kept
}

// rightOK reports that a fact ends its clause: the sentence ends, or
// punctuation, or a word that opens another clause. A decimal, a list or
// words that narrow the fact ("… from one vertex") go on.
func rightOK(flat string, e int) bool {
	rest := strings.TrimLeft(flat[e:], " ")
	if rest == "" {
		return true
	}
	switch rest[0] {
	case '.', ',', ';', ')', ':':
		return len(rest) == 1 || rest[1] < '0' || rest[1] > '9'
	}
	for _, w := range []string{"so ", "which ", "because ", "since ", "hence ", "thus ", "therefore ", "as ", "then ", "and ", "in total", "in all"} {
		if strings.HasPrefix(rest, w) {
			r := strings.TrimLeft(rest[len(w):], " ")
			return r == "" || r[0] < '0' || r[0] > '9'
		}
	}
	return false
}

// sides is the number of sides of a polygon's name.
func sides(p string) (int64, bool) {
	if n, ok := names[p]; ok {
		return n, true
	}
	d := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(p, "gon")), "-"))
	n, err := strconv.ParseInt(d, 10, 64)
	return n, err == nil && n >= 3 && n <= maxSides
}

// decide refutes a false fact: the obligation and whether one was made.
func decide(step int, text string, at []int, f fact, tactic string) (obligation.Obligation, bool) {
	n, ok := sides(f.poly)
	said, err := strconv.ParseInt(f.value, 10, 64)
	if !ok || err != nil {
		return obligation.Obligation{}, false
	}
	var num, den int64 = 0, 1
	var what string
	switch f.kind {
	case angleSum:
		num, what = (n-2)*180, fmt.Sprintf("the interior angles of a %s sum to (%d − 2)·180°", f.poly, n)
	case interior:
		num, den, what = (n-2)*180, n, fmt.Sprintf("each interior angle of a regular %s is (%d − 2)·180°/%d", f.poly, n, n)
	case exterior:
		num, den, what = 360, n, fmt.Sprintf("each exterior angle of a regular %s is 360°/%d", f.poly, n)
	default:
		num, what = n*(n-3)/2, fmt.Sprintf("a %s has %d·(%d − 3)/2 diagonals", f.poly, n, n)
	}
	if num%den != 0 || num/den == said {
		return obligation.Obligation{}, false // not whole (it may be rounded), or true as said
	}
	want := num / den
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, at[f.s], at[f.e-1]+1), Kind: obligation.KindEquality,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("%s: %d", f.poly, said)
	o.Prop = fmt.Sprintf("(%d : Rat) = (%d : Rat)", said, want)
	o.WhyDisproof = fmt.Sprintf("%s = %d, not %d", what, want, said)
	o.WhyProof = "as computed"
	o.Note = "a simple polygon with n sides: interior angles sum to (n − 2)·180°, n(n − 3)/2 diagonals; a regular one: interior angles (n − 2)·180°/n, exterior 360°/n"
	o.Lean = "example : " + o.Prop + " := by " + tactic
	o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
	return o, true
}

// findAll is re's first four matches in flat when the word it needs is
// there (has), else none.
func findAll(re *regexp.Regexp, flat string, has bool) [][]int {
	if !has {
		return nil
	}
	return re.FindAllStringSubmatchIndex(flat, 4)
}
