package mathtext

import (
	"math/big"
	"slices"
	"strings"
)

// divWords before "by" name a divisor ("divided by 7").
var divWords = Set("divided", "dividing", "divide", "divisible", "divisibility", "modulo")

// carryWords mean digit arithmetic in a base (none under five letters).
var carryWords = Set("carry", "carries", "carrying", "borrow", "borrowing")

// ReadModuli lists the moduli a step names ("(mod 11)", "\pmod{77}",
// "modulo 10", "divided by 7", "a multiple of 77", 10 for a
// digit) and reports open when a modular word names no
// whole number ("\pmod{n}", "mod 2^k", "modulo the prime"), the step
// carries or borrows, or it works in a base: then no modulus can be ruled out.
func ReadModuli(text string, toks []Tok) (ms []*big.Int, open bool) {
	for i := range toks {
		t := &toks[i]
		if t.K != TWord && t.K != TPoison {
			continue // every case below reads a word or a poisoned command
		}
		switch {
		case t.K == TWord && t.Text == "base" && i+1 < len(toks) && (toks[i+1].K == TNum || toks[i+1].K == TVar) &&
			!strings.Contains(text, `\log`): // "base" of a logarithm names no modulus
			// A numeral in base b is no residue modulo b: "6 + 6 = 15 in base 7" (15 is
			// seven and five), so no modulus can be ruled out.
			open = true
		case t.K == TWord && (t.Text == "mod" || t.Text == "modulo" || t.Text == "modulus"),
			t.K == TPoison && modCommand(t.Text):
			m := modulusAfter(toks, i+1)
			if m == nil {
				open = true
				continue
			}
			ms = append(ms, m)
		case t.K == TWord && (t.Text == "digit" || t.Text == "digits" || t.Text == "units"):
			// "the units digit of 7^{100} = 1": a residue modulo a power of ten.
			ms = append(ms, big.NewInt(10))
		case t.K == TWord && i > 0 && toks[i-1].K == TWord && (t.Text == "by" && divWords[toks[i-1].Text] || t.Text == "of" && (toks[i-1].Text == "multiple" || toks[i-1].Text == "multiples")):
			// "divided by 7", "a multiple of 77": a modulus in words.
			if m := modulusAfter(toks, i+1); m != nil {
				ms = append(ms, m)
			}
		case t.K == TWord && len(t.Text) >= len("carry") && carryWords[t.Text] && carrySense(toks, i):
			// A carry moves a base's worth, and the base need not be named
			// ("a carry in the sixty-fives place"): 5 + 4 = 2 in base 7.
			open = true
		}
	}
	return ms, open
}

// modCommand reports a poisoned command of a modulus.
func modCommand(s string) bool {
	return slices.ContainsFunc([]string{`\pmod`, `\bmod`, `\mod`, `\pod`}, func(m string) bool { return strings.HasSuffix(s, m) })
}

// modulusAfter is the whole number > 1 that toks[j:] opens with (through
// at most four math delimiters and opening brackets: the scan is bounded),
// when no operator follows it.
func modulusAfter(toks []Tok, j int) *big.Int {
	for end := j + 4; j < len(toks) && j < end && (toks[j].K == TSep && toks[j].Text == SepMath || toks[j].K == TOpen); j++ {
	}
	if j >= len(toks) || toks[j].K != TNum || toks[j].Num == nil || !toks[j].Num.Val.IsInt() || toks[j].Num.Val.Num().Cmp(big.NewInt(1)) <= 0 {
		return nil
	}
	if j+1 < len(toks) && (toks[j+1].K == TOp || toks[j+1].K == TNum || toks[j+1].K == TVar) {
		return nil // "mod 2^{10}", "mod 10 n": not this number
	}
	return new(big.Int).Set(toks[j].Num.Val.Num())
}

// ringMarks name a ring of residues or a finite field in LaTeX or Unicode
// ("\mathbb{Z}_7", "ℤ/12ℤ", "\mathbb{F}_5", "GF(7)"); plainRings do in
// plain text, and count only after "in", "over" or "of" ("in Z_5"), where
// they cannot be a name with an index ("Z_1 = 3 + 4i"; each word also
// capitalised, the two spellings in turn). Each of them holds one of
// ringBits, searched first.
var (
	ringMarks  = []string{`\mathbb{Z}_`, `\mathbb Z_`, `\mathbb{Z}/`, `\mathbb Z/`, "ℤ_", "ℤ/", `\mathbb{F}_`, `\mathbb F_`, "GF("}
	plainRings = []string{"in Z_", "In Z_", "in Z/", "In Z/", "over Z_", "Over Z_", "over Z/", "Over Z/", "of Z_", "Of Z_", "of Z/", "Of Z/", "in F_", "In F_", "over F_", "Over F_"}
	ringBits   = []string{"Z_", "Z/", "Z}", "F_", "F}", "GF(", "ℤ"}
)

// ResidueRing is the mark of a ring of residues the text works in, or "":
// there "=" is equality of residues, and no modulus can be ruled out.
func ResidueRing(text string) string {
	if !slices.ContainsFunc(ringBits, func(b string) bool { return strings.Contains(text, b) }) {
		return ""
	}
	for _, m := range ringMarks {
		if strings.Contains(text, m) {
			return m
		}
	}
	for _, m := range plainRings {
		if strings.Contains(text, m) {
			return m[strings.IndexByte(m, ' ')+1:]
		}
	}
	return ""
}

// defineWords after an operator ("× means addition", "* denotes …") or
// before an operation written on names ("define a * b = a + b") give the
// operator a meaning of the text's own (none under five letters).
var defineWords = Set("means", "denotes", "represents", "stands", "define", "defined", "defines")

// redefinedOp is the word that redefines an operator in the step, or "":
// an operator right before a word of defineWords, or "define" followed
// within a few tokens by a name, an operator, a name and "=".
func redefinedOp(toks []Tok) string {
	for i := range toks {
		t := &toks[i]
		if t.K != TWord || len(t.Text) < len("means") || !defineWords[t.Text] {
			continue
		}
		if i > 0 && toks[i-1].K == TOp && t.Text != "define" && t.Text != "defined" && t.Text != "defines" {
			return "an operator that " + t.Text + " something else"
		}
		for j := i + 1; j+3 < len(toks) && j <= i+4; j++ {
			if letterName(toks[j]) && toks[j+1].K == TOp && letterName(toks[j+2]) && toks[j+3].K == TRel && toks[j+3].Text == "=" {
				return "an operation defined on names"
			}
		}
	}
	return ""
}

// letterName reports a name: a math name, or a one-letter word ("a").
func letterName(t Tok) bool {
	return t.K == TVar || t.K == TWord && len(t.Text) == 1
}

// readRings holds the step's arithmetic as modular when it redefines an
// operator ("In this puzzle, × means addition") or works in a ring of
// residues ("In \(\mathbb{Z}_{10}\), 7 + 5 = 2", where no modulus can be
// ruled out).
func (sc *Scan) readRings(text string, toks []Tok) {
	if r := redefinedOp(toks); r != "" && sc.Modular == "" {
		sc.Modular = r
	}
	if r := ResidueRing(text); r != "" {
		if sc.Modular == "" {
			sc.Modular = r
		}
		sc.ModulusOpen = true
	}
}
