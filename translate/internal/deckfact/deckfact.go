// Package deckfact decides counts stated in words of the cards of a
// standard 52-card deck (docs/TRANSLATE.md, "Counts of a standard deck of
// cards"): "there are 13 spades in a standard deck", "a standard deck has
// 12 face cards", "(since there are 48 non-spade cards out of 52)". A
// standard deck has 4 suits of 13 cards (spades and clubs black, hearts
// and diamonds red), one ace, king, queen and jack in each suit, and its
// face cards are the jacks, queens and kings.
//
// A count is read only in a sentence that names a standard deck ("standard
// deck", "52-card deck", "deck of 52"), with a problem that names no other
// deck (jokers, another count of cards, cards removed or added, a deck it
// does not call standard), and only
// when the count is the whole deck's: a sentence that speaks of cards left,
// drawn, removed, dealt or in a hand, or of other cards, or that supposes,
// is left alone, and so is a count followed by anything but the deck it
// is in ("there are 3 aces in her hand"). Only false counts make
// obligations.
package deckfact

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// Limits: the step and the problem read, a sentence read, the claims of a
// step.
const (
	maxText     = 20000
	maxSentence = 600
	maxOut      = 2
)

var (
	// countRE reads a count of a kind of card on a flattened sentence.
	// Groups: the count, the kind.
	countRE = regexp.MustCompile(`(?:there\s+(?:are|is)|deck\s+(?:has|contains|includes))\s+(?:exactly\s+|only\s+)?(\d{1,4})\s+` +
		`(non-(?:spade|heart|diamond|club|face)s?(?:\s+cards?)?|(?:spade|heart|diamond|club)s?(?:\s+cards?)?|red\s+cards?|black\s+cards?|face\s+cards?|aces|kings|queens|jacks|suits)\b`)
	// restRE is what may follow a count: the deck it is in, or nothing
	// more of the claim.
	restRE = regexp.MustCompile(`^(?:\s*(?:cards\s*)?(?:[.,;:)]|$|and\s|so\s|which\s|because\s|since\s|in\s+(?:a|the|any|every)\s+(?:standard\s+)?(?:52[- ]card\s+)?deck\b|out\s+of\s+(?:the\s+)?52\b|(?:in\s+the\s+)?deck\b))`)
	// vetoRE in the sentence: a count of part of the deck, or a
	// supposition.
	vetoRE = regexp.MustCompile(`\b(?:left|remain|remains|remaining|after|drawn|removed?|dealt|deal|hand|hands|still|now|other|others|rest|more|fewer|besides|excluding|except|without|among|joker|jokers|if|suppose|assume|assuming|would|could|might|should|wrong|incorrect|each\s+player|per\s+player|already|unlike|instead|special|modified|custom|this\s+deck|our\s+deck)\b|\?`)
	// problemVetoRE in the problem: another deck.
	problemVetoRE = regexp.MustCompile(`\b(?:joker|jokers|removed?|without|discard|discarded|missing|added|extra|pinochle|tarot|uno)\b`)
	// cardsRE is a size of a deck said in the problem ("a 40-card deck",
	// "deck of 36 cards", "the deck has 48 cards").
	cardsRE = regexp.MustCompile(`(\d+)[- ]cards?\s+deck|deck\s+of\s+(\d+)|deck\s+(?:has|contains|with)\s+(\d+)\s+cards|(\d+)\s+cards\s+in\s+(?:the|a|each)\s+deck`)
)

// Read returns the refutations of the false counts of the cards of a
// standard deck in the step's sentences.
func Read(step int, problem, text, tactic string) []obligation.Obligation {
	if len(text) > maxText || len(problem) > maxText || !strings.Contains(text, "deck") {
		return nil
	}
	lp := strings.ToLower(problem)
	if problemVetoRE.MatchString(lp) || !only52(lp) || strings.Contains(lp, "deck") && !strings.Contains(lp, "standard") && !strings.Contains(lp, "52") {
		return nil // another deck, or a deck the problem does not call standard
	}
	var out []obligation.Obligation
	done := 0
	for i := 0; i < len(text) && len(out) < maxOut; {
		k := strings.Index(text[i:], "deck")
		if k < 0 {
			break
		}
		i += k + len("deck")
		if i < done {
			continue
		}
		s, e := mathtext.SentenceSpan(text, i, maxSentence, ".?!", true)
		done = e
		if e-s > maxSentence {
			continue
		}
		flat, at := mathtext.FlattenLower(text, s, e)
		if !standard(flat) || vetoRE.MatchString(flat) {
			continue
		}
		for _, m := range countRE.FindAllStringSubmatchIndex(flat, 4) {
			if len(out) >= maxOut || !restRE.MatchString(flat[m[1]:]) {
				continue
			}
			said, err := strconv.Atoi(flat[m[2]:m[3]])
			kind := flat[m[4]:m[5]]
			want, ok := count(kind)
			if err != nil || !ok || said == want {
				continue
			}
			o := obligation.Obligation{Step: step, Span: mathtext.SpanOf(text, at[m[2]], at[m[5]-1]+1), Kind: obligation.KindEquality,
				OnProof: obligation.Verified, OnDisproof: obligation.Refuted}
			o.Expr = fmt.Sprintf("a standard deck has %d %s", said, kind)
			o.Prop = fmt.Sprintf("(%d : Rat) = (%d : Rat)", said, want)
			o.WhyDisproof = fmt.Sprintf("a standard 52-card deck has %d %s, not %d", want, kind, said)
			o.WhyProof = "as counted"
			o.Note = "a standard deck: 4 suits of 13 cards (spades and clubs black, hearts and diamonds red), one ace, king, queen and jack a suit, 12 face cards (jacks, queens, kings)"
			o.Lean = "example : " + o.Prop + " := by " + tactic
			o.LeanNeg = "example : ¬(" + o.Prop + ") := by " + tactic
			out = append(out, o)
		}
	}
	return out
}

// count is the number of cards of a kind in a standard deck.
func count(kind string) (int, bool) {
	k := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(kind, "cards"), "card"))
	neg := strings.HasPrefix(k, "non-")
	k = strings.TrimSuffix(strings.TrimPrefix(k, "non-"), "s")
	k = strings.TrimSpace(k)
	n := 0
	switch k {
	case "spade", "heart", "diamond", "club":
		n = 13
	case "red", "black":
		n = 26
	case "face":
		n = 12
	case "ace", "king", "queen", "jack", "suit":
		n = 4
	default:
		return 0, false
	}
	if neg {
		if k == "suit" || k == "ace" || k == "king" || k == "queen" || k == "jack" {
			return 0, false
		}
		n = 52 - n
	}
	return n, true
}

// standard reports a sentence that names a standard deck.
func standard(flat string) bool {
	return strings.Contains(flat, "standard deck") || strings.Contains(flat, "standard 52") ||
		strings.Contains(flat, "52-card deck") || strings.Contains(flat, "52 card deck") || strings.Contains(flat, "deck of 52")
}

// only52 reports a problem whose every size of a deck is 52.
func only52(lp string) bool {
	for _, m := range cardsRE.FindAllStringSubmatch(lp, 8) {
		for _, n := range m[1:] {
			if n != "" && n != "52" {
				return false
			}
		}
	}
	return true
}
