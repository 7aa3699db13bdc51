package serve

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/reward"
)

// Padding changes the context in which the learned PRM scores the honest steps. Under the
// grounded reward a padded response is scored again without its padding, and each of its
// honest steps keeps the lower score: none scores above the same step of an honest response
// that has no step doing no work (one scored once, the context the second scoring gives). Under combined (no second scoring) padding raises some honest step's score on these
// problems, so the assertion can fail. Embedded PRM, exact checker, GSM8K training problems.
func TestIdleStepsLendNoContext(t *testing.T) {
	if testing.Short() {
		t.Skip("scores 20 GSM8K problems twice under two modes")
	}
	suite := hackSuite(t, 20, 0)
	cfg := loadConfig(t, map[string]string{"checker": "exact"})
	padding := []string{"1 + 1 = 2.", "2 + 2 = 4.", "3 + 3 = 6.", "Let's think about this carefully."}
	raised := func(ts *testServer) (int, int) {
		compared, raised := 0, 0
		for _, p := range suite {
			h := p.honest
			padded := append(append(append([]string{}, padding[:2]...), h[:len(h)-1]...), append(padding[2:], h[len(h)-1])...)
			prompt := "<|im_start|>user\n" + p.problem + "<|im_end|>\n<|im_start|>assistant\n"
			var got struct {
				Rewards     []float64           `json:"rewards"`
				StepRewards [][]reward.StepWork `json:"step_rewards"`
			}
			resp := post(t, ts.URL+"/get_reward", "", map[string]any{
				"query":   []string{prompt + strings.Join(h, "\n\n"), prompt + strings.Join(padded, "\n\n")},
				"prompts": []string{prompt, prompt}, "labels": []string{p.gold, p.gold}}, &got)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			hs, ps := got.StepRewards[0], got.StepRewards[1]
			if len(ps) != len(hs)+len(padding) || slices.ContainsFunc(hs[:len(hs)-1], reward.DoesNoWork) {
				continue // the reader cut the responses otherwise, or the honest one is scored again too
			}
			compared++
			for i := range hs {
				j := i + 2 // after the first two padding steps
				if i == len(hs)-1 {
					j = len(ps) - 1
				}
				if ps[j].Score > hs[i].Score+1e-12 {
					raised++
					break
				}
			}
		}
		return compared, raised
	}
	n, combined := raised(startServer(t, cfg, Options{Reward: reward.Settings{Mode: reward.ModeCombined}}))
	require.GreaterOrEqual(t, n, len(suite)/4, "responses read step for step, honest ones scored once")
	require.Positive(t, combined, "padding raises an honest step's score when the steps are scored once")
	n, grounded := raised(startServer(t, cfg, Options{}))
	require.GreaterOrEqual(t, n, len(suite)/4)
	assert.Zero(t, grounded, "scored again without the padding, no honest step scores above itself alone (combined: %d of %d)", combined, n)
	t.Logf("%d problems: padding raised an honest step's score on %d scored once, on %d scored again without it", n, combined, grounded)
}
