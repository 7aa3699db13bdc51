package translate

import "strings"

// Why a step was not formalized, in the few classes a coverage report
// shows (eval's coverage table; the classes of Safe's "not formalized").
const (
	NotFormalNoClaim    = "no claim"     // nothing that looks like a checkable relation
	NotFormalNames      = "names"        // a claim with names not bound, or several
	NotFormalNotation   = "notation"     // notation or a form the readers do not read
	NotFormalNotClaimed = "not asserted" // hedged, supposed, tested, a condition or a branch
	NotFormalProse      = "prose"        // a side that is prose, a label, a unit or a word around it
	NotFormalLimit      = "limit"        // a limit, invalid UTF-8 or a step too long
	NotFormalOther      = "other"        // anything else
)

// NotFormalized is why s has no obligation, as one of the NotFormal
// classes: the class of its first candidate left alone, or
// NotFormalNoClaim. It is "" when s has an obligation.
func (s StepResult) NotFormalized() string {
	if len(s.Obligations) > 0 {
		return ""
	}
	if len(s.Skipped) == 0 {
		return NotFormalNoClaim
	}
	sk := s.Skipped[0]
	if sk.Limit || strings.HasPrefix(sk.Reason, stepTooLong) || strings.Contains(sk.Reason, "UTF-8") {
		return NotFormalLimit
	}
	r := sk.Reason
	switch {
	case strings.Contains(r, "name"):
		return NotFormalNames
	case strings.Contains(r, "hedg") || strings.Contains(r, "reject") || strings.Contains(r, "condition") ||
		strings.Contains(r, "case") || strings.Contains(r, "supposition") || strings.Contains(r, "tested") ||
		strings.Contains(r, "branch") || strings.Contains(r, "conditional"):
		return NotFormalNotClaimed
	case strings.Contains(r, "prose") || strings.Contains(r, "word") || strings.Contains(r, "unit") ||
		strings.Contains(r, "label") || strings.Contains(r, "operand"):
		return NotFormalProse
	case strings.Contains(r, "unsupported") || strings.Contains(r, "notation") || strings.Contains(r, "left alone") ||
		strings.Contains(r, "bracket") || strings.Contains(r, "exponent") || strings.Contains(r, "root") ||
		strings.Contains(r, "subscript") || strings.Contains(r, "normalise") || strings.Contains(r, "glued"):
		return NotFormalNotation
	}
	return NotFormalOther
}
