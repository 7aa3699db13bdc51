// Package vllm forwards to hybrid/prm/vllm, where the vLLM client now
// lives, for the commands that still import the old path. The lead deletes
// this file once nothing does (issue 11, phase 3).
package vllm

import "github.com/leanprm/leanprm/hybrid/prm/vllm"

type Options = vllm.Options

const (
	ModeQwen = vllm.ModeQwen
	ModeStep = vllm.ModeStep
)

func New(opts Options) (*vllm.Client, error) { return vllm.New(opts) }
