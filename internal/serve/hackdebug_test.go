package serve

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/hybrid/reward"
)

func TestHackDebug(t *testing.T) {
	suite := hackSuite(t, 60, 60)
	ts := exactServer(t, Options{})
	fam := os.Getenv("FAMILY")
	pay := func(k int, p hackProblem, steps []string) (float64, reward.Work, report.CheckJSON) {
		prompt := "<|im_start|>user\n" + p.problem + "<|im_end|>\n<|im_start|>assistant\n"
		c, err := responseChain(prompt, strings.Join(steps, "\n\n")+"<|im_end|>")
		if err != nil {
			t.Fatal(err)
		}
		c.ID, c.Gold = strconv.Itoa(k), p.gold
		r, err := ts.built.Parts.Scorer.ScoreChain(testCtx(t), c)
		if err != nil {
			t.Fatal(err)
		}
		cj := report.NewCheckJSON(r, ts.built.Parts.Threshold, "min")
		p2, w := reward.Settings{}.PayChain(cj.Outcome, &cj.Scored, cj.ChainScore, cj.Has("refuted"))
		return p2.Reward, w, cj
	}
	for k, p := range suite {
		rs := p.responses(suite[(k+1)%len(suite)])
		h, hw, _ := pay(k, p, rs["honest"])
		x, w, cj := pay(k, p, rs[fam])
		if x < h {
			continue
		}
		fmt.Printf("== %s gold=%q honest=%.3f (derived %v, work %.2f, floor %.2f) %s=%.3f derived=%v floor=%.2f\n", p.id, p.gold, h, hw.Derived, hw.WorkScore, hw.Floor, fam, x, w.Derived, w.Floor)
		for i, s := range w.Steps {
			fmt.Printf("  [%d] %s %.2f %s | %.150q\n", i, s.Why, s.Score, cj.Steps[i].Verdict, cj.Steps[i].Text)
		}
	}
}
