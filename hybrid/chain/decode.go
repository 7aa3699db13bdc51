package chain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// A decoder reads one JSON row format. Detection tries the decoders in
// table order; the first whose marker fields are all present (and not
// null) reads the row, unless a format was forced.
type decoder struct {
	format Format
	// detect reports whether r holds this format's marker fields.
	detect func(r *row) bool
	// decode fills c (Source and FirstError NoLabel are set) from the row.
	// It reports a row whose JSON does not fit its fields as a *shapeErr,
	// before any other error.
	decode func(raw []byte, name string, c *Chain) error
}

var decoders = []decoder{
	{FormatLabels, func(r *row) bool { return has(r.LabelMethod) }, decodeLabels},
	{FormatSearch, func(r *row) bool { return has(r.Algo) && has(r.Chain) }, decodeSearch},
	{FormatFoVer, func(r *row) bool { return has(r.SolutionSteps) }, decodeFoVer},
	{FormatPRM800K, func(r *row) bool { return isObject(r.Label) && isObject(r.Question) }, decodePRM800K},
	{FormatPRMBench, func(r *row) bool { return has(r.ModifiedProcess) }, decodePRMBench},
	{FormatMRGSM8K, func(r *row) bool { return has(r.ModelOutputSteps) }, decodeMRGSM8K},
	{FormatTRL, func(r *row) bool { return has(r.Completions) }, decodeTRL},
	{FormatProcessBench, func(r *row) bool { return has(r.Steps) }, decodeProcessBench},
	{FormatGSM8K, func(r *row) bool { return has(r.Question) && has(r.Answer) }, decodeGSM8K},
}

// row is what detection reads of a JSON row: the marker fields, raw. As a
// struct (not a map) it matches keys exactly as encoding/json matches them
// to the decoders' own rows (case-insensitively, the last duplicate
// winning), so detection and decoding see the same fields.
type row struct {
	ModifiedProcess  json.RawMessage `json:"modified_process"`
	ModelOutputSteps json.RawMessage `json:"model_output_steps"`
	Completions      json.RawMessage `json:"completions"`
	Steps            json.RawMessage `json:"steps"`
	Question         json.RawMessage `json:"question"`
	Answer           json.RawMessage `json:"answer"`
	LabelMethod      json.RawMessage `json:"label_method"`
	SolutionSteps    json.RawMessage `json:"solution_steps"`
	Label            json.RawMessage `json:"label"`
	Algo             json.RawMessage `json:"algo"`
	Chain            json.RawMessage `json:"chain"`
}

// has reports a field present and not null.
func has(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// isObject reports a field holding a JSON object.
func isObject(raw json.RawMessage) bool {
	t := bytes.TrimLeft(raw, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

// detect is the format of the first decoder that recognizes r, or
// FormatAuto.
func (r *row) detect() Format {
	for _, d := range decoders {
		if d.detect(r) {
			return d.format
		}
	}
	return FormatAuto
}

// shapeErr is a row whose JSON does not fit its format's fields. It is
// reported as it is, without the "<format> row:" prefix of other errors.
type shapeErr struct{ err error }

func (e *shapeErr) Error() string { return e.err.Error() }

// unmarshalRow decodes raw into v, a decoder's row.
func unmarshalRow(raw []byte, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return &shapeErr{shapeError(err)}
	}
	return nil
}

// decodeRow reads raw as format f: the decoder, then what every format
// shares (a chain has steps; its ID defaults to its source; a gold or
// ground_truth field is its gold answer when the format names none).
func decodeRow(f Format, raw []byte, name string, line int) (Chain, error) {
	c := Chain{Source: fmt.Sprintf("%s:%d", name, line), FirstError: NoLabel}
	var d *decoder
	for i := range decoders {
		if decoders[i].format == f {
			d = &decoders[i]
		}
	}
	switch {
	case f == FormatText:
		return c, errors.New("text format in a JSON file")
	case d == nil:
		return c, fmt.Errorf("unknown format %q", f)
	}
	// A known data flaw read around: the chain is returned with it.
	var quirk *DataQuirk
	if err := d.decode(raw, name, &c); err != nil && !errors.As(err, &quirk) {
		return c, err
	}
	if len(c.Steps) == 0 {
		return c, errors.New("no steps")
	}
	if c.Gold == "" {
		if err := sharedGold(raw, &c); err != nil {
			return c, err
		}
	}
	if c.ID == "" {
		c.ID = c.Source
	}
	if quirk != nil {
		return c, quirk
	}
	return c, nil
}

// row reads one JSON row: detection, then the check against a forced
// format, then the decoder; the chain or the row's error is kept.
func (jr *jsonReader) row(raw []byte, line int) {
	var r row
	if err := json.Unmarshal(raw, &r); err != nil {
		jr.errs = append(jr.errs, RowError{jr.name, line, shapeError(err)})
		return
	}
	got := r.detect()
	if jr.format != FormatAuto && got != FormatAuto && got != jr.format {
		// A row that does not fit its own format says so before it is called the wrong one.
		var se *shapeErr
		if _, err := decodeRow(got, raw, jr.name, line); errors.As(err, &se) {
			jr.errs = append(jr.errs, RowError{jr.name, line, se.err})
			return
		}
		jr.errs = append(jr.errs, RowError{jr.name, line, &FormatMismatchError{Want: jr.format, Got: got}})
		return
	}
	f := jr.format
	if f == FormatAuto {
		f = got
		if f == FormatAuto {
			jr.errs = append(jr.errs, RowError{jr.name, line, errors.New("unrecognized row: want the fields of " + joinFormats())})
			return
		}
		jr.format = f // the rest of the file follows the first row
	}
	c, err := decodeRow(f, raw, jr.name, line)
	var (
		quirk *DataQuirk
		se    *shapeErr
	)
	switch {
	case errors.As(err, &quirk):
		jr.chains = append(jr.chains, c)
		jr.errs = append(jr.errs, RowError{jr.name, line, err})
	case errors.As(err, &se):
		jr.errs = append(jr.errs, RowError{jr.name, line, se.err})
	case err != nil:
		jr.errs = append(jr.errs, RowError{jr.name, line, fmt.Errorf("%s row: %w", f, err)})
	default:
		jr.chains = append(jr.chains, c)
	}
}

func missing(field string) error { return fmt.Errorf("missing field %q", field) }

func toSteps(texts []string) []Step {
	steps := make([]Step, len(texts))
	for i, t := range texts {
		steps[i] = Step{Text: t}
	}
	return steps
}

// rawID renders a JSON string or number identifier.
func rawID(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}
