package chain

import (
	"regexp"
	"strings"
)

// gsm8kRow is a GSM8K row: a question and its reference answer, every step
// of which is right.
type gsm8kRow struct {
	Question *string `json:"question"`
	Answer   *string `json:"answer"`
}

func decodeGSM8K(raw []byte, _ string, c *Chain) error {
	var r gsm8kRow
	if err := unmarshalRow(raw, &r); err != nil {
		return err
	}
	if r.Question == nil {
		return missing("question")
	}
	if r.Answer == nil {
		return missing("answer")
	}
	c.Problem = *r.Question
	c.Steps = toSteps(gsm8kSteps(*r.Answer))
	c.Subset = string(FormatGSM8K)
	c.FirstError = NoError
	labelFromFirstError(c.Steps, NoError)
	c.Gold = gsm8kGold(*r.Answer)
	return nil
}

// gsm8kGold is the answer after the reference solution's last "####" marker, "" without one.
func gsm8kGold(answer string) string {
	i := strings.LastIndex(answer, "####")
	if i < 0 {
		return ""
	}
	rest := answer[i+len("####"):]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	return strings.TrimSpace(rest)
}

var calcAnnotation = regexp.MustCompile(`<<[^<>]*>>`)

// gsm8kSteps splits a GSM8K reference answer into steps, one per line. The
// calculator annotations ("<<48/2=24>>") are dropped: the text around them
// already states the result. The final "#### 72" line becomes
// "The answer is 72."
func gsm8kSteps(answer string) []string {
	var steps []string
	for _, l := range strings.Split(answer, "\n") {
		l = strings.TrimSpace(calcAnnotation.ReplaceAllString(l, ""))
		if l == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(l, "####"); ok {
			l = "The answer is " + strings.TrimSpace(rest) + "."
		}
		steps = append(steps, l)
	}
	return steps
}
