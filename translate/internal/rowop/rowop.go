// Package rowop decides one elementary row operation stated in words
// between two matrices (docs/TRANSLATE.md, "A row operation stated in
// words"): "subtracting twice the first row from the third row: [M]",
// "add 3 times row 1 to row 2 to get [M]". The matrix the operation works
// on is the last one written before the sentence (in the step, or else in
// the step before); the result is the first one written after it. The
// claim is that the result is that matrix with the one row changed by the
// operation; it is refuted only when every other row is copied exactly
// and the changed row differs from the computed one, decided exactly with
// closed entries (matrixeq reads them; an augmented matrix's bar is
// dropped).
//
// Left alone: a sentence with a second operation (another row named, a
// swap, a scaling, "and", "then"), a result whose other rows differ (more
// than one operation shown at once, or another matrix), names in the
// entries, shapes that differ, and a sentence that supposes, tests or
// corrects ("if", "check", "instead", "not", …).
package rowop

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/matrixeq"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the operations read in a step, the window the
// operation is looked for in, the gap between the operation and its
// result, the rows of a matrix.
const (
	maxText   = 20000
	maxOps    = 4
	window    = 160
	maxGap    = 160
	maxRows   = 6
	maxFactor = 1000
)

var (
	// opRE: the operation, "subtract(ing) [k times] the first row from the
	// third row", "add(ing) [k times] row 1 to row 2".
	opRE = regexp.MustCompile(`(?i)\b(subtract|subtracting|subtracts|add|adding|adds)\s+(?:(twice|thrice|double|\d{1,3})\s+(?:times\s+)?)?(?:the\s+)?(?:(first|second|third|fourth|fifth|sixth)\s+row|row\s+([1-6])|r_\{?([1-6])\}?)\s+(from|to)\s+(?:the\s+)?(?:(first|second|third|fourth|fifth|sixth)\s+row|row\s+([1-6])|r_\{?([1-6])\}?)\b`)
	// vetoRE in the text from the sentence's start to the result:
	// supposed, tested, corrected or a second operation.
	vetoRE   = regexp.MustCompile(`(?i)\b(?:if|suppose|would|could|should|might|check|checking|test|try|trying|whether|wrong|incorrect|mistake|error|not|instead|and|then|also|swap|swapping|interchange|interchanging|divide|dividing|multiply|multiplying|scale|scaling|approximately|original|initial|given|earlier|previous)\b|\?`)
	ordinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
)

// Read returns the refutations of the row operations stated in the step,
// prev being the step before it.
func Read(step int, prev, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, "matrix}") || !strings.Contains(text, " row") {
		return nil
	}
	var out []obligation.Obligation
	low := asciiLower(text)
	for at := 0; len(out) < maxOps; {
		j := strings.Index(low[at:], "row")
		if j < 0 {
			break
		}
		k := at + j
		at = k + len("row")
		from := max(0, k-window)
		for _, loc := range opRE.FindAllStringSubmatchIndex(text[from:min(len(text), k+window)], -1) {
			if loc[0]+from > k || loc[1]+from <= k {
				continue // another operation's match
			}
			for i := range loc {
				if loc[i] >= 0 {
					loc[i] += from
				}
			}
			at = max(at, loc[1])
			if o, ok := decide(step, prev, text, loc, tactic); ok {
				out = append(out, o)
			}
			break
		}
	}
	return out
}

// asciiLower lowers ASCII letters only, so that offsets in the result are
// offsets in s (strings.ToLower may change the length of invalid UTF-8).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// decide checks the operation matched at loc against the matrices before
// and after it.
func decide(step int, prev, text string, loc []int, tactic string) (obligation.Obligation, bool) {
	sub := strings.HasPrefix(strings.ToLower(text[loc[2]:loc[3]]), "subtract")
	dir := strings.ToLower(text[loc[12]:loc[13]])
	if sub != (dir == "from") {
		return obligation.Obligation{}, false
	}
	factor := int64(1)
	if loc[4] >= 0 {
		switch w := strings.ToLower(text[loc[4]:loc[5]]); w {
		case "twice", "double":
			factor = 2
		case "thrice":
			factor = 3
		default:
			n, err := strconv.ParseInt(w, 10, 64)
			if err != nil || n < 1 || n > maxFactor {
				return obligation.Obligation{}, false
			}
			factor = n
		}
	}
	src, dst := rowIndex(text, loc[6:12]), rowIndex(text, loc[14:20])
	if src == 0 || dst == 0 || src == dst {
		return obligation.Obligation{}, false
	}
	// The result: the first matrix after the operation, the gap free of
	// other words that would make it a second step.
	b := strings.Index(text[loc[1]:], `\begin{`)
	if b < 0 || b > maxGap {
		return obligation.Obligation{}, false
	}
	b += loc[1]
	sentStart := sentenceStart(text, loc[0])
	if vetoRE.MatchString(text[sentStart:loc[0]]) || vetoRE.MatchString(text[loc[1]:b]) || strings.Contains(strings.ToLower(text[loc[1]:b]), "row") {
		return obligation.Obligation{}, false
	}
	after, afterEnd, ok := matrixAt(text, b)
	if !ok {
		return obligation.Obligation{}, false
	}
	before, ok := lastMatrix(text[:loc[0]])
	if !ok {
		if strings.Contains(text[:loc[0]], `\begin{`) {
			return obligation.Obligation{}, false // a matrix there the reader cannot read
		}
		if before, ok = lastMatrix(prev); !ok {
			return obligation.Obligation{}, false
		}
	}
	if before.Rows != after.Rows || before.Cols != after.Cols || before.Rows > maxRows || src > before.Rows || dst > before.Rows {
		return obligation.Obligation{}, false
	}
	k := algebra.SurdFromInt(factor)
	var want []algebra.Surd
	for c := 0; c < before.Cols; c++ {
		d := k.Mul(before.At(src-1, c))
		if sub {
			d = d.Neg()
		}
		want = append(want, before.At(dst-1, c).Add(d))
	}
	wrong := -1
	for r := 0; r < before.Rows; r++ {
		for c := 0; c < before.Cols; c++ {
			if r != dst-1 && !before.At(r, c).Equal(after.At(r, c)) {
				return obligation.Obligation{}, false // another row changed: not this one operation
			}
			if r == dst-1 && wrong < 0 && !want[c].Equal(after.At(r, c)) {
				wrong = c
			}
		}
	}
	if wrong < 0 {
		return obligation.Obligation{}, false
	}
	var conj, shown, computed []string
	for c := 0; c < before.Cols; c++ {
		w, ok1 := want[c].Rat()
		s, ok2 := after.At(dst-1, c).Rat()
		if !ok1 || !ok2 {
			return obligation.Obligation{}, false
		}
		conj = append(conj, listcond.RatTerm(w)+" = "+listcond.RatTerm(s))
		computed = append(computed, w.RatString())
		shown = append(shown, s.RatString())
	}
	op := "+"
	if sub {
		op = "-"
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, loc[0], afterEnd), Kind: obligation.KindClosedValue,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = fmt.Sprintf("row %d %s %d·row %d = [%s]", dst, op, factor, src, strings.Join(shown, ", "))
	o.Prop = strings.Join(conj, " ∧ ")
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "a row operation stated in words: the result copies every other row, and the changed row must be the old one plus or minus the stated multiple of the other; P is a certificate: the computed entries of the row against the ones written"
	o.WhyProof = "the changed row is the one the operation gives"
	o.WhyDisproof = fmt.Sprintf("row %d %s %d·row %d is [%s], the step writes [%s] (column %d differs)", dst, op, factor, src, strings.Join(computed, ", "), strings.Join(shown, ", "), wrong+1)
	return o, true
}

// rowIndex reads a row named by an ordinal, "row n" or "R_n" (three
// submatch pairs); 0 for none.
func rowIndex(text string, loc []int) int {
	if loc[0] >= 0 {
		return ordinals[strings.ToLower(text[loc[0]:loc[1]])]
	}
	for _, p := range [][2]int{{loc[2], loc[3]}, {loc[4], loc[5]}} {
		if p[0] >= 0 {
			n, _ := strconv.Atoi(text[p[0]:p[1]])
			return n
		}
	}
	return 0
}

// sentenceStart is where the sentence holding k starts: after the last
// ". ", newline or colon before it (at most window bytes back).
func sentenceStart(text string, k int) int {
	for a := k; a > 0 && k-a < window; a-- {
		if c := text[a-1]; c == '\n' || c == '.' && a < len(text) && text[a] == ' ' {
			return a
		}
	}
	return max(0, k-window)
}

// bars are an augmented matrix's separators between the last two columns.
var bars = strings.NewReplacer("& | &", "&", "&|&", "&", `& \vline &`, "&", `& \mid &`, "&", `&\vline&`, "&", `&\mid&`, "&")

// matrixAt reads the matrix whose \begin is at b: its value and end.
func matrixAt(text string, b int) (*matrixeq.Matrix, int, bool) {
	for _, env := range []string{"pmatrix", "bmatrix"} {
		if !strings.HasPrefix(text[b:], `\begin{`+env+`}`) {
			continue
		}
		end := strings.Index(text[b:], `\end{`+env+`}`)
		if end < 0 {
			return nil, 0, false
		}
		end += b + len(`\end{`+env+`}`)
		m, ok := matrixeq.ReadMember(bars.Replace(text[b:end]))
		if !ok || m.Scalar {
			return nil, 0, false
		}
		return m, end, true
	}
	return nil, 0, false
}

// lastMatrix reads the last matrix written in s.
func lastMatrix(s string) (*matrixeq.Matrix, bool) {
	b := strings.LastIndex(s, `\begin{`)
	if b < 0 {
		return nil, false
	}
	m, end, ok := matrixAt(s, b)
	if !ok || strings.Contains(s[end:], `\begin{`) {
		return nil, false
	}
	return m, true
}
