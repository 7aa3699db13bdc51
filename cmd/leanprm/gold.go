package main

import (
	"fmt"
	"os"
	"sort"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// goldFlag is --gold-file: ground-truth answers by chain id, for inputs whose format carries
// none (or to replace the one it carries).
type goldFlag struct {
	path    string
	answers map[string]string
	used    map[string]bool
	rowErrs []chain.RowError
}

func (g *goldFlag) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&g.path, "gold-file", "", `JSON Lines of {"id", "gold"}: each chain's ground-truth final answer (replaces the one the input has)`)
}

// load reads the file, if one was named. Unreadable rows are kept for reportRowErrors (the
// others are used); a file that cannot be opened is a run error.
func (g *goldFlag) load() error {
	if g.path == "" {
		return nil
	}
	f, err := os.Open(g.path)
	if err != nil {
		return fmt.Errorf("--gold-file: %w", err)
	}
	defer f.Close()
	g.answers, g.rowErrs, err = chain.ReadGold(f, g.path)
	if err != nil {
		return fmt.Errorf("--gold-file: %w", err)
	}
	g.used = map[string]bool{}
	return nil
}

// apply gives r its gold answer from the file, when the file has r's id.
func (g *goldFlag) apply(r *hybrid.Scored) {
	if a, ok := g.answers[r.ID]; ok {
		r.GoldAnswer, g.used[r.ID] = a, true
	}
}

// applyAll applies the file to every result.
func (g *goldFlag) applyAll(rs []hybrid.Scored) {
	for i := range rs {
		g.apply(&rs[i])
	}
}

// unused says on stderr how many of the file's ids matched no chain: a gold answer for a
// chain that is not there is most often a typo in an id, which would otherwise pass unseen.
func (g *goldFlag) unused(e *env) {
	var ids []string
	for id := range g.answers {
		if !g.used[id] {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return
	}
	sort.Strings(ids)
	fmt.Fprintf(e.stderr, "leanprm: --gold-file: %d id(s) match no chain of the input (first: %q)\n", len(ids), ids[0])
}
