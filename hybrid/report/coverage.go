package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/leanprm/leanprm/hybrid/bench"
)

// WriteCoverage writes the formal half's step states per subset (proved,
// disproved, formalized but undecided, not formalized with its reasons)
// and its first-error recall, the figures to read beside the F1 table.
func WriteCoverage(w io.Writer, covs []bench.Coverage) error {
	if len(covs) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "subset\tsteps\tproved\tdisproved\tundecided\tnot formalized\tfirst-error recall\trefuted early\t")
	for _, c := range covs {
		nf := 0
		for _, v := range c.NotFormalized {
			nf += v
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d/%d = %.1f%%\t%d of %d\t\n", c.Subset, c.Steps, c.Proved, c.Disproved, c.Undecided, nf,
			c.FirstErrorRefuted, c.Erroneous, c.FirstErrorRecall, c.RefutedEarly, c.Refuted)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// The reasons, one line per subset.
	for _, c := range covs {
		keys := make([]string, 0, len(c.NotFormalized))
		for k := range c.NotFormalized {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if c.NotFormalized[keys[i]] != c.NotFormalized[keys[j]] {
				return c.NotFormalized[keys[i]] > c.NotFormalized[keys[j]]
			}
			return keys[i] < keys[j]
		})
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s %d", k, c.NotFormalized[k])
		}
		if _, err := fmt.Fprintf(w, "not formalized, %s: %s\n", c.Subset, strings.Join(parts, ", ")); err != nil {
			return err
		}
	}
	return nil
}
