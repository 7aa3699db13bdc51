package proofchain

import "context"

// Checker judges a chain step by step. The REPL client (repl.Pool, repl.Worker)
// and the language-server client (lsp.Client) implement it. An error means no verdict (the
// checker failed, or the chain is invalid: errors.Is ErrInvalid); a verdict, even "not
// verified", comes as a Result.
type Checker interface {
	CheckChain(ctx context.Context, ch Chain) (*Result, error)
}
