package hybrid

import (
	"io"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// Forwarders to package chain, where chains and their readers now live, for
// the code that still names them here (cmd, track A's Lean-step adapter).
// The lead deletes this file once nothing does (issue 11, phase 3).

type (
	Chain               = chain.Chain
	Step                = chain.Step
	Label               = chain.Label
	Format              = chain.Format
	RowError            = chain.RowError
	FormatMismatchError = chain.FormatMismatchError
	DataQuirk           = chain.DataQuirk
)

const (
	Unlabeled = chain.Unlabeled
	Correct   = chain.Correct
	Wrong     = chain.Wrong
	NoError   = chain.NoError
	NoLabel   = chain.NoLabel

	FormatAuto         = chain.FormatAuto
	FormatProcessBench = chain.FormatProcessBench
	FormatPRMBench     = chain.FormatPRMBench
	FormatMRGSM8K      = chain.FormatMRGSM8K
	FormatTRL          = chain.FormatTRL
	FormatGSM8K        = chain.FormatGSM8K
	FormatText         = chain.FormatText

	MaxRowBytes       = chain.MaxRowBytes
	MaxWholeFileBytes = chain.MaxWholeFileBytes
)

var (
	ErrRowTooLarge  = chain.ErrRowTooLarge
	ErrFileTooLarge = chain.ErrFileTooLarge
)

func Formats() []Format                                     { return chain.Formats() }
func ParseFormat(s string) (Format, error)                  { return chain.ParseFormat(s) }
func SplitQuirks(errs []RowError) (rest, quirks []RowError) { return chain.SplitQuirks(errs) }

func ReadChains(path string, format Format) ([]Chain, []RowError, error) {
	return chain.Read(path, format)
}

func DecodeChains(r io.Reader, name string, format Format) ([]Chain, []RowError, error) {
	return chain.Decode(r, name, format)
}
