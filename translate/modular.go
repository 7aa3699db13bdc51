package translate

import (
	"math/big"
	"slices"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// maxModuli bounds the distinct moduli a chain keeps; past it, no modulus
// is ruled out.
const maxModuli = 64

// modularity is what the chain so far says of modular arithmetic: why "="
// may stand for "≡" ("" while nothing does), the moduli its steps name,
// and whether a modular word named none (then every modulus is possible).
type modularity struct {
	why    string
	moduli []*big.Int
	open   bool
}

// problemModularity starts a chain with the moduli its problem names
// ("the remainder when 2^{100} is divided by 7").
func problemModularity(exact *arith.ExactSet) modularity {
	var m modularity
	ms, open := exact.ProblemModuli()
	m.add(ms)
	m.open = m.open || open
	return m
}

// note adds what a step says. Moduli count from every step ("divided by
// 7" before the first "mod"); the hold starts with the first modular word.
func (m *modularity) note(sc *mathtext.Scan) {
	if m.why == "" && sc.Modular != "" {
		m.why = "modular arithmetic or carries in the chain (\"" + sc.Modular + "\"): \"=\" may stand for \"≡\""
	}
	m.open = m.open || sc.ModulusOpen
	m.add(sc.Moduli)
}

// add adds moduli, each once.
func (m *modularity) add(ms []*big.Int) {
	for _, x := range ms {
		if slices.ContainsFunc(m.moduli, func(y *big.Int) bool { return x.Cmp(y) == 0 }) {
			continue
		}
		if len(m.moduli) >= maxModuli {
			m.open = true
			return
		}
		// Clipped: a context kept in the cache shares the array, and appends never write into it.
		m.moduli = append(slices.Clip(m.moduli), x)
	}
}

// known is the moduli named, nil when some modulus was not named.
func (m modularity) known() []*big.Int {
	if m.open {
		return nil
	}
	return m.moduli
}
