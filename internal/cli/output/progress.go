package output

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress draws "label done/total" on stderr when it is a terminal, at most every 100ms.
// A total of 0 or less means the length is unknown: it then counts. Calling it with
// done == total == -1 ends the line it drew, if one is open (a counting line, or a bar cut short
// by an interrupt), so that the shell's prompt or the next message starts on a line of its own;
// callers defer that call.
func Progress(stderr io.Writer, label string) func(done, total int) {
	f, ok := stderr.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var (
		mu       sync.Mutex
		last     time.Time
		lastDone int
		open     bool // a line is drawn without its newline
		counting bool
	)
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done == -1 && total == -1 {
			switch {
			case open && counting:
				fmt.Fprintf(f, "\r%s %d done\n", label, lastDone)
			case open:
				fmt.Fprintln(f)
			}
			open = false
			return
		}
		lastDone = done
		if (total <= 0 || done < total) && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		if total <= 0 { // a stream of unknown length: count instead of drawing a bar
			fmt.Fprintf(f, "\r%s %d done", label, done)
			open, counting = true, true
			return
		}
		width := 30
		filled := done * width / total
		fmt.Fprintf(f, "\r%s [%s%s] %d/%d", label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
		open = done < total
		if !open {
			fmt.Fprintln(f)
		}
	}
}
