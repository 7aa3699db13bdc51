package lsp

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Position is an LSP position: a 0-based line and a 0-based column counted in UTF-16 code
// units (PROTOCOL.md §2.8). For `ℕ`, `→`, `∀` one code point is one unit; for astral
// characters such as `𝓤` one code point is two units.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Less orders positions by line, then column.
func (p Position) Less(q Position) bool {
	return p.Line < q.Line || (p.Line == q.Line && p.Character < q.Character)
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Character) }

// Range is a half-open LSP range [Start, End).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

func (r Range) String() string { return r.Start.String() + "-" + r.End.String() }

// REPLPos is a position as the Lean REPL reports it: a 1-based line and a 0-based column
// counted in Unicode code points (PROTOCOL.md §1.4).
type REPLPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// ErrBadPosition is matched by every position conversion error.
var ErrBadPosition = errors.New("lsp: position outside the text")

// Text indexes a document so that positions can be converted between LSP positions, byte
// offsets and REPL positions. Lines end at "\n": Lean's server turns CRLF into LF when a
// document is opened, so its positions refer to the LF text, and Check sends LF text.
// A Text is immutable and safe for concurrent use.
type Text struct {
	s     string
	lines []int // byte offset of the start of each line
}

// NewText indexes s.
func NewText(s string) *Text {
	t := &Text{s: s, lines: []int{0}}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// String returns the indexed text.
func (t *Text) String() string { return t.s }

// LineCount is the number of lines; a text ending in "\n" has an empty last line.
func (t *Text) LineCount() int { return len(t.lines) }

// Line returns line i (0-based) without its "\n".
func (t *Text) Line(i int) (string, error) {
	if i < 0 || i >= len(t.lines) {
		return "", fmt.Errorf("%w: line %d of %d", ErrBadPosition, i, len(t.lines))
	}
	end := len(t.s)
	if i+1 < len(t.lines) {
		end = t.lines[i+1] - 1
	}
	return t.s[t.lines[i]:end], nil
}

// Offset converts an LSP position to a byte offset. A column past the end of its line, or
// one that falls between the two UTF-16 units of an astral character, is an error (Lean
// clamps such positions; a client that produced one has a bug worth seeing).
func (t *Text) Offset(p Position) (int, error) {
	line, err := t.Line(p.Line)
	if err != nil {
		return 0, err
	}
	if p.Character < 0 {
		return 0, fmt.Errorf("%w: negative column in %v", ErrBadPosition, p)
	}
	units := 0
	for i, r := range line {
		if units == p.Character {
			return t.lines[p.Line] + i, nil
		}
		units += utf16Len(r)
		if units > p.Character {
			return 0, fmt.Errorf("%w: column %d splits the UTF-16 pair of %q on line %d", ErrBadPosition, p.Character, r, p.Line)
		}
	}
	if units == p.Character {
		return t.lines[p.Line] + len(line), nil
	}
	return 0, fmt.Errorf("%w: column %d past the end of line %d (%d UTF-16 units)", ErrBadPosition, p.Character, p.Line, units)
}

// PositionAt converts a byte offset (at a character boundary, 0 ≤ off ≤ len) to an LSP
// position.
func (t *Text) PositionAt(off int) (Position, error) {
	if off < 0 || off > len(t.s) {
		return Position{}, fmt.Errorf("%w: offset %d of %d bytes", ErrBadPosition, off, len(t.s))
	}
	if off < len(t.s) && !utf8.RuneStart(t.s[off]) {
		return Position{}, fmt.Errorf("%w: offset %d is inside a character", ErrBadPosition, off)
	}
	line := lineOf(t.lines, off)
	return Position{Line: line, Character: UTF16Len(t.s[t.lines[line]:off])}, nil
}

// ToREPL converts an LSP position to the REPL's (1-based line, code-point column).
func (t *Text) ToREPL(p Position) (REPLPos, error) {
	off, err := t.Offset(p)
	if err != nil {
		return REPLPos{}, err
	}
	return REPLPos{Line: p.Line + 1, Column: utf8.RuneCountInString(t.s[t.lines[p.Line]:off])}, nil
}

// FromREPL converts a REPL position to an LSP position.
func (t *Text) FromREPL(r REPLPos) (Position, error) {
	line, err := t.Line(r.Line - 1)
	if err != nil {
		return Position{}, err
	}
	if r.Column < 0 {
		return Position{}, fmt.Errorf("%w: negative column in REPL position %d:%d", ErrBadPosition, r.Line, r.Column)
	}
	units, n := 0, 0
	for _, c := range line {
		if n == r.Column {
			break
		}
		units += utf16Len(c)
		n++
	}
	if n != r.Column {
		return Position{}, fmt.Errorf("%w: column %d past the end of line %d (%d code points)", ErrBadPosition, r.Column, r.Line, n)
	}
	return Position{Line: r.Line - 1, Character: units}, nil
}

// LineEnd is the position just after the last character of line i.
func (t *Text) LineEnd(i int) (Position, error) {
	line, err := t.Line(i)
	if err != nil {
		return Position{}, err
	}
	return Position{Line: i, Character: UTF16Len(line)}, nil
}

// UTF16Len is the length of s in UTF-16 code units. Invalid UTF-8 bytes count as U+FFFD,
// one unit each, which is how they reach the server after JSON encoding.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16Len(r)
	}
	return n
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// lineOf is the index of the line holding byte offset off.
func lineOf(starts []int, off int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// normalizeText prepares a document for the server: CRLF becomes LF, as the server does on
// didOpen, so that positions computed here match the server's.
func normalizeText(s string) string {
	return strings.ReplaceAll(s, "\r\n", "\n")
}
