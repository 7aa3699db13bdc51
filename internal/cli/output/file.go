package output

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// File is a file a command writes once its work is done. Create makes it (as a
// temporary file beside path) before the work starts, so that a path that cannot be written
// fails at once instead of after minutes of scoring; Commit writes and renames it into place,
// so an interrupted or failed run never leaves half a file. Every command that writes a file
// takes it this way.
type File struct {
	path string
	tmp  *os.File
}

// Create makes the temporary file of path; flag names the option that gave the path, for the
// message when it cannot be written.
func Create(flag, path string) (*File, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s %s: cannot write there: %v", flag, path, err)
	}
	return &File{path: path, tmp: tmp}, nil
}

// Commit writes the file with write and puts it at its path (mode 0644).
func (o *File) Commit(write func(io.Writer) error) error {
	defer os.Remove(o.tmp.Name())
	err := write(o.tmp)
	if err == nil {
		err = o.tmp.Chmod(0o644) // CreateTemp makes it private
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", o.path, err)
	}
	return nil
}

// Abort removes the temporary file of a run that will not commit it.
func (o *File) Abort() {
	o.tmp.Close()
	os.Remove(o.tmp.Name())
}
