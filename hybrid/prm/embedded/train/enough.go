package train

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid/prm/embedded"
)

// DefaultMinSteps is the fewest labelled steps `leanprm train` writes a model from: below it the held-out
// tenth is a handful of steps, its AUC noise, and the model no better than the one built in.
const DefaultMinSteps = 200

// Enough refuses a model trained on too few labelled steps, with the numbers.
func Enough(s embedded.Summary, minSteps int) error {
	if minSteps <= 0 {
		return nil
	}
	var steps, right, wrong int
	var from []string
	for _, src := range s.Sources {
		right, wrong = right+src.Positive, wrong+src.Negative
		if src.Positive+src.Negative > 0 {
			from = append(from, fmt.Sprintf("%s %d", src.Name, src.Positive+src.Negative))
		}
	}
	steps = right + wrong
	if steps >= minSteps && s.HeldOut.Steps > 0 {
		return nil
	}
	return fmt.Errorf("train: %d labelled steps (%d right, %d wrong; %s) and %d held out (AUC %.2f): too few to write a model worth using (--min-steps %d; no model written). Label more chains, add the data.dir sources (drop --sources), or lower --min-steps to write it anyway",
		steps, right, wrong, strings.Join(from, ", "), s.HeldOut.Steps, s.HeldOut.AUC, minSteps)
}
