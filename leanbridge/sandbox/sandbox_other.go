//go:build !linux

package sandbox

import (
	"fmt"
	"os/exec"

	"github.com/leanprm/leanprm/leanbridge/proc"
)

// Init does nothing where there is no sandbox.
func Init() {}

// Probe reports that only Linux can confine processes.
func Probe() Support { return Support{Reason: "only Linux namespaces are supported"} }

// Sandbox is unavailable on this system.
type Sandbox struct{}

// Jail is unavailable on this system.
type Jail struct{}

// New fails with ErrUnavailable.
func New(Options) (*Sandbox, error) {
	return nil, fmt.Errorf("%w: %s", ErrUnavailable, Probe().Reason)
}

func (s *Sandbox) Support() Support              { return Probe() }
func (s *Sandbox) Limits() Limits                { return Limits{} }
func (s *Sandbox) Wrap(*exec.Cmd) (*Jail, error) { return nil, ErrUnavailable }
func (j *Jail) Started(int)                      {}
func (j *Jail) Ended() error                     { return nil }
func (j *Jail) Violation() error                 { return nil }
func (j *Jail) Scratch() string                  { return "" }

// ConfineWritable fails with ErrUnavailable.
func (s *Sandbox) ConfineWritable(...string) func(*exec.Cmd) (proc.Confinement, error) {
	return s.Confine
}

// Confine fails with ErrUnavailable.
func (s *Sandbox) Confine(*exec.Cmd) (proc.Confinement, error) { return nil, ErrUnavailable }
