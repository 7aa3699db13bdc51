package translate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deckfactTraps pin the counts in words of the cards of a standard deck
// (docs/TRANSLATE.md, "Counts of a standard deck of cards"; package
// deckfact): true counts are left alone, variants in other wording and
// kinds are read, false ones are refuted, and counts of cards left, drawn
// or in a hand, suppositions, and problems with another deck are not read.
// The wording and the numbers are ours.
// deckTrap is a trap with the problem the step answers.
type deckTrap struct {
	family, problem string
	steps           []string
	want, claim     string
}

var deckfactTraps = []deckTrap{
	// True forms: nothing to refute.
	{family: "deckfact true", problem: `A card is drawn from a standard deck. Find the probability that it is a club or a king.`,
		steps: []string{`There are 13 clubs in a standard deck, and 4 kings.`}, want: wantNotRefuted},
	{family: "deckfact true", problem: `A card is drawn from a standard deck. Find the probability that it is a face card.`,
		steps: []string{`A standard deck has 12 face cards, so the probability is 12/52 = 3/13.`}, want: wantNotRefuted},
	{family: "deckfact true", problem: `A card is drawn from a standard deck. Find the probability that it is not a diamond.`,
		steps: []string{`Drawing from a standard 52-card deck, there are 39 non-diamond cards out of 52.`}, want: wantNotRefuted},
	// Not read: part of the deck, a supposition, another deck.
	{family: "deckfact other", problem: `Two cards are drawn from a standard deck without replacement. Find the probability both are clubs.`,
		steps: []string{`After a club is drawn from the standard deck, there are 12 clubs left.`}, want: wantNotRefuted},
	{family: "deckfact other", problem: `Two cards are drawn from a standard deck. Find the probability both are clubs.`,
		steps: []string{`If there were 12 clubs in a standard deck, the answer would change.`}, want: wantNotRefuted},
	{family: "deckfact other", problem: `A deck of 40 cards has four suits of ten cards each. Find the probability of a club.`,
		steps: []string{`In this deck, unlike a standard deck, there are 10 clubs.`}, want: wantNotRefuted},
	{family: "deckfact other", problem: `A standard deck together with 2 jokers is shuffled. Find the probability of a joker on top.`,
		steps: []string{`A standard deck with jokers: there are 13 clubs in the deck.`}, want: wantNotRefuted},
	{family: "deckfact other", problem: `Cards are dealt from a standard deck. Find the probability of two kings.`,
		steps: []string{`From the standard deck there are 2 kings in her hand.`}, want: wantNotRefuted},
	// Look-alikes that are real errors: refuted.
	{family: "deckfact wrong", problem: `A card is drawn from a standard 52 card deck. Find the probability that it is not a heart.`,
		steps: []string{`The chance of a non-heart card from a standard 52-card deck is 40/52 = 10/13 (since there are 40 non-heart cards out of 52).`}, want: wantRefuted, claim: "40 non-heart cards"},
	{family: "deckfact wrong", problem: `A card is drawn from a standard deck. Find the probability that it is a face card.`,
		steps: []string{`A standard deck has 16 face cards.`}, want: wantRefuted},
	{family: "deckfact wrong", problem: `A card is drawn from a standard deck. Find the probability that it is red.`,
		steps: []string{`There are 13 red cards in a standard deck of 52.`}, want: wantRefuted},
}

func TestDeckfactTraps(t *testing.T) {
	tr, err := New(Options{})
	require.NoError(t, err)
	for i, c := range deckfactTraps {
		res, err := tr.ChainProblem(context.Background(), fmt.Sprint("deckfact", i), c.problem, c.steps)
		require.NoError(t, err)
		s := res.Steps[len(c.steps)-1]
		assert.True(t, stepAsWanted(s, c.want, c.claim), "%s #%d: %q %q: %s, want %s; obligations %+v; skipped %+v", c.family, i, c.problem, c.steps, s.Verdict, c.want, obligationsOf(s), s.Skipped)
	}
}
