package chain

import (
	"bufio"
	"os"
)

// maxRawRow bounds one line Rows reads; a longer line ends the read with
// bufio.ErrTooLong.
const maxRawRow = 1 << 26

// Rows calls fn with every line of the JSON Lines file at path, raw, and
// its 1-based number. It is for readers of fields the decoders do not
// keep (training reads PRMBench's original processes and MR-GSM8K's
// reference solutions this way): it neither parses nor skips anything, so
// fn sees blank and malformed lines too. raw is valid only during the
// call. An error from fn stops the read and is returned; the error of
// opening path is returned as it is (os.IsNotExist works on it).
func Rows(path string, fn func(line int, raw []byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, maxRawRow)
	for line := 1; sc.Scan(); line++ {
		if err := fn(line, sc.Bytes()); err != nil {
			return err
		}
	}
	return sc.Err()
}
