package primeword

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/algebra"
	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// primeProseRE reads "91 is prime", "\(91\) is not a prime number", "91 is composite",
// "50 is a perfect square", "48 is not the square of an integer" (not "… plus 3").
var primeProseRE = regexp.MustCompile(`(?i)(\d{1,13})(?:\\\)|\$)?\s+is\s+(not\s+)?(?:a\s+|the\s+)?(prime|composite|perfect\s+square|square\s+of\s+an\s+integer|square\s+number)(?:\s+numbers?)?\b([ \t]*(?:plus|minus|times|more|less|\+|-|\\cdot|\\times))?`)

// primeRestatedRE is the definition of a prime said with "no", which
// restates the claim "n is prime" beside it and rejects nothing.
var primeRestatedRE = regexp.MustCompile(`\b(?:has|having|with) no (?:other )?(?:positive )?(?:divisors|factors)(?: other than)?\b`)

// numberIs reports whether primeProseRE may match text: a long s ("ſ",
// which the pattern's case folding reads as "s") is in it, or the word
// "is" (in any case) between spaces with a digit, "\)" or "$" right before
// the spaces. The pattern's words are then searched with their ASCII case
// folded (foldHas): no other letter folds to one of theirs but "ſ".
func numberIs(text string) bool {
	if strings.Contains(text, "ſ") {
		return true
	}
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	for i := 0; i+2 < len(text); i++ {
		if text[i]|0x20 != 'i' || text[i+1]|0x20 != 's' || !space(text[i+2]) {
			continue
		}
		j := i
		for j > 0 && space(text[j-1]) {
			j--
		}
		if j == i || j == 0 {
			continue
		}
		if c := text[j-1]; c >= '0' && c <= '9' || c == '$' || c == ')' && j >= 2 && text[j-2] == '\\' {
			return true
		}
	}
	return false
}

// foldHas reports w (lower-case ASCII letters) in text, each letter in
// either case.
func foldHas(text, w string) bool {
	for i := 0; i+len(w) <= len(text); i++ {
		k := 0
		for k < len(w) && text[i+k]|0x20 == w[k] {
			k++
		}
		if k == len(w) {
			return true
		}
	}
	return false
}

// maxTrial bounds the trial division that finds a factor (numbers below
// 10^13 have one below 4·10^6 when they are composite).
const maxTrial = 4_000_000

// Claims reads claims in words about primality and perfect squares of
// one whole number. Each is decided by a certificate in the dialect: a
// factorisation a·b = n with 1 < a < n (n is not prime), or r² = n / r² <
// n < (r + 1)² (n is / is not a perfect square). Primality itself has no
// certificate in the dialect: "97 is prime" and "97 is composite" are left
// alone. tactic closes the declarations; rejects gives the word of a
// claim's sentence (lower-cased, without the claim) that may reject or
// suppose it, which keeps a refutation from being decided, as a testing
// word does (Trial).
func Claims(step int, text, tactic string, rejects func(sentence string) string) []obligation.Obligation {
	if !numberIs(text) || !foldHas(text, "prime") && !foldHas(text, "composite") && !foldHas(text, "square") {
		return nil
	}
	var out []obligation.Obligation
	for _, m := range primeProseRE.FindAllStringSubmatchIndex(text, 16) {
		if !StandsAlone(text, m[2]) || m[8] >= 0 || otherSense(text, m[1]) { // "… a perfect square plus 3" is about more
			continue
		}
		n, ok := new(big.Int).SetString(text[m[2]:m[3]], 10)
		if !ok || n.Cmp(big.NewInt(2)) < 0 {
			continue
		}
		neg := m[4] >= 0
		what := strings.ToLower(strings.Join(strings.Fields(text[m[6]:m[7]]), " "))
		sentence := strings.ToLower(mathtext.SentenceAround(text, m[0], m[1]))
		// The claim's own "not" is no rejection of it.
		sentence = strings.Replace(sentence, strings.ToLower(text[m[0]:m[1]]), "", 1)
		if what == "prime" && !neg {
			// "(it has no divisors other than 1 and 209)" restates the claim.
			sentence = primeRestatedRE.ReplaceAllString(sentence, "")
		}
		veto := rejects(sentence)
		if veto == "" && mathtext.BaseNamed(sentence) {
			veto = "base" // "51 is prime in base 8": a numeral of another base
		}
		if veto == "" {
			veto = Trial(sentence)
		}
		var o *obligation.Obligation
		switch what {
		case "prime", "composite":
			o = compositeClaim(step, text, tactic, m[0], m[1], n, neg == (what == "prime"))
		default:
			o = squareClaim(step, text, tactic, m[0], m[1], n, !neg)
		}
		if o == nil {
			continue
		}
		if veto != "" && o.OnProof == obligation.Refuted {
			o.OnProof, o.Note = obligation.Unknown, fmt.Sprintf("the sentence may be rejecting or testing the claim (%q)", veto)
		}
		out = append(out, *o)
	}
	return out
}

// otherSense reports words right after a claim's "prime" or "square"
// that give it another sense: "prime to 10" (coprime), "a prime
// candidate", "a prime factor candidate" (a candidate, not a claim).
func otherSense(text string, e int) bool {
	rest := strings.ToLower(text[e:min(len(text), e+40)])
	rest = strings.TrimLeft(rest, " ")
	rest = strings.TrimPrefix(rest, "factor ")
	return strings.HasPrefix(rest, "to ") || strings.HasPrefix(rest, "candidate")
}

// trialRE marks sentences that test rather than state: "check whether 91 is prime".
var trialRE = regexp.MustCompile(`\b(whether|check|checking|test|testing|try|trying|verify|suppose|assume)\b|\?`)

// Trial is the word of the (lower-cased) sentence that makes it test rather
// than state a claim, if any.
func Trial(sentence string) string { return trialRE.FindString(sentence) }

// StandsAlone reports whether the number at i is the subject of its
// clause: at its start or a bullet's ("- 91"), or after a subject word ("since
// 91 is prime", "the number 91 is prime"). A number that ends an
// expression ("2^{31} - 1 is prime") or names something else ("a number
// with a digit sum of 9 is prime") is not.
func StandsAlone(text string, i int) bool {
	before := strings.TrimRight(text[:i], " ")
	before = strings.TrimSuffix(strings.TrimSuffix(before, `\(`), "$")
	before = strings.TrimRight(before, " ")
	if before == "" {
		return true
	}
	if c := before[len(before)-1]; c == ',' || c == ':' || c == ';' || c == '(' || c == '.' && !(len(before) > 1 && mathtext.IsDigit(before[len(before)-2])) || (c == '-' || c == '*') && (len(before) == 1 || before[len(before)-2] == '\n') {
		return true
	}
	j := len(before)
	for j > 0 && (before[j-1] >= 'a' && before[j-1] <= 'z' || before[j-1] >= 'A' && before[j-1] <= 'Z') {
		j--
	}
	return subjectWords[strings.ToLower(before[j:])]
}

// subjectWords before a number make it the subject of what follows.
var subjectWords = mathtext.Set("since", "so", "thus", "hence", "because", "and", "but", "number", "integer",
	"that", "as", "here", "now", "then", "note", "see", "clearly", "also", "therefore", "while", "whereas",
	"both", "find", "know", "get", "obviously", "indeed", "however")

// compositeClaim decides "n is not prime" (composite true) or "n is prime"
// (composite false) when n has a factor: P is a·b = n ∧ 1 < a ∧ a < n.
func compositeClaim(step int, text, tactic string, s, e int, n *big.Int, composite bool) *obligation.Obligation {
	a := algebra.LeastFactor(n, maxTrial)
	if a == nil {
		return nil // prime, or no factor found within the bound: no certificate
	}
	b := new(big.Int).Quo(n, a)
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindClosedValue, OnDisproof: obligation.Unknown}
	if composite {
		o.Expr, o.OnProof = n.String()+" is not prime", obligation.Verified
		o.WhyProof = fmt.Sprintf("%s = %s·%s", n, a, b)
	} else {
		o.Expr, o.OnProof = n.String()+" is prime", obligation.Refuted
		o.WhyProof = fmt.Sprintf("%s = %s·%s is not prime", n, a, b)
	}
	o.Prop = fmt.Sprintf("(%s : Rat) * (%s : Rat) = (%s : Rat) ∧ (1 : Rat) < (%s : Rat) ∧ (%s : Rat) < (%s : Rat)", a, b, n, a, a, n)
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "P is a certificate that the number has a factor between 1 and itself; primality itself is never verified"
	return o
}

// squareClaim decides "n is a perfect square" (square true) or "n is not a
// perfect square": P is r·r = n, or r·r < n ∧ n < (r + 1)·(r + 1).
func squareClaim(step int, text, tactic string, s, e int, n *big.Int, square bool) *obligation.Obligation {
	r := new(big.Int).Sqrt(n)
	r1 := new(big.Int).Add(r, big.NewInt(1))
	is := new(big.Int).Mul(r, r).Cmp(n) == 0
	o := &obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, s, e), Kind: obligation.KindClosedValue, OnDisproof: obligation.Unknown}
	o.Expr = n.String() + " is a perfect square"
	if !square {
		o.Expr = n.String() + " is not a perfect square"
	}
	if is {
		o.Prop = fmt.Sprintf("(%s : Rat) * (%s : Rat) = (%s : Rat)", r, r, n)
		o.WhyProof = fmt.Sprintf("%s = %s²", n, r)
	} else {
		o.Prop = fmt.Sprintf("(%s : Rat) * (%s : Rat) < (%s : Rat) ∧ (%s : Rat) < (%s : Rat) * (%s : Rat)", r, r, n, n, r1, r1)
		o.WhyProof = fmt.Sprintf("%s² < %s < %s²", r, n, r1)
	}
	o.OnProof = obligation.Verified
	if is != square {
		o.OnProof = obligation.Refuted
	}
	o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
	o.Note = "P is a certificate: the square root, or the two squares the number lies between"
	return o
}
