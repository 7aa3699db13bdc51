package replsim

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/leanprm/leanprm/internal/leansim/elab"
)

// pickleFormat marks the simulator's own pickle files. They are JSON, not Lean's .olean
// format: a real REPL cannot read them and the simulator cannot read a real .olean.
const pickleFormat = "leanprm-simulator-pickle"

type pickleFile struct {
	Format     string      `json:"format"`
	Note       string      `json:"note"`
	Version    int         `json:"version"`
	Kind       string      `json:"kind"` // "environment" or "proofState"
	Env        *elab.Env   `json:"env"`
	ProofState *proofState `json:"proofState,omitempty"`
}

const pickleNote = "written by the leanprm REPL simulator (not Lean); not an .olean file"

func (s *Server) resolve(path string) string {
	if filepath.IsAbs(path) || s.opts.Dir == "" {
		return path
	}
	return filepath.Join(s.opts.Dir, path)
}

var errNoFiles = os.ErrPermission

func (s *Server) writePickle(path string, pf pickleFile) error {
	if s.opts.noFiles {
		return ioFailure(errNoFiles, path)
	}
	pf.Format, pf.Note, pf.Version = pickleFormat, pickleNote, 1
	data, err := json.MarshalIndent(pf, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(s.resolve(path), data, 0o644); err != nil {
		return ioFailure(err, path)
	}
	return nil
}

func (s *Server) readPickle(path, kind string) (pickleFile, error) {
	var pf pickleFile
	data, err := s.readFile(path)
	if err != nil {
		return pf, ioFailure(err, path)
	}
	// Lean's readModuleData rejects a file without the .olean header the same way.
	if json.Unmarshal(data, &pf) != nil || pf.Format != pickleFormat || pf.Kind != kind || pf.Env == nil ||
		(kind == "proofState" && pf.ProofState == nil) {
		return pf, fmt.Errorf("failed to read file '%s', invalid header", path)
	}
	if pf.Env.Defs == nil {
		pf.Env.Defs = map[string]*elab.Def{}
	}
	if pf.ProofState != nil {
		pf.ProofState.Env = pf.Env
	}
	return pf, nil
}

func (s *Server) readFile(path string) ([]byte, error) {
	if s.opts.noFiles {
		return nil, errNoFiles
	}
	return os.ReadFile(s.resolve(path))
}

// ioFailure renders an I/O error like Lean's IO.Error.toString for a missing file. Its exact
// wording is not verified.
func ioFailure(err error, path string) error {
	if os.IsNotExist(err) {
		return fmt.Errorf("no such file or directory (error code: 2)\n  file: %s", path)
	}
	if os.IsPermission(err) {
		return fmt.Errorf("permission denied (error code: 13)\n  file: %s", path)
	}
	return fmt.Errorf("%v\n  file: %s", err, path)
}
