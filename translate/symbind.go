package translate

import (
	"math/big"
	"sort"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Names bound in earlier steps. The arithmetic reader's bindings
// (chain.go: "c = 42 · 56", "Let S = 1 + 2 + 3", with its rules: a name
// given two values, bound in a conditional sentence, or introduced afresh
// is no constant) also reach the symbolic reader: a name bound to one exact
// number before a step is replaced by that number there. Only in lines the
// arithmetic reader cannot decide itself: every member closed once the
// names are replaced, and one holding a factorial, binomial, radical, gcd,
// lcm, floor, ceiling or logarithm (\binom{n}{2} with n = 12). Elsewhere
// the line is read as if nothing were bound.

// exactAt returns the names bound to one exact number (no rounding)
// before step, or nil.
func (b *bindings) exactAt(step int) map[string]*big.Rat {
	var out map[string]*big.Rat
	names := make([]string, 0, len(b.scopes))
	for name := range b.scopes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !symNameForm(name) {
			continue
		}
		v, why := b.lookup(name, pos{step, 0})
		if why != "" || v.V == nil || v.Inf || v.R != nil && v.R.Sign() != 0 {
			continue
		}
		if out == nil {
			out = map[string]*big.Rat{}
		}
		out[name] = v.V
	}
	return out
}

// symNameForm reports whether the symbolic reader spells a name as the
// arithmetic reader does: one letter, or one letter and a subscript.
func symNameForm(name string) bool {
	if len(name) == 0 || !mathtext.IsASCIILetter(name[0]) || name == "e" || name == "i" {
		return false
	}
	return len(name) == 1 || len(name) >= 3 && name[1] == '_'
}
