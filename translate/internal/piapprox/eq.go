package piapprox

import (
	"strings"

	"github.com/leanprm/leanprm/translate/obligation"
)

// ReadEq returns the refutations of values in π set equal to a bare
// number with a plain "=" ("80 + 10\pi \, \text{cm}^3 = 80 \,
// \text{cm}^3", "4\pi = 9"): such an "=" is often an approximation, so it
// is read as one, with the tolerance of "≈" (Read), and refuted only when
// the number is farther from the member's values for π from 3.14 to 22/7
// than that. The member may end in a unit only when the number repeats
// it, and the number must close its side (the end of the math, of the
// line or of the sentence: "= 9 \pi" or "= 9 + …" is not a bare number).
// A step may name an approximation of π only when it lies in that range
// ("3.14", "22/7"); one the problem or an earlier step names keeps the
// step alone, as for Read. A step about angles, a problem about
// permutations and π alone before the "=" (a name then) are left alone.
func ReadEq(step int, problem string, before []string, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || !hasPi(text) || strings.IndexByte(text, '=') < 0 || strings.Contains(text, "prime") ||
		strings.Contains(problem, "prime") || strings.Contains(problem, "permutation") || anglesIn(text) {
		return nil
	}
	var out []obligation.Obligation
	for off := 0; off < len(text) && len(out) < maxOut; {
		k := strings.IndexByte(text[off:], '=')
		if k < 0 {
			break
		}
		k += off
		off = k + 1
		if k > 0 && strings.IndexByte("<>!:={", text[k-1]) >= 0 || off < len(text) && strings.IndexByte("=}", text[off]) >= 0 {
			continue // "<=", "==", ":=", "\overset{?}{=}": not a plain "="
		}
		if o, ok := claimAt(step, text, k, off, tactic, true); ok {
			out = append(out, o)
		}
	}
	// The approximations of π named here, in the problem or before are
	// looked for once a claim is read: most steps hold none.
	if len(out) == 0 || !approxInRange(text) || namesPiValue(problem) {
		return nil
	}
	for _, b := range before {
		if namesPiValue(b) {
			return nil
		}
	}
	return out
}

// anglesIn reports a text about angles: "\frac{\pi}{3} = 60" may then
// give radians in degrees with the unit left out.
func anglesIn(text string) bool {
	for _, w := range []string{"angle", "degree", "radian", `\circ`, "°"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// approxInRange reports a text that names no approximation of π, or only
// ones within 3.14 to 22/7 ("3.14", "3.1416", "22/7"), which the range
// read already holds.
func approxInRange(text string) bool {
	if !strings.Contains(text, "3") && !strings.Contains(text, "22") {
		return true
	}
	for _, m := range piApproxRE.FindAllString(text, maxOut) {
		if !strings.Contains(m, "3.14") && !strings.Contains(m, "22") {
			return false
		}
	}
	// More matches than were looked at: keep the step alone.
	return len(piApproxRE.FindAllString(text, maxOut+1)) <= maxOut
}

// unitGroups open a unit written in math.
var unitGroups = []string{`\text{`, `\mathrm{`, `\mbox{`}

// cutUnit splits a unit written at the end of a member ("80 + 10\pi \,
// \text{cm}^3") from it: the member without it and the unit, normalised
// (its letters and power); the member as it is and "" when it ends in no
// unit.
func cutUnit(member string) (string, string) {
	m := strings.TrimRight(member, " ")
	power := ""
	if n := len(m); n >= 2 && m[n-2] == '^' && m[n-1] >= '1' && m[n-1] <= '3' {
		power, m = m[n-2:], m[:n-2]
	} else if n >= 4 && strings.HasSuffix(m, "}") && m[n-4:n-2] == "^{" && m[n-2] >= '1' && m[n-2] <= '3' {
		power, m = "^"+m[n-2:n-1], m[:n-4]
	}
	if !strings.HasSuffix(m, "}") {
		return member, ""
	}
	open := strings.LastIndexByte(m, '{')
	if open < 0 {
		return member, ""
	}
	word := strings.TrimSpace(m[open+1 : len(m)-1])
	if !letters(word) {
		return member, ""
	}
	head := m[:open+1]
	for _, g := range unitGroups {
		if strings.HasSuffix(head, g) {
			rest := strings.TrimRight(head[:len(head)-len(g)], " ~")
			rest = strings.TrimSuffix(rest, `\,`)
			rest = strings.TrimSuffix(rest, `\ `)
			return strings.TrimSpace(rest), word + power
		}
	}
	return member, ""
}

// letters reports a short word of ASCII letters.
func letters(w string) bool {
	if w == "" || len(w) > 12 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// closesSide reports that the number before rest closes its side of the
// "=": after the unit the member ends in (unitText; required then), or
// any unit when the member has none, comes the end of the math, of the
// line or of the sentence.
func closesSide(rest, unitText string) bool {
	rest = skipSpace(rest)
	if u, n := unitAt(rest); n > 0 {
		if unitText != "" && u != unitText {
			return false
		}
		rest = skipSpace(rest[n:])
	} else if unitText != "" {
		return false
	}
	if rest == "" {
		return true
	}
	for _, p := range []string{`\)`, `\]`, "$", `\\`, "\n"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	if strings.IndexByte(".,;", rest[0]) >= 0 {
		return len(rest) == 1 || rest[1] == ' ' || rest[1] == '\n'
	}
	return false
}

// skipSpace drops spaces and the thin spaces of math at the start of s.
func skipSpace(s string) string {
	for {
		t := strings.TrimLeft(s, " ~")
		t = strings.TrimPrefix(t, `\,`)
		t = strings.TrimPrefix(t, `\ `)
		if t == s {
			return s
		}
		s = t
	}
}

// unitAt reads a unit group at the start of s ("\text{cm}^3", "\text{
// cm}^{2}"): its letters and power, and its length; 0 when none.
func unitAt(s string) (string, int) {
	for _, g := range unitGroups {
		if !strings.HasPrefix(s, g) {
			continue
		}
		end := strings.IndexByte(s[len(g):], '}')
		if end < 0 {
			return "", 0
		}
		word := strings.TrimSpace(s[len(g) : len(g)+end])
		if !letters(word) {
			return "", 0
		}
		n := len(g) + end + 1
		tail := s[n:]
		switch {
		case len(tail) >= 2 && tail[0] == '^' && tail[1] >= '1' && tail[1] <= '3':
			return word + tail[:2], n + 2
		case len(tail) >= 4 && strings.HasPrefix(tail, "^{") && tail[2] >= '1' && tail[2] <= '3' && tail[3] == '}':
			return word + "^" + tail[2:3], n + 4
		}
		return word, n
	}
	return "", 0
}
