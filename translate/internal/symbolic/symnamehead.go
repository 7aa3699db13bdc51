package symbolic

import (
	"slices"

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
