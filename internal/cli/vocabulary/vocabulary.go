// Package vocabulary keeps the command line's one vocabulary across commands: --format is
// what a command reads and --output-format what it writes, a generator's settings start with
// --generator-, --json is one JSON document and --jsonl one a line, a flag that takes a file
// shows FILE. The old spellings it replaced are refused with a hint naming the new one.
package vocabulary

import (
	"fmt"
	"strings"
)

// Renamed are the flags spelled differently before the vocabulary was settled on: by command
// path, the old name and the new. The old name is refused with a hint naming the new, never
// read with a new meaning.
var Renamed = map[string]map[string]string{
	"leanprm search": {
		"retries":  "--generator-retries N",
		"rollouts": "--mcts-rollouts (a switch; label's --rollouts is a count)",
	},
	"leanprm label": {
		"input-format": "--format FORMAT (the input format, as in check; the output format is --output-format)",
	},
	"leanprm verify-proof": {
		"report": "--output-format FORMAT (table, jsonl or json)",
	},
}

// Hint is the hint for err, a flag parse error of the command at path (cobra's CommandPath),
// when the unknown flag is an old spelling; else "".
func Hint(path string, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return ""
	}
	if repl, ok := Renamed[path][name]; ok {
		return fmt.Sprintf("--%s is now %s", name, repl)
	}
	return ""
}
