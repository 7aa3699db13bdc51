package datafetch

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// convert writes d's outputs under dir from the verified downloads (local[i] is d.Files[i]) and
// returns them (slash-separated, relative to dir) with their lines.
func convert(d Dataset, local []string, dir string) (written []Written, err error) {
	switch d.Convert {
	case ConvertCopy:
		for i, f := range d.Files {
			rel := d.Name + "/" + path.Base(f.Path)
			dst := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return nil, err
			}
			if err := os.Rename(local[i], dst); err != nil {
				return nil, err
			}
			written = append(written, Written{Path: rel, Lines: -1})
		}
		return written, nil
	case ConvertProcessBench:
		for i, f := range d.Files {
			subset := strings.TrimSuffix(path.Base(f.Path), ".json")
			w, err := splitProcessBench(local[i], dir, d.Name+"/"+subset)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Path, err)
			}
			written = append(written, w...)
		}
		return written, nil
	case ConvertMRGSM8K:
		rel := d.Name + "/labeled.jsonl"
		n, err := mergeMRGSM8K(local, filepath.Join(dir, filepath.FromSlash(rel)))
		return []Written{{Path: rel, Lines: n}}, err
	}
	return nil, fmt.Errorf("no conversion %q", d.Convert)
}

// Written is a file a conversion wrote; Lines is -1 for a file copied as published.
type Written struct {
	Path  string
	Lines int
}

// DevHalf says whether a ProcessBench row with this id is in the development half: the first
// byte of SHA-256(id) is even. The other half is held out.
func DevHalf(id string) bool {
	sum := sha256.Sum256([]byte(id))
	return sum[0]%2 == 0
}

// eachElement calls fn with every element of the JSON array in the file at p, one at a time.
func eachElement(p string, fn func(raw json.RawMessage) error) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReader(f))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return errors.New("not a JSON array")
	}
	for n := 1; dec.More(); n++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("element %d: %v", n, err)
		}
		if err := fn(raw); err != nil {
			return fmt.Errorf("element %d: %v", n, err)
		}
	}
	_, err = dec.Token()
	return err
}

func splitProcessBench(src, dir, prefix string) ([]Written, error) {
	var dev, held bytes.Buffer
	var nDev, nHeld int
	err := eachElement(src, func(raw json.RawMessage) error {
		var row struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(raw, &row); err != nil || row.ID == "" {
			return errors.New("a row without an id")
		}
		w := &held
		nHeld++
		if DevHalf(row.ID) {
			w = &dev
			nDev, nHeld = nDev+1, nHeld-1
		}
		if err := writePy(w, raw); err != nil {
			return err
		}
		w.WriteByte('\n')
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := []Written{{Path: prefix + ".dev.jsonl", Lines: nDev}, {Path: prefix + ".heldout.jsonl", Lines: nHeld}}
	if err := writeFile(filepath.Join(dir, filepath.FromSlash(out[0].Path)), dev.Bytes()); err != nil {
		return nil, err
	}
	return out, writeFile(filepath.Join(dir, filepath.FromSlash(out[1].Path)), held.Bytes())
}

// mrFields are the MR-GSM8K fields labeled.jsonl keeps, in its order; the graders' own fields
// (each model's evaluation and GPT-4's judgement of it) are dropped.
var mrFields = []string{"uuid", "question", "ground_truth_solution", "ground_truth_answer",
	"model_output_steps", "model_output_answer_correctness", "model_output_solution_correctness",
	"model_output_solution_first_error_step", "model_output_solution_first_error_reason", "question_type"}

func mergeMRGSM8K(srcs []string, dst string) (int, error) {
	byID := map[string][]byte{}
	for _, src := range srcs {
		err := eachElement(src, func(raw json.RawMessage) error {
			fields, err := objectFields(raw)
			if err != nil {
				return err
			}
			var line bytes.Buffer
			line.WriteByte('{')
			for i, k := range mrFields {
				v, ok := fields[k]
				if !ok {
					return fmt.Errorf("no field %q", k)
				}
				if i > 0 {
					line.WriteString(", ")
				}
				writePyString(&line, k)
				line.WriteString(": ")
				if err := writePy(&line, v); err != nil {
					return err
				}
			}
			line.WriteString("}\n")
			var id string
			if err := json.Unmarshal(fields["uuid"], &id); err != nil || id == "" {
				return errors.New("a record without a uuid")
			}
			byID[id] = line.Bytes() // a later file's record of the same uuid wins
			return nil
		})
		if err != nil {
			return 0, fmt.Errorf("%s: %w", filepath.Base(src), err)
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out bytes.Buffer
	for _, id := range ids {
		out.Write(byID[id])
	}
	return len(ids), writeFile(dst, out.Bytes())
}

// objectFields splits a JSON object into its fields' raw values.
func objectFields(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, errors.New("not a JSON object")
	}
	return m, nil
}

// writeFile puts b at p through a temporary file, so a reader never sees half of it.
func writeFile(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

// writePy writes the JSON value raw on one line as Python's json.dumps(v, ensure_ascii=False)
// does (", " and ": " separators, object keys in their order, non-ASCII text as it is), the
// form the converted files are pinned in.
func writePy(w *bytes.Buffer, raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := writePyValue(w, dec); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("trailing data after a JSON value")
	}
	return nil
}

func writePyValue(w *bytes.Buffer, dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		obj := t == '{'
		if obj {
			w.WriteByte('{')
		} else {
			w.WriteByte('[')
		}
		for first := true; dec.More(); first = false {
			if !first {
				w.WriteString(", ")
			}
			if obj {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				writePyString(w, k.(string))
				w.WriteString(": ")
			}
			if err := writePyValue(w, dec); err != nil {
				return err
			}
		}
		end, err := dec.Token()
		if err != nil {
			return err
		}
		w.WriteString(end.(json.Delim).String())
	case string:
		writePyString(w, t)
	case json.Number:
		w.WriteString(t.String())
	case bool:
		if t {
			w.WriteString("true")
		} else {
			w.WriteString("false")
		}
	case nil:
		w.WriteString("null")
	}
	return nil
}

// writePyString quotes s as Python's json module does with ensure_ascii=False.
func writePyString(w *bytes.Buffer, s string) {
	w.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			w.WriteString(`\"`)
		case '\\':
			w.WriteString(`\\`)
		case '\n':
			w.WriteString(`\n`)
		case '\r':
			w.WriteString(`\r`)
		case '\t':
			w.WriteString(`\t`)
		case '\b':
			w.WriteString(`\b`)
		case '\f':
			w.WriteString(`\f`)
		default:
			if r < 0x20 {
				fmt.Fprintf(w, `\u%04x`, r)
			} else {
				w.WriteRune(r)
			}
		}
	}
	w.WriteByte('"')
}

// PythonJSON is raw on one line as Python's json.dumps(v, ensure_ascii=False) writes it.
func PythonJSON(raw []byte) ([]byte, error) {
	var b bytes.Buffer
	err := writePy(&b, raw)
	return b.Bytes(), err
}
