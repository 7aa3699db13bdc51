package symbolic

import (
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/symexpr"
)

// namedChainLink reports a link of a line that names its result and
// rewrites an expression in several names: "x_n = E1 = E2 = E3" (or a
// head that is not read, "f(x) = …", "\text{Area} = …"), where an
// earlier link of the line (E1 = E2) already holds as an identity that is
// no copy, and A = B is a later link between two expressions, neither a
// name (so not a second definition, "S = a + b = T") and neither holding
// the head's name (so not an equation in it, "x = 1 + a/x = …"). Such a
// link claims that B is A rewritten; the leading-terms rule still decides
// whether a false one is refuted. Chains of one name are left to the
// equation readers, which solve them.
func namedChainLink(A, B symMember, c symContext, names []string) bool {
	if !c.chain || c.cont || c.link == 0 || !c.rewrote || len(names) < 2 {
		return false
	}
	if c.head != nil && !isNamePower(c.head) || isNamePower(A.e) || isNamePower(B.e) {
		return false
	}
	if secondFormula(B, c) {
		return false
	}
	if c.head == nil {
		return true // a head not read: "f(x) = …", "\text{Area} = …"
	}
	for _, v := range symexpr.Vars(c.head, map[string]bool{}, nil) {
		if slices.Contains(names, v) {
			return false
		}
	}
	return true
}

// secondFormula reports that B is written as a member of the chain before
// A with other numbers: "r^2 = (h - 2)^2 + k^2 = h^2 - 4h + 4 + k^2 = (h -
// 4)^2 + k^2" gives the head a second formula (the same distance to
// another point), a system rather than a rewriting. (B written as A with
// another number is a slip in copying A and stays a rewriting.)
func secondFormula(B symMember, c symContext) bool {
	if c.skels == nil || B.e == nil {
		return false
	}
	return c.skels.has(c.members, c.link, skeleton(symexpr.Plain(B.e)))
}

// skelSet holds the skeletons of a line's members before the link read
// now; each member's is written once, so a line costs time linear in its
// length however many links it has.
type skelSet struct {
	seen map[string]bool
	upto int
}

// has reports whether one of members[:link] has the skeleton sk.
func (s *skelSet) has(members []symMember, link int, sk string) bool {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	for ; s.upto < link && s.upto < len(members); s.upto++ {
		if e := members[s.upto].e; e != nil {
			s.seen[skeleton(symexpr.Plain(e))] = true
		}
	}
	return s.seen[sk]
}

// skeleton is s with each run of digits (and a decimal point in one) put
// as "#".
func skeleton(s string) string {
	var b strings.Builder
	num := false
	for _, r := range s {
		if r >= '0' && r <= '9' || num && r == '.' {
			if !num {
				b.WriteByte('#')
			}
			num = true
			continue
		}
		num = false
		b.WriteRune(r)
	}
	return b.String()
}
