package chain

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format names an input format.
type Format string

const (
	FormatAuto         Format = ""             // detect from the content
	FormatProcessBench Format = "processbench" // problem, steps, label (0-based first error, -1 none)
	FormatPRMBench     Format = "prmbench"     // modified_process, error_steps (1-based)
	FormatMRGSM8K      Format = "mr-gsm8k"     // model_output_steps, model_output_solution_first_error_step (1-based)
	FormatTRL          Format = "trl"          // TRL stepwise: prompt, completions, labels
	FormatGSM8K        Format = "gsm8k"        // question, answer: reference solutions, every step right
	FormatText         Format = "text"         // plain text or Markdown
	FormatLabels       Format = "labels"       // leanprm label's own rows: label_method, steps with labels
	FormatFoVer        Format = "fover"        // FoVer: problem, solution_steps, error_labels (true: right)
	FormatPRM800K      Format = "prm800k"      // PRM800K: question.problem, label.steps[].completions[].rating
	FormatSearch       Format = "search"       // leanprm search output: problem, algo, chain[].text
)

// Formats lists the names ParseFormat accepts besides "auto".
func Formats() []Format {
	return []Format{FormatProcessBench, FormatPRMBench, FormatMRGSM8K, FormatTRL, FormatGSM8K, FormatText,
		FormatLabels, FormatFoVer, FormatPRM800K, FormatSearch}
}

// ParseFormat maps a --format value to a Format. "auto" and "" detect;
// "markdown", "md" and "txt" are FormatText.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return FormatAuto, nil
	case "markdown", "md", "txt", "text", "plain":
		return FormatText, nil
	case "mrgsm8k", "mr_gsm8k", "mr-gsm8k":
		return FormatMRGSM8K, nil
	case "trl", "stepwise", "trl-stepwise":
		return FormatTRL, nil
	}
	for _, f := range Formats() {
		if strings.EqualFold(s, string(f)) {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (want auto, %s)", s, joinFormats())
}

func joinFormats() string {
	var b strings.Builder
	for i, f := range Formats() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(f))
	}
	return b.String()
}

// RowError reports one input row that could not be read. The other rows of
// the file are still returned.
type RowError struct {
	File string
	Line int // 1-based line where the row starts
	Err  error
}

func (e RowError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e RowError) Unwrap() error { return e.Err }

// Input bounds. A row is held in memory once (then parsed), and a whole-file format is read
// whole, so both are capped: hostile input gets a clear error, never an out-of-memory crash.
// Real rows are a few KiB (the longest benchmark row is about 16 KiB).
const (
	// MaxRowBytes bounds one JSON Lines row. A longer line is reported (ErrRowTooLarge) and
	// skipped as it streams past; the reader never holds more of it than this.
	MaxRowBytes = 8 << 20
	// MaxWholeFileBytes bounds formats that are read whole: text and Markdown, a JSON array, a
	// stream of pretty-printed objects. JSON Lines has no file limit (it streams).
	MaxWholeFileBytes = 16 << 20
)

var (
	// ErrRowTooLarge marks a JSON Lines row longer than MaxRowBytes.
	ErrRowTooLarge = errors.New("row too large")
	// ErrFileTooLarge marks a whole-file format larger than MaxWholeFileBytes.
	ErrFileTooLarge = errors.New("file too large")
)

// Read reads every chain in the file at path ("-" reads standard
// input). Rows that cannot be read are reported in the []RowError, each
// with its file and line, and skipped; the error is for a file that cannot
// be read at all (missing, unknown format, a whole-file format over
// MaxWholeFileBytes).
func Read(path string, format Format) ([]Chain, []RowError, error) {
	if path == "-" {
		return Decode(os.Stdin, "<stdin>", format)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return Decode(f, path, format)
}

// headBytes is how much of the input format detection looks at.
const headBytes = 1 << 20

// Decode is Read for a reader; name labels errors and sources.
// JSON Lines is streamed a row at a time; other formats are read whole.
func Decode(r io.Reader, name string, format Format) ([]Chain, []RowError, error) {
	// A reader that knows its length (a server's one response in a strings.Reader) gets a
	// buffer of that size, not of headBytes: 1 MiB per call was most of what `leanprm serve`
	// allocated on /get_reward. head is then the whole input, as it is for any input shorter
	// than headBytes.
	size := headBytes
	if l, ok := r.(interface{ Len() int }); ok && l.Len() < size {
		size = max(l.Len(), 16)
	}
	br := bufio.NewReaderSize(r, size)
	head, err := br.Peek(size)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, nil, fmt.Errorf("read %s: %w", name, err)
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if format == FormatAuto && isTextName(name) {
		format = FormatText // a Markdown file may well start with "[" or "{"
	}
	first := byte(0)
	if len(trimmed) > 0 {
		first = trimmed[0]
	}
	// A .jsonl file is JSON Lines even when its first line is garbage (not "{").
	jsonl := first == '{' || isJSONLinesName(name) && format == FormatAuto && first != '['
	if format != FormatText && jsonl && isJSONLines(head, len(head) < headBytes) {
		chains, errs, err := decodeJSONLines(br, name, format)
		if err == nil {
			err = wholeFileMismatch(name, chains, errs)
		}
		if err != nil {
			return nil, nil, err
		}
		return chains, errs, nil
	}
	data, err := io.ReadAll(io.LimitReader(br, MaxWholeFileBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > MaxWholeFileBytes {
		return nil, nil, fmt.Errorf("%s: %w: over %d MiB; only JSON Lines input may be larger", name, ErrFileTooLarge, MaxWholeFileBytes>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed = bytes.TrimLeft(data, " \t\r\n")
	if format == FormatText || (format == FormatAuto && len(trimmed) > 0 && trimmed[0] != '[' && trimmed[0] != '{') {
		if err := checkText(data); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if format == FormatText {
		ch, errs := decodeText(data, name)
		return ch, errs, nil
	}
	if len(trimmed) == 0 {
		return nil, nil, nil
	}
	var (
		chains []Chain
		errs   []RowError
	)
	switch trimmed[0] {
	case '[':
		chains, errs, err = decodeJSONArray(data, name, format)
	case '{':
		chains, errs, err = decodeStream(data, name, &jsonReader{name: name, format: format}, false)
	}
	if trimmed[0] == '[' || trimmed[0] == '{' {
		if err == nil {
			err = wholeFileMismatch(name, chains, errs)
		}
		if err != nil {
			return nil, nil, err
		}
		return chains, errs, nil
	}
	if format != FormatAuto {
		return nil, nil, fmt.Errorf("%s: format %s expects JSON or JSON Lines, got text", name, format)
	}
	if isJSONLinesName(name) || strings.EqualFold(filepath.Ext(name), ".json") {
		// The name promises JSON: text in it is a mistake to report, not prose to score.
		line := 1 + bytes.Count(data[:len(data)-len(trimmed)], []byte("\n"))
		return nil, nil, fmt.Errorf("%s:%d: not JSON, though the file's name ends in %s (%s); rename it to .md or .txt to read it as text", name, line, filepath.Ext(name), firstLine(trimmed))
	}
	ch, errs := decodeText(data, name)
	return ch, errs, nil
}

// firstLine is the start of b's first line, quoted, for a message.
func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	r := []rune(strings.TrimSpace(string(b)))
	if len(r) > 40 {
		return strconv.Quote(string(r[:40]) + "…")
	}
	return strconv.Quote(string(r))
}

// FormatMismatchError is a row of one known format read as another (a GSM8K file given to
// `eval processbench`). A file whose every row is one is reported once, not row by row.
type FormatMismatchError struct{ Want, Got Format }

func (e *FormatMismatchError) Error() string {
	return fmt.Sprintf("this looks like %s, not %s", e.Got.Title(), e.Want.Title())
}

// Title is the format's name as its authors write it.
func (f Format) Title() string {
	switch f {
	case FormatProcessBench:
		return "ProcessBench"
	case FormatPRMBench:
		return "PRMBench"
	case FormatMRGSM8K:
		return "MR-GSM8K"
	case FormatTRL:
		return "TRL stepwise"
	case FormatGSM8K:
		return "GSM8K"
	case FormatText:
		return "text"
	case FormatLabels:
		return "leanprm labels"
	case FormatFoVer:
		return "FoVer"
	case FormatPRM800K:
		return "PRM800K"
	case FormatSearch:
		return "leanprm search"
	}
	return string(f)
}

// wholeFileMismatch turns "every row is of another format" into one error for the file.
func wholeFileMismatch(name string, chains []Chain, errs []RowError) error {
	if len(chains) > 0 || len(errs) == 0 {
		return nil
	}
	var first *FormatMismatchError
	for _, re := range errs {
		var m *FormatMismatchError
		if !errors.As(re.Err, &m) || (first != nil && *m != *first) {
			return nil
		}
		first = m
	}
	return fmt.Errorf("%s: %w (every row has the fields of %s)", name, first, first.Got.Title())
}

// shapeError says in the input's terms which field has the wrong JSON type, instead of Go's
// "cannot unmarshal string into Go struct field row.steps of type []string".
func shapeError(err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" {
		return fmt.Errorf("invalid JSON: %w", err)
	}
	want := "a " + te.Type.String()
	switch te.Type.String() {
	case "[]string", "*[]string":
		want = "a list of strings"
	case "string", "*string":
		want = "a string"
	case "int", "*int":
		want = "an integer"
	case "[]int", "*[]int":
		want = "a list of integers"
	}
	got := map[string]string{"string": "a string", "number": "a number", "object": "an object",
		"array": "a list", "bool": "true/false"}[te.Value]
	if got == "" {
		got = te.Value
	}
	return fmt.Errorf("field %q: want %s, got %s", te.Field, want, got)
}

// checkText refuses input that is not text: a NUL byte, or invalid UTF-8, means a binary file
// (or a wrong encoding) that would otherwise be scored as one long garbage step.
func checkText(data []byte) error {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Errorf("not a text file: NUL byte at offset %d", i)
	}
	if !utf8.Valid(data) {
		for i := 0; i < len(data); {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size <= 1 {
				return fmt.Errorf("not UTF-8 text: invalid byte 0x%02x at offset %d", data[i], i)
			}
			i += size
		}
	}
	return nil
}

func isTextName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".txt", ".text":
		return true
	}
	return false
}

// jsonReader turns JSON rows into chains, detecting the format from the
// first row it recognizes when none was forced.
type jsonReader struct {
	name   string
	format Format
	chains []Chain
	errs   []RowError
}

// decodeJSONLines reads JSON Lines from br, one row at a time. A row longer than MaxRowBytes
// is reported and skipped without being held.
func decodeJSONLines(br *bufio.Reader, name string, format Format) ([]Chain, []RowError, error) {
	jr := &jsonReader{name: name, format: format}
	lr := lineReader{br: br, max: MaxRowBytes}
	for {
		l, tooLong, err := lr.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return jr.chains, jr.errs, nil
			}
			return jr.chains, jr.errs, fmt.Errorf("read %s: %w", name, err)
		}
		if lr.n == 1 {
			l = bytes.TrimPrefix(l, []byte("\xef\xbb\xbf"))
		}
		if tooLong {
			jr.errs = append(jr.errs, RowError{name, lr.n, fmt.Errorf("%w: longer than %d MiB, skipped", ErrRowTooLarge, MaxRowBytes>>20)})
			continue
		}
		if l = bytes.TrimSpace(l); len(l) > 0 {
			// encoding/json would replace invalid UTF-8 by U+FFFD, and a claim would then go
			// unchecked without a word: the row is refused, as a text file is.
			if err := checkText(l); err != nil {
				jr.errs = append(jr.errs, RowError{name, lr.n, fmt.Errorf("%v in the row; skipped", err)})
				continue
			}
			jr.row(l, lr.n)
		}
	}
}

// lineReader yields the lines of br, holding at most max bytes of one line.
type lineReader struct {
	br  *bufio.Reader
	max int
	n   int    // 1-based number of the line last returned
	buf []byte // reused between lines
}

// next returns the next line without its newline. A line longer than max is read to its end
// and dropped: tooLong is then true and the line nil. err is io.EOF after the last line.
func (lr *lineReader) next() (line []byte, tooLong bool, err error) {
	lr.buf = lr.buf[:0]
	read := false
	for {
		chunk, err := lr.br.ReadSlice('\n')
		read = read || len(chunk) > 0
		if !tooLong {
			if len(lr.buf)+len(chunk) > lr.max+1 { // +1: the newline
				tooLong, lr.buf = true, lr.buf[:0]
			} else {
				lr.buf = appendDoubling(lr.buf, chunk, lr.max+1)
			}
		}
		switch {
		case err == nil:
			lr.n++
			return lineOrNil(lr.buf, tooLong), tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && read:
			lr.n++
			return lineOrNil(lr.buf, tooLong), tooLong, nil
		default:
			return nil, false, err
		}
	}
}

// appendDoubling appends chunk to buf, doubling its capacity (up to limit) when it must grow:
// append's own growth for large slices allocates about five times the final size in all.
func appendDoubling(buf, chunk []byte, limit int) []byte {
	if need := len(buf) + len(chunk); need > cap(buf) {
		c := min(max(2*cap(buf), need, 4096), max(limit, need))
		buf = append(make([]byte, 0, c), buf...)
	}
	return append(buf, chunk...)
}

func lineOrNil(b []byte, tooLong bool) []byte {
	if tooLong {
		return nil
	}
	return bytes.TrimSuffix(b, []byte("\n"))
}

// isJSONLines reports whether head, the start of a file whose first character is "{" (or
// that is named .jsonl), is JSON Lines rather than a stream of pretty-printed objects. It is,
// when one of the first few whole lines is a JSON object on its own, when the first line runs
// past head (no pretty-printer writes such a line) or when there is a single line. So one bad
// first line does not turn a JSON Lines file into a stream that a syntax error ends. complete
// says head is the whole file.
func isJSONLines(head []byte, complete bool) bool {
	lines := 0
	for len(head) > 0 && lines < 5 {
		i := bytes.IndexByte(head, '\n')
		if i < 0 && !complete {
			return lines == 0 // the first line does not fit in head
		}
		var l []byte
		if i < 0 {
			l, head = head, nil
		} else {
			l, head = head[:i], head[i+1:]
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 {
			continue
		}
		lines++
		if l[0] == '{' && json.Valid(l) {
			return true
		}
		if lines == 1 && string(l) == "{" {
			return false // how a pretty-printer opens an object
		}
	}
	return lines <= 1
}

func isJSONLinesName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jsonl", ".ndjson":
		return true
	}
	return false
}

func decodeJSONArray(data []byte, name string, format Format) ([]Chain, []RowError, error) {
	return decodeStream(data, name, &jsonReader{name: name, format: format}, true)
}

// decodeStream reads a JSON array (array=true) or a stream of objects.
func decodeStream(data []byte, name string, jr *jsonReader, array bool) ([]Chain, []RowError, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	lineAt := newLineIndex(data)
	if array {
		if _, err := dec.Token(); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	for dec.More() {
		// Skip whitespace so the offset points at the element itself.
		start := int(dec.InputOffset())
		for start < len(data) && (data[start] == ' ' || data[start] == '\n' || data[start] == '\r' ||
			data[start] == '\t' || data[start] == ',') {
			start++
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			jr.errs = append(jr.errs, RowError{name, lineAt(start), fmt.Errorf("invalid JSON (rest of file skipped): %w", err)})
			return jr.chains, jr.errs, nil
		}
		jr.row(raw, lineAt(start))
	}
	if array {
		if _, err := dec.Token(); err != nil {
			jr.errs = append(jr.errs, RowError{name, lineAt(int(dec.InputOffset())), fmt.Errorf("unterminated array: %w", err)})
		}
	}
	return jr.chains, jr.errs, nil
}

// newLineIndex returns a function from byte offset to 1-based line.
func newLineIndex(data []byte) func(int) int {
	var starts []int
	starts = append(starts, 0)
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return func(off int) int {
		lo, hi := 0, len(starts)
		for lo+1 < hi {
			mid := (lo + hi) / 2
			if starts[mid] <= off {
				lo = mid
			} else {
				hi = mid
			}
		}
		return lo + 1
	}
}

// DataQuirk is a known flaw of a published data set that the reader reads around (PRMBench's
// test files name error steps past the last step). The row's chain is still returned; the
// quirk comes as a RowError beside it, for the caller to summarise or, strictly, to refuse.
type DataQuirk struct {
	Kind   string // the same for every row with this flaw, for summaries
	Detail string
}

func (q *DataQuirk) Error() string { return q.Detail }

// SplitQuirks separates the data quirks from real row errors.
func SplitQuirks(errs []RowError) (rest, quirks []RowError) {
	for _, re := range errs {
		var q *DataQuirk
		if errors.As(re.Err, &q) {
			quirks = append(quirks, re)
		} else {
			rest = append(rest, re)
		}
	}
	return rest, quirks
}
