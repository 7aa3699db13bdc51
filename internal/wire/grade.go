package wire

import (
	"github.com/leanprm/leanprm/hybrid/outcome"
	"github.com/leanprm/leanprm/internal/config"
)

// Grader is the answer grader of a process, built once from the configuration's grade.* keys
// (docs/OUTCOME.md, "Policy"): every command that grades answers (grade, check, serve and its
// workers, select, search, label, eval outcome) is handed this one, so that a setting changes
// every verdict the process pays. The configuration checked the values at load; an error here
// is a value outside outcome's, named.
func Grader(cfg *config.Config) (*outcome.Grader, error) {
	return outcome.New(outcome.GraderOptions{
		Percent:    string(cfg.Grade.Percent),
		BareNumber: string(cfg.Grade.BareNumber),
	})
}
