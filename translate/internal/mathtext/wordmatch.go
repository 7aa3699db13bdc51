package mathtext

import (
	"strings"
	"unicode/utf8"
)

// WordMatcher finds the first word of a text in a set: whole words,
// word prefixes ("simplif" for simplifies) and phrases.
type WordMatcher struct {
	words    map[string]bool
	prefixes []string
	phrases  []string
	shapes   [64]uint64 // the words' shapes (shapeBit): a word of another shape is not looked up
	pfirsts  [4]uint64  // the first bytes of prefixes (all bytes for an empty prefix)
}

// byteSet marks the byte c in set.
func byteSet(set *[4]uint64, c byte) { set[c>>6] |= 1 << (c & 63) }

// byteIn reports the byte c in set.
func byteIn(set *[4]uint64, c byte) bool { return set[c>>6]&(1<<(c&63)) != 0 }

// NewWordMatcher matches the words, the word prefixes and the phrases.
func NewWordMatcher(words, prefixes, phrases []string) *WordMatcher {
	m := &WordMatcher{words: map[string]bool{}, prefixes: prefixes, phrases: phrases}
	for _, w := range words {
		m.words[w] = true
		h := shapeBit(w)
		m.shapes[h>>6] |= 1 << (h & 63)
	}
	for _, p := range prefixes {
		if p == "" {
			m.pfirsts = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
			break
		}
		byteSet(&m.pfirsts, p[0])
	}
	return m
}

// FindString returns the first matching word of the lower-cased text s.
func (m *WordMatcher) FindString(s string) string {
	var f *pairFilter // the phrases' pre-filter, as in HasAny
	if len(m.phrases) >= minFilterWords && len(s) >= minFilterBytes {
		f = new(pairFilter)
		f.mark(s)
	}
	for _, p := range m.phrases {
		if (f == nil || f.mayHold(p)) && strings.Contains(s, p) {
			return p
		}
	}
	i := 0
	for i < len(s) {
		for i < len(s) && !IsWordByte(s[i]) {
			if s[i] == '?' && m.words["?"] {
				return "?"
			}
			i++
		}
		j := i
		for j < len(s) && IsWordByte(s[j]) {
			j++
		}
		if j > i {
			w := s[i:j]
			if h := shapeBit(w); m.shapes[h>>6]&(1<<(h&63)) != 0 && m.words[w] {
				return w
			}
			if !byteIn(&m.pfirsts, w[0]) {
				i = j
				continue // no prefix opens with its first byte
			}
			for _, p := range m.prefixes {
				if strings.HasPrefix(w, p) {
					return w
				}
			}
		}
		i = j
	}
	return ""
}

// MatchString reports whether any word of s matches.
func (m *WordMatcher) MatchString(s string) bool { return m.FindString(s) != "" }

// IsWordByte reports a byte of a word: an ASCII letter or an apostrophe.
func IsWordByte(c byte) bool { return IsASCIILetter(c) || c == '\'' }

// HasAny reports one of words in s: the cheap test readers run before
// their patterns. With several words and a long s, the pairs of adjacent
// bytes of s are marked first (pairFilter), and only a word whose pairs
// are all marked is searched: a word with a pair s lacks is not in s.
func HasAny(s string, words ...string) bool {
	if len(words) < minFilterWords || len(s) < minFilterBytes {
		for _, w := range words {
			if strings.Contains(s, w) {
				return true
			}
		}
		return false
	}
	var f pairFilter
	f.mark(s)
	for _, w := range words {
		if f.mayHold(w) && strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// HasAny marks the pairs of s when it searches at least minFilterWords
// words in at least minFilterBytes bytes: below, the searches alone cost
// less than the marking.
const minFilterWords, minFilterBytes = 4, 64

// pairFilter is a set of pairs of adjacent bytes, hashed to 4096 entries
// of a byte each (marking one is a store, not a read and a write of a word
// that other pairs share): a pair it lacks is in no string it marked (two
// pairs may share an entry, so one it holds may be absent).
type pairFilter [4096]byte

// pairBit is the entry of the pair a, b.
func pairBit(a, b byte) uint { return (uint(a)*31 + uint(b)) & 4095 }

// mark adds the pairs of s.
func (f *pairFilter) mark(s string) {
	for i := 1; i < len(s); i++ {
		f[pairBit(s[i-1], s[i])] = 1
	}
}

// mayHold reports that every pair of w is marked: false only when w is in
// no string marked.
func (f *pairFilter) mayHold(w string) bool {
	for i := 1; i < len(w); i++ {
		if f[pairBit(w[i-1], w[i])] == 0 {
			return false
		}
	}
	return true
}

// DigitThenWord reports a digit, whitespace ([\t\n\f\r ]) and one of words
// (lower-case ASCII, matched in any case) in s: a plain test before a
// pattern that needs a number right before a verb. It holds for any s with
// a byte outside ASCII, which a case-insensitive pattern may fold ("ſ" is
// "s" to it).
func DigitThenWord(s string, words ...string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	for i := 0; i < len(s); i++ {
		if !IsDigit(s[i]) {
			continue
		}
		j := i + 1
		for j < len(s) && strings.IndexByte(" \t\n\f\r", s[j]) >= 0 {
			j++
		}
		for _, w := range words {
			if j > i+1 && len(s)-j >= len(w) && strings.EqualFold(s[j:j+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// sizingCommands drops \left and \right.
var sizingCommands = strings.NewReplacer(`\left`, "", `\right`, "")

// DropSizing returns s without the sizing commands \left and \right, whose
// letters would read as \le and \ge (and more) in a search for relations;
// s itself, with no copy, when it holds neither.
func DropSizing(s string) string {
	if !strings.Contains(s, `\left`) && !strings.Contains(s, `\right`) {
		return s
	}
	return sizingCommands.Replace(s)
}
