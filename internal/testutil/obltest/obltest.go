// Package obltest holds the checks the fuzz targets of the translator's
// readers make of every obligation a reader returns for arbitrary text.
package obltest

import (
	"testing"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/obligation"
)

// Shape fails t when an obligation's span is not a span of text, or when
// text is valid UTF-8 and the obligation's proposition or span text is not
// (a rune cut in two).
func Shape(t testing.TB, text string, obls []obligation.Obligation) {
	t.Helper()
	for _, o := range obls {
		if !o.Span.Of(text) {
			t.Fatalf("span %+v outside %q", o.Span, text)
		}
		if utf8.ValidString(text) && !utf8.ValidString(o.Prop) {
			t.Fatalf("prop %q not UTF-8", o.Prop)
		}
		if utf8.ValidString(text) && !utf8.ValidString(o.Span.Text) {
			t.Fatalf("span %q cuts a rune of %q", o.Span.Text, text)
		}
	}
}
