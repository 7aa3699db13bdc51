package deckfact

import (
	"testing"

	"github.com/leanprm/leanprm/internal/testutil/obltest"
)

// TestReadDecides pins the counts refuted and those left alone.
func TestReadDecides(t *testing.T) {
	const std = `Two cards are drawn from a standard deck of 52 cards. What is the probability that both are hearts?`
	cases := []struct {
		problem, text string
		want          int // refutations
	}{
		{std, `In a standard deck there are 13 hearts.`, 0},
		{std, `In a standard deck there are 12 hearts.`, 1},
		{std, `The chance of a non-club card from a standard 52-card deck is 39/52 (since there are 39 non-club cards out of 52).`, 0},
		{std, `The chance of a non-club card from a standard 52-card deck is 36/52 (since there are 36 non-club cards out of 52).`, 1},
		{std, `A standard deck has 16 face cards.`, 1},
		{std, `There are 26 red cards in a standard deck.`, 0},
		{std, `There are 24 red cards in a standard deck.`, 1},
		{std, `After one heart is drawn from the standard deck, there are 12 hearts left.`, 0},
		{std, `In a standard deck there are 12 hearts remaining once one is gone.`, 0},
		{std, `In a standard deck, if there are 12 hearts, the odds change.`, 0},
		{std, `There are 3 aces in her hand from the standard deck.`, 0},
		{`A deck of 40 cards has four suits. Find the chance of a heart.`, `In a standard deck there are 10 hearts.`, 0},
		{`A standard deck with two jokers is shuffled.`, `In a standard deck there are 12 hearts.`, 0},
		{std, `There are 12 hearts.`, 0}, // no standard deck named in the sentence
		{`A deck has 10 hearts and 10 spades. Find the chance of a heart.`, `In a standard deck there are 13 hearts, but here there are 10 hearts.`, 0},
		{std, `Unlike a standard deck, there are 10 hearts.`, 0},
		{`What is 2 + 2?`, `For instance, a standard deck has 14 hearts.`, 1},
	}
	for _, c := range cases {
		if got := len(Read(0, c.problem, c.text, "decide")); got != c.want {
			t.Errorf("%q: %d refutations, want %d", c.text, got, c.want)
		}
	}
}

// FuzzRead checks that Read never panics and that every obligation's span
// is the text it names.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`In a standard deck there are 12 hearts.`, `from a standard 52-card deck (since there are 48 non-spade cards out of 52).`,
		`deck deck deck`, `A standard deck has 16 face cards`, `there are 9999 suits in a deck of 52`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		obltest.Shape(t, text, Read(0, "", text, "decide"))
	})
}
