package discourse

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Struck-out text: "~~6 × 7 = 43~~", "<s>…</s>", "<del>…</del>",
// "\sout{…}", "\cancel{…}", "\xcancel{…}", "\st{…}". The writer deletes
// what is struck; a claim there, or one that a struck stretch cuts
// ("6 × 7 = ~~43~~ 42"), is not made.

// strikeCommands take a group that they strike out.
var strikeCommands = []string{`\sout{`, `\cancel{`, `\xcancel{`, `\bcancel{`, `\st{`}

// strikeCommandIn reports one of strikeCommands in text. Each ends with
// "{", so only the text up to each brace is compared: one pass over text
// instead of one per command.
func strikeCommandIn(text string) bool {
	for i := 0; ; i++ {
		k := strings.IndexByte(text[i:], '{')
		if k < 0 {
			return false
		}
		i += k
		for _, c := range strikeCommands {
			if strings.HasSuffix(text[:i+1], c) {
				return true
			}
		}
	}
}

// maxStruck bounds the struck stretches read in one step.
const maxStruck = 64

// readStruck finds the struck stretches of text, in one pass per mark.
func (r *Reading) readStruck(text string) {
	if !strings.Contains(text, "~~") && !strings.Contains(text, "<s>") && !strings.Contains(text, "<del>") &&
		!strikeCommandIn(text) {
		return
	}
	pair := func(open, close string) {
		for i := 0; i < len(text) && len(r.struck) < maxStruck; {
			s := strings.Index(text[i:], open)
			if s < 0 {
				return
			}
			s += i
			e := strings.Index(text[s+len(open):], close)
			if e < 0 {
				return
			}
			e += s + len(open) + len(close)
			r.struck = append(r.struck, [2]int{s, e})
			i = e
		}
	}
	pair("~~", "~~")
	pair("<s>", "</s>")
	pair("<del>", "</del>")
	for _, c := range strikeCommands {
		for i := 0; i < len(text) && len(r.struck) < maxStruck; {
			s := strings.Index(text[i:], c)
			if s < 0 {
				break
			}
			s += i
			e := mathtext.MatchBrace(text, s+len(c)-1, len(text))
			if e < 0 {
				break
			}
			r.struck = append(r.struck, [2]int{s, e + 1})
			i = e + 1
		}
	}
}

// Struck reports whether the bytes [s, e) meet a struck-out stretch.
func (r *Reading) Struck(s, e int) bool {
	if r == nil {
		return false
	}
	for _, k := range r.struck {
		if k[0] < e && s < k[1] {
			return true
		}
	}
	return false
}
