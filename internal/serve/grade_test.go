package serve

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/hybrid/reward"
)

// The server grades with the configuration's grader (Build: wire.Grader): a response answering
// 50 against the label 50% is paid 1 by default on /get_reward and /v1/score, and 0 under
// grade.percent: fraction (50% is 0.5 only), the outcome's reason naming the setting.
func TestServeGradesWithConfiguredGrader(t *testing.T) {
	for _, c := range []struct {
		percent, verdict string
		paid             float64
	}{{"", "equal", 1}, {"fraction", "different", 0}} {
		settings := map[string]string{"checker": "exact"}
		if c.percent != "" {
			settings["grade.percent"] = c.percent
		}
		ts := startServer(t, loadConfig(t, settings), Options{Reward: reward.Settings{Mode: reward.ModeOutcome}})
		var rewards outcomeRewardAnswer
		resp := post(t, ts.URL+"/get_reward", "", `{"query": ["Q? Step 1: Half is 50 percent.\nStep 2: The answer is \\boxed{50}."], "prompts": ["Q?"], "labels": ["50\\%"]}`, &rewards)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, []float64{c.paid}, rewards.Rewards, "percent %q", c.percent)
		assert.Equal(t, []float64{c.paid}, rewards.ExtraLogs["leanprm_outcome_equal"], "percent %q", c.percent)

		var got struct {
			Chains []struct {
				Reward  *float64        `json:"reward"`
				Outcome *reward.Outcome `json:"outcome"`
			} `json:"chains"`
		}
		resp = post(t, ts.URL+"/v1/score", "", `{"chains": [{"id": "a", "problem": "What is half, in percent?", "steps": ["Half is 50 percent.", "The answer is \\boxed{50}."], "gold": "50\\%"}]}`, &got)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Len(t, got.Chains, 1)
		o := got.Chains[0].Outcome
		require.NotNil(t, o)
		assert.Equal(t, c.verdict, string(o.Verdict), o.Reason)
		require.NotNil(t, got.Chains[0].Reward)
		assert.Equal(t, c.paid, *got.Chains[0].Reward)
		if c.percent != "" {
			assert.Contains(t, o.Reason, "(grade.percent: "+c.percent+")")
		}
	}
}
