package translate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestRenderJSONRoundTrip(t *testing.T) {
	res := exactChain(t, "So 6 × 7 = 42 and 3 + 4 = 8.", `\boxed{5}`)
	var buf bytes.Buffer
	if err := Render(&buf, []ChainResult{res}, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var back []ChainResult
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != 1 || len(back[0].Steps) != 2 {
		t.Fatalf("decoded %+v", back)
	}
	got := back[0].Steps[0]
	if got.Verdict != StepRefuted || len(got.Obligations) != 2 {
		t.Fatalf("step %+v", got)
	}
	o := got.Obligations[1]
	if o.Verdict != Refuted || o.Kind != KindEquality || o.Expr != "3 + 4 = 8" || o.Checker != "exact" ||
		o.Span.Text != "3 + 4 = 8" || o.Prop == "" || !strings.HasPrefix(o.LeanNeg, "example : ¬(") {
		t.Errorf("obligation %+v", o)
	}
	if len(back[0].Steps[1].Skipped) != 1 || !strings.Contains(back[0].Steps[1].Skipped[0].Reason, "boxed") {
		t.Errorf("skipped %+v", back[0].Steps[1].Skipped)
	}
}

func TestRenderTable(t *testing.T) {
	res := exactChain(t, "So 6 × 7 = 42.", "Then 3 + 4 = 8.", "Let us think.")
	res.ID = "c1"
	var buf bytes.Buffer
	if err := Render(&buf, []ChainResult{res}, FormatTable); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"chain c1", "checker exact", "6 * 7 = 42", "verified", "3 + 4 = 8", "refuted", "step 3: none"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if err := Render(&buf, nil, "yaml"); err == nil {
		t.Error("an unknown format was accepted")
	}
}

func TestDecodeInputs(t *testing.T) {
	in := `{"id": "a", "steps": ["1 + 1 = 2"], "label": -1}
{"id": "b", "steps": []}
`
	got, err := DecodeInputs(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "a" || got[0].Steps[0] != "1 + 1 = 2" || len(got[1].Steps) != 0 {
		t.Errorf("decoded %+v", got)
	}
	if _, err := DecodeInputs(strings.NewReader(`{"id": "x"}`)); err == nil {
		t.Error("a row without steps was accepted")
	}
	if _, err := DecodeInputs(strings.NewReader(`{"id": `)); err == nil {
		t.Error("broken JSON was accepted")
	}
}
