package closednote

import (
	"math/big"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// Limits on a member: its length, the digits of a numeral, a literal's
// size in bits.
const (
	maxMember = 300
	maxDigits = 30
	maxBits   = 4096
)

// value is the exact value of the closed member s, its bare numerals
// read in base (ten, or a base the text names): numerals with a base
// subscript, absolute values and a progression with an ellipsis are
// replaced by their values, and the rest is read as symexpr reads it.
func value(s string, base int) (*big.Rat, bool) {
	if len(s) > maxMember || strings.ContainsAny(s, "%'\"") || gluedNumbers(s) {
		return nil, false
	}
	if mathtext.HasAny(s, `\cdots`, `\ldots`, `\dots`, "...", "…") {
		return progression(s, base)
	}
	t, ok := numerals(commonLog(s), base)
	if !ok {
		return nil, false
	}
	if t, ok = absolute(t); !ok {
		return nil, false
	}
	return closed(t)
}

// closed reads s as a closed expression and evaluates it over the
// rationals; a name, an ambiguous summand, a quotient before a product
// ("6 / 2 \cdot 3") or a value past maxBits is no value.
func closed(s string) (*big.Rat, bool) {
	if strings.Contains(s, "/") && mathtext.HasAny(s, `\cdot`, `\times`, "*", "×", "·") || strings.Contains(s, "|") {
		return nil, false
	}
	e, info, err := symexpr.ReadDefsInfo(s, nil)
	if err != nil || info.Ambig || symexpr.HasVar(e) {
		return nil, false
	}
	v, err := symexpr.Eval(e, nil)
	if err != nil || v.Num().BitLen()+v.Denom().BitLen() > maxBits {
		return nil, false
	}
	return v, true
}

// literal writes v as text symexpr reads, in brackets.
func literal(v *big.Rat) string {
	if v.IsInt() {
		return "(" + v.Num().String() + ")"
	}
	n := new(big.Int).Abs(v.Num())
	sign := ""
	if v.Sign() < 0 {
		sign = "-"
	}
	return "(" + sign + `\frac{` + n.String() + "}{" + v.Denom().String() + "})"
}

// numeral is the value of the digits s (with at most one point) in base
// b, or false when a digit is not one of the base's.
func numeral(s string, b int) (*big.Rat, bool) {
	if len(s) == 0 || len(s) > maxDigits || b < 2 || b > 36 {
		return nil, false
	}
	num, den, bb := new(big.Int), big.NewInt(1), big.NewInt(int64(b))
	point := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			if point || i == 0 || i == len(s)-1 {
				return nil, false
			}
			point = true
			continue
		}
		d := int(c - '0')
		if !mathtext.IsDigit(c) || d >= b {
			return nil, false
		}
		num.Mul(num, bb).Add(num, big.NewInt(int64(d)))
		if point {
			den.Mul(den, bb)
		}
	}
	return new(big.Rat).SetFrac(num, den), true
}

// numerals replaces each numeral with a base subscript ("1121_3",
// "3.5_{10}") by its value, each decimal by its value as a fraction, and
// with base other than ten each bare numeral by its value in that base. A subscript that is no numeral base,
// a digit a base lacks, or a numeral glued to a letter before it, in
// another base, fails.
func numerals(s string, base int) (string, bool) {
	if !strings.Contains(s, "_") && !strings.Contains(s, ".") && base == 10 {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c == '_' && !strings.HasSuffix(s[:i], `\log`) {
			return "", false // a subscript of a name
		}
		if !mathtext.IsDigit(c) {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(s) && (mathtext.IsDigit(s[j]) || s[j] == '.' && j+1 < len(s) && mathtext.IsDigit(s[j+1])) {
			j++
		}
		digits := s[i:j]
		if j < len(s) && s[j] == '_' {
			sb, k, ok := subscriptBase(s, j+1)
			if !ok {
				return "", false
			}
			v, ok := numeral(digits, sb)
			if !ok {
				return "", false
			}
			b.WriteString(literal(v))
			i = k
			continue
		}
		if base != 10 {
			if i > 0 && (mathtext.IsASCIILetter(s[i-1]) || s[i-1] == '.') {
				return "", false // "\frac12", ".5": not one numeral
			}
			v, ok := numeral(digits, base)
			if !ok {
				return "", false
			}
			if v.IsInt() {
				b.WriteString(v.Num().String())
			} else {
				b.WriteString(literal(v))
			}
		} else if strings.Contains(digits, ".") {
			v, ok := numeral(digits, 10)
			if !ok {
				return "", false
			}
			b.WriteString(literal(v)) // symexpr reads no decimals
		} else {
			b.WriteString(digits)
		}
		i = j
	}
	return b.String(), true
}

// subscriptBase reads the base of a subscript at s[i:] ("3", "{12}"):
// the base and where it ends. A base is a whole number from 2 to 36.
func subscriptBase(s string, i int) (int, int, bool) {
	var digits string
	end := i
	switch {
	case i < len(s) && mathtext.IsDigit(s[i]):
		digits, end = s[i:i+1], i+1
	case i < len(s) && s[i] == '{':
		k := strings.IndexByte(s[i:], '}')
		if k < 0 {
			return 0, 0, false
		}
		digits, end = strings.TrimSpace(s[i+1:i+k]), i+k+1
	default:
		return 0, 0, false
	}
	if len(digits) == 0 || len(digits) > 2 || end < len(s) && mathtext.IsDigit(s[end]) {
		return 0, 0, false
	}
	n := 0
	for k := 0; k < len(digits); k++ {
		if !mathtext.IsDigit(digits[k]) {
			return 0, 0, false
		}
		n = 10*n + int(digits[k]-'0')
	}
	if n < 2 || n > 36 {
		return 0, 0, false
	}
	return n, end, true
}

// spacings are the blanks and spacing commands that may stand between
// digit groups ("010\ 101", "1\,000").
var spacings = []string{" ", "\t", "\n", `\ `, `\,`, `\;`, `\:`, `\!`, "~", "{}"}

// gluedNumbers reports two numbers with only spacing between them: digit
// groups of one numeral ("010\ 101\ 001_{2}", "1\,000"), or a number
// and another, which no operation joins.
func gluedNumbers(s string) bool {
	for i := 0; i < len(s); i++ {
		if !mathtext.IsDigit(s[i]) && s[i] != '}' && s[i] != '_' {
			continue
		}
		j, spaced := i+1, false
		for j < len(s) {
			k := 0
			for _, sp := range spacings {
				if strings.HasPrefix(s[j:], sp) {
					k = len(sp)
					break
				}
			}
			if k == 0 {
				break
			}
			j += k
			spaced = true
		}
		if spaced && j < len(s) && mathtext.IsDigit(s[j]) && mathtext.IsDigit(s[i]) {
			return true
		}
		i = j - 1
	}
	return false
}

// commonLog writes \lg, the logarithm to base 10, as \log_{10}.
func commonLog(s string) string {
	if !strings.Contains(s, `\lg`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.HasPrefix(s[i:], `\lg`) && (i+3 == len(s) || !mathtext.IsASCIILetter(s[i+3])) {
			b.WriteString(`\log_{10}`)
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
