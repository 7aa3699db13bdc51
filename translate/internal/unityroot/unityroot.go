// Package unityroot decides equalities in ω, a nonreal cube root of unity
// the problem declares (docs/TRANSLATE.md, "Expressions in a nonreal cube
// root of unity"): "Let ω be a nonreal root of x³ = 1", "ω³ = 1 and
// ω ≠ 1", "ω² + ω + 1 = 0", "ω = e^{2πi/3}". Such an ω is a root of
// x² + x + 1, irreducible over Q, so each expression in ω with rational
// numbers has exactly one form a + bω, and whether two expressions are
// equal does not depend on which of the two nonreal roots ω is (they are
// conjugate). A link of an "=" chain between two members that are
// rational expressions in ω alone, or matrices (pmatrix, bmatrix, products
// and small powers of them) whose entries are, is false when the forms
// differ: "ω − ω² = 1 + ω²", "\begin{pmatrix} ω & 0 \\ ω − ω² & 1
// \end{pmatrix} = \begin{pmatrix} ω & 0 \\ 1 + ω² & 1 \end{pmatrix}".
//
// Left alone: a problem that does not declare ω so (a circle ω, ω¹⁹⁹⁷ = 1,
// "a complex cube root of unity", which may be 1), a member with another
// name or notation (i, a conjugate, an absolute value, a sum), a link
// between numbers (the other readers'), a region with another relation,
// an ellipsis, a decimal or an aligned "&=", and a sentence that supposes,
// tests, corrects, defines or solves ("if", "check", "let", "when", "or",
// "solve", …); a step (or a step before it) whose sentence defines or
// restates ω ("let", "where", "denote") is not read at all.
package unityroot

import (
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/listcond"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step read, a region read, the refutations of a step, the
// members of a chain, the matrices of a member, the rows and columns of a
// matrix, an entry's text, a matrix's power, a power in an entry (ω's own
// are reduced modulo 3 first), a polynomial's degree in ω, the bits of a
// coefficient.
const (
	maxText    = 20000
	maxRegion  = 3000
	maxOut     = 4
	maxMembers = 10
	maxMats    = 4
	maxDim     = 4
	maxEntry   = 300
	maxMatPow  = 6
	maxPow     = 12
	maxDegree  = 64
	maxBits    = 512
)

var (
	// declRE: the problem's declaration of ω as a nonreal cube root of
	// unity.
	declRE = regexp.MustCompile(`(?i)\\omega[\$\\)\s]*(?:be|is|denotes?)\s+(?:a|an|one\s+of\s+the)\s+(?:non-?real\s+(?:complex\s+)?(?:roots?|solutions?|zeros?)\s+of\s+(?:the\s+equation\s+)?[\$\\(\s]*[xz]\s*\^\s*\{?\s*3\s*\}?\s*=\s*1(?:[^0-9.]|\.(?:[^0-9]|$)|$)|(?:non-?real|imaginary|primitive)\s+(?:complex\s+)?(?:cube|third|3rd)\s+roots?\s+of\s+unity)` +
		`|\\omega\s*\^\s*\{?\s*2\s*\}?\s*\+\s*\\omega\s*\+\s*1\s*=\s*0(?:[^0-9.]|\.(?:[^0-9]|$)|$)` +
		`|\\omega\s*=\s*e\s*\^\s*\{\s*(?:\\frac\{\s*[24]\s*\\pi\s*i\s*\}\{\s*3\s*\}|[24]\s*\\pi\s*i\s*/\s*3)\s*\}`)
	// cubeRE and neqRE: "ω³ = 1" and "ω ≠ 1", both in the problem.
	cubeRE = regexp.MustCompile(`\\omega\s*\^\s*\{?\s*3\s*\}?\s*=\s*1(?:[^0-9.]|\.(?:[^0-9]|$)|$)`)
	neqRE  = regexp.MustCompile(`\\omega\s*(?:\\neq?|≠)\s*1(?:[^0-9.]|\.(?:[^0-9]|$)|$)`)
	// defineRE: a sentence of a step that defines or restates ω.
	defineRE = regexp.MustCompile(`(?i)(?:\b(?:let|denote|define|where|set|setting|suppose|assume|consider)\s+(?:\\\(|\$|\\\[)?\s*\\omega\b|\\omega[\$\\)\s]*\s+(?:be|denotes?|represents?|stands?\s+for)\b)`)
	// sameRE: a definition that restates the problem's ω (a cube root of
	// unity, e^{2πi/3}, a root of x³ = 1).
	sameRE = regexp.MustCompile(`(?i)e\s*\^\s*\{[^}]{0,20}\\pi\s*i[^}0-9]{0,10}3\s*\}|[xz]\s*\^\s*\{?\s*3\s*\}?\s*=\s*1(?:[^0-9.]|\.(?:[^0-9]|$)|$)|(?:cube|third|3rd)\s+roots?\s+of\s+unity`)
	// otherRelRE marks a region whose "=" may not be an equality of values.
	otherRelRE = regexp.MustCompile(`<|>|\\[lg]eq?\b|\\[lg]eqslant\b|\\neq?\b|\\approx|\\equiv|\\sim|\\simeq|\\cong|\\to\b|\\(?:x|long)?rightarrow|\\Rightarrow|\\implies|\\iff|\\mapsto|\\in\b|\\pmod|\\bmod|\\mod\b|\\mid|\\propto|\\[lcv]?dots|\\cdots|\.\.\.|\\pm|\\mp|\\bar|\\overline|\\conj|\\Re\b|\\Im\b|\\arg|\\sum|\\prod|\||≤|≥|≠|≈|≡|→|&=|\\begin\{(?:align|array|cases|eqnarray|split|gathered)`)
	// oneRE: "ω = 1", a case the chain tries (ω as any cube root of
	// unity); no step from there on is read.
	oneRE = regexp.MustCompile(`\\omega\s*=\s*1(?:[^0-9.]|\.(?:[^0-9]|$)|$)`)
	// decimalRE is a decimal point between digits: a rounding.
	decimalRE = regexp.MustCompile(`\d\s*\.\s*\d|\.\s*\d`)
	// vetoRE in the sentence: supposed, tested, corrected, defined, solved
	// or an alternative.
	vetoRE = regexp.MustCompile(`\b(?:if|suppose|supposing|assume|assuming|would|could|should|might|check|checking|test|testing|try|trying|whether|wrong|incorrect|incorrectly|mistake|error|not|instead|approximately|approx|about|roughly|nearly|estimate|round|rounded|modulo|mod|when|whenever|case|cases|or|for|start|starting|take|taking|consider|considering|each|either|let|define|denote|set|setting|solve|solving|need|needs|want|require|requires|equation|unless|only|otherwise)\b|\?`)
)

// Declared reports a problem that declares ω a nonreal cube root of unity.
func Declared(problem string) bool {
	if !strings.Contains(problem, `\omega`) {
		return false
	}
	return declRE.MatchString(problem) || cubeRE.MatchString(problem) && neqRE.MatchString(problem)
}

// Read returns the refutations of the step's equalities in ω, with the
// steps before it (a step that defines ω anew is not read after it).
func Read(step int, problem string, prior []string, text, tactic string) []obligation.Obligation {
	if !strings.Contains(text, `\omega`) || len(text) > maxText || !Declared(problem) || definesAnew(text) || oneRE.MatchString(text) {
		return nil
	}
	for _, p := range prior {
		if strings.Contains(p, `\omega`) && (definesAnew(p) || oneRE.MatchString(p)) {
			return nil
		}
	}
	var out []obligation.Obligation
	for _, r := range mathtext.TextRegions(text) {
		if len(out) >= maxOut {
			break
		}
		reg := text[r.S:r.E]
		if r.E-r.S > maxRegion || !strings.Contains(reg, `\omega`) || !strings.Contains(reg, "=") {
			continue
		}
		if otherRelRE.MatchString(reg) || decimalRE.MatchString(reg) ||
			vetoRE.MatchString(strings.ToLower(mathtext.SentenceAround(text, r.OS, r.CE))) {
			continue
		}
		if o, ok := decide(step, text, r, tactic); ok {
			out = append(out, o)
		}
	}
	return out
}

// definesAnew reports a step that defines ω ("let ω = …", "where ω is
// …") but does not restate the problem's ω (a cube root of unity,
// e^{2πi/3}, a root of x³ = 1).
func definesAnew(step string) bool {
	return defineRE.MatchString(step) && !sameRE.MatchString(step)
}

// decide refutes the first false link of the region's "=" chain between
// two members read in Q(ω), one of them naming ω.
func decide(step int, text string, r mathtext.Region, tactic string) (obligation.Obligation, bool) {
	spans := mathtext.EqualsMembers(text, r.S, r.E)
	if len(spans) < 2 || len(spans) > maxMembers {
		return obligation.Obligation{}, false
	}
	vals := make([]*value, len(spans))
	lone := make([]bool, len(spans)) // the member is ω alone
	for k, sp := range spans {
		raw := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[sp[0]:sp[1]]), ".,;"))
		if raw == "" {
			return obligation.Obligation{}, false
		}
		lone[k] = raw == `\omega`
		if strings.Contains(raw, "matrix}") {
			if v, ok := readMember(raw); ok {
				vals[k] = &v
			}
			continue
		}
		if len(raw) > maxEntry {
			continue
		}
		if e, has, ok := scalar(raw); ok {
			vals[k] = &value{e: []elem{e}, hasOmega: has}
		}
	}
	for k := 0; k+1 < len(spans); k++ {
		a, b := vals[k], vals[k+1]
		if a == nil || b == nil || !a.hasOmega && !b.hasOmega {
			continue
		}
		if lone[k] && !b.hasOmega || lone[k+1] && !a.hasOmega {
			continue // "ω = 2": a value chosen for ω, not a claim about it
		}
		if a.rows != b.rows || a.cols != b.cols {
			return obligation.Obligation{}, false // another reading
		}
		if w := why(*a, *b); w != "" {
			return obligationOf(step, text, spans[k][0], spans[k+1][1], *a, *b, w, tactic)
		}
	}
	return obligation.Obligation{}, false
}

// obligationOf writes the refutation of the link a = b: the conjunction of
// the entries' equalities, each as its two coefficients in the basis 1, ω.
func obligationOf(step int, text string, s, e int, a, b value, why, tactic string) (obligation.Obligation, bool) {
	var conj []string
	for k := range a.e {
		x, y := a.e[k], b.e[k]
		conj = append(conj, listcond.RatTerm(x.a)+" = "+listcond.RatTerm(y.a), listcond.RatTerm(x.b)+" = "+listcond.RatTerm(y.b))
	}
	o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindClosedValue,
		OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
	o.Expr = a.String() + " = " + b.String()
	o.Prop = strings.Join(conj, " ∧ ")
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "an equality in ω, a nonreal cube root of unity the problem declares: each side reduced by ω² = −1 − ω to a + bω (1 and ω are independent over Q); P is a certificate: the coefficients of 1 and ω of each entry on both sides, computed exactly"
	o.WhyProof = "every entry has the same form a + bω on both sides"
	o.WhyDisproof = why
	return o, true
}
