// Package divchain decides the divisibility link that ends an "=" chain
// of closed integers (docs/TRANSLATE.md, "Divisibility at the end of a
// chain"): "2^3 = 8 \nmid 2^8" says 8 does not divide 2^8, "3 \cdot 4 = 12
// \mid 36" says 12 divides 36. The symbolic reader decides a lone
// "a \mid b" but leaves a line with an "=" alone; this reader reads only
// such a line, and only its last link: the member just before the
// relation and the member after it.
//
// A piece is read only between math delimiters, a line break, "\quad" or
// "\text" and punctuation, with one relation in it, no other relation
// ("<", "\le", "\equiv", "\pmod", "\in", "|"), no braces of a set, no
// factorial, and members that are closed integers (no name: "\{ x = 2k
// \mid k \in \mathbb{Z} \}" and "P(A = 1 \mid B)" are not read); a
// sentence that supposes, tests, asks, or calls its claim false or wrong
// is left alone. Only false links make obligations, each the division
// |a|·q + r = b with its remainder.
package divchain

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, the bytes each way from a relation, the
// relations looked at and the claims of a step, the digits of a member's
// value.
const (
	maxText   = 20000
	maxReach  = 160
	maxRels   = 16
	maxOut    = 4
	maxDigits = 60
)

// leftStops and rightStops end a piece on each side of its relation.
var (
	leftStops  = []string{"\n", "$", `\(`, `\[`, `\)`, `\]`, `\quad`, `\text`, ",", ";", ":", "&"}
	rightStops = []string{"\n", "$", `\(`, `\[`, `\)`, `\]`, `\quad`, `\text`, ",", ";", ":", "&", ". ", `\\`}
	// refused in a piece: another relation, a set, a factorial, an
	// ellipsis, a conditional bar.
	refused = []string{"<", ">", `\le`, `\ge`, `\ne`, `\equiv`, `\pmod`, `\bmod`, `\mod`, `\approx`, `\sim`, `\pm`, `\mp`, `\in`, `\notin`,
		`\{`, `\}`, "|", `\vert`, "≡", "≤", "≥", "≠", "≈", "!", `\to`, `\Rightarrow`, `\implies`, `\iff`, `dots`, "...", `\mathbb`, "P(", `\Pr`}
	// vetoes in the sentence: supposed, tested, asked, called false.
	vetoes = []string{"if ", "if,", "suppose", "assum", "whether", "check", "test", "try", "would", "could", "wrong", "false", "incorrect", "not true", "mistake", "?"}
)

// Read returns the refutations of the false divisibility links that end
// an "=" chain of closed integers in the step.
func Read(step int, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !strings.Contains(text, `mid`) || !strings.Contains(text, "=") {
		return nil
	}
	var out []obligation.Obligation
	from := 0
	for n := 0; n < maxRels && len(out) < maxOut; n++ {
		j := strings.Index(text[from:], `mid`)
		if j < 0 {
			break
		}
		i := from + j
		from = i + len(`mid`)
		rs := i - 1 // the backslash of \mid or \nmid
		neg := false
		if rs >= 1 && text[rs] == 'n' && text[rs-1] == '\\' {
			rs, neg = rs-1, true
		} else if rs < 0 || text[rs] != '\\' {
			continue
		}
		if symexpr.IsLetterAt(text, from) {
			continue // \middle
		}
		if o, ok := decide(step, text, rs, from, neg, tactic); ok {
			out = append(out, o)
		}
	}
	return out
}

// decide reads the piece around the relation text[rs:re] and refutes its
// last link when it is false.
func decide(step int, text string, rs, re int, neg bool, tactic string) (obligation.Obligation, bool) {
	s, okS := pieceStart(text, rs)
	e, okE := pieceEnd(text, re)
	if !okS || !okE || e < len(text) && text[e] == ',' && e+1 < len(text) && mathtext.IsDigit(text[e+1]) {
		return obligation.Obligation{}, false // no stop in reach, or a thousands separator ("1,024")
	}
	left, right := text[s:rs], strings.TrimRight(strings.TrimSpace(text[re:e]), ".")
	eq := strings.LastIndexByte(left, '=')
	if eq < 0 || strings.TrimSpace(left[:eq]) == "" || strings.Contains(right, "=") || strings.Contains(right, "mid") || strings.Contains(left, "mid") {
		return obligation.Obligation{}, false // no chain: the symbolic reader's
	}
	piece := text[s:e]
	for _, w := range refused {
		if strings.Contains(piece, w) {
			return obligation.Obligation{}, false
		}
	}
	sent := strings.ToLower(mathtext.SentenceAround(text, rs, re))
	for _, w := range vetoes {
		if strings.Contains(sent, w) {
			return obligation.Obligation{}, false
		}
	}
	a, ok := closedInt(left[eq+1:])
	if !ok || a.Sign() == 0 {
		return obligation.Obligation{}, false
	}
	b, ok := closedInt(right)
	if !ok {
		return obligation.Obligation{}, false
	}
	m := new(big.Int).Abs(a)
	q, r := new(big.Int).DivMod(b, m, new(big.Int))
	if (r.Sign() != 0) == neg {
		return obligation.Obligation{}, false // true as said
	}
	rel := " ∣ "
	if neg {
		rel = " ∤ "
	}
	start := s + eq + 1
	for start < rs && text[start] == ' ' {
		start++
	}
	end := re + len(text[re:e]) - len(strings.TrimLeft(text[re:e], " ")) + len(right)
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, start, end), Kind: obligation.KindCongruence,
		OnProof: obligation.Refuted, OnDisproof: obligation.Unknown, WhyDisproof: "the division shown does not hold"}
	o.Expr = a.String() + rel + b.String()
	o.Prop = symexpr.IntTerm(b) + " = " + symexpr.IntTerm(m) + " * " + symexpr.IntTerm(q) + " + " + symexpr.IntTerm(r)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	if r.Sign() == 0 {
		o.WhyProof = fmt.Sprintf("%s = %s·%s: %s divides %s", b, m, q, a, b)
	} else {
		o.WhyProof = fmt.Sprintf("%s = %s·%s + %s: %s does not divide %s", b, m, q, r, a, b)
	}
	o.Note = "the last link of an \"=\" chain; P is the division by the divisor's absolute value; its remainder decides"
	return o, true
}

// closedInt is the value of a member that is a closed integer of at most
// maxDigits digits.
func closedInt(s string) (*big.Int, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxReach {
		return nil, false
	}
	x, err := symexpr.Read(s)
	if err != nil || symexpr.HasVar(x) {
		return nil, false
	}
	v, err := symexpr.CertInt(x)
	if err != nil || len(v.String()) > maxDigits {
		return nil, false
	}
	return v, true
}

// pieceStart is where the piece ending at the relation at rs starts:
// just after the nearest left stop, at most maxReach bytes back; false
// when neither a stop nor the text's start is in reach.
func pieceStart(text string, rs int) (int, bool) {
	lo := max(0, rs-maxReach)
	s, found := lo, lo == 0
	for _, w := range leftStops {
		if k := strings.LastIndex(text[lo:rs], w); k >= 0 && lo+k+len(w) >= s {
			s, found = lo+k+len(w), true
		}
	}
	return s, found
}

// pieceEnd is where the piece starting after the relation at re ends:
// at the nearest right stop, at most maxReach bytes on; false when
// neither a stop nor the text's end is in reach.
func pieceEnd(text string, re int) (int, bool) {
	hi := min(len(text), re+maxReach)
	e, found := hi, hi == len(text)
	for _, w := range rightStops {
		if k := strings.Index(text[re:hi], w); k >= 0 && re+k <= e {
			e, found = re+k, true
		}
	}
	return e, found
}
