package wordcmp

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadDiffer(t *testing.T) {
	got := readDiffer(2, `Since he can only lift whole crates, and 7.5 pounds is half a pound more than 15 pounds, he stops.`, "norm_num")
	require.Len(t, got, 1)
	assert.Equal(t, "15/2 = 15 + 1/2", got[0].Expr)
	assert.Equal(t, "(15/2 : Rat) = (15 : Rat) + ((1 : Rat) / (2 : Rat))", strings.ReplaceAll(got[0].Prop, "((15 : Rat) / (2 : Rat))", "(15/2 : Rat)"))
	assert.Equal(t, "7.5 pounds is half a pound more than 15 pounds", got[0].Span.Text)
	got = readDiffer(0, `Note that 1,250 is 250 less than 1,500.`, "norm_num")
	require.Len(t, got, 1)
	assert.Equal(t, "1250 = 1500 - 250", got[0].Expr)
	assert.Contains(t, got[0].WhyProof, "is 1250")
	for _, s := range []string{
		`So 6.67 is 3.33 more than 3.33.`,               // rounded thirds
		`The sum of 3 and 42 is 12 more than 20.`,       // a longer subject
		`So 42 is 12 more than 20 times 2.`,             // the object is part of more
		`So 90 minutes is 1 hour more than 30 minutes.`, // two units
		`If 42 is 12 more than 20, we stop.`,            // supposed
	} {
		assert.Empty(t, readDiffer(0, s, "norm_num"), s)
	}
}

// FuzzReadDiffer: the differences in words are read in linear time, with spans inside the text
// and a proposition in every declaration.
func FuzzReadDiffer(f *testing.F) {
	for _, s := range []string{
		`Since he can only lift whole crates, and 7.5 pounds is half a pound more than 15 pounds, he stops.`,
		`So 37 is 20 greater than 17, and 12 is three fewer than 15 apples.`,
		`So 1,250 is 250 larger than 1,000.`, ` than `, `1 is 2 more than 3`, `, and 4 is half an hour less than 5 hours.`,
		strings.Repeat("9 is 1 more than 8, and ", 40),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		done := make(chan int, 1)
		var n int
		go func() {
			for _, o := range Read(0, text, "norm_num") {
				if o.Span.Start < 0 || o.Span.End > len(text) || o.Span.Start > o.Span.End {
					t.Errorf("span %d-%d outside %d bytes", o.Span.Start, o.Span.End, len(text))
				}
				if o.Prop == "" || !strings.Contains(o.Lean, o.Prop) {
					t.Errorf("obligation without its proposition: %+v", o)
				}
				n++
			}
			done <- n
		}()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			t.Fatalf("slow: %q", text)
		}
	})
}
