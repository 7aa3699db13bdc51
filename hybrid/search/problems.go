package search

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
)

// ReadProblems reads a JSON Lines file of problems: GSM8K rows ({"question", "answer"}, the
// gold answer after "####"), or {"id", "problem"} rows (ProcessBench's) with an optional
// "gold". A row without an id gets "NAME:LINE". Rows that do not read are returned as errors
// naming the line; the others are still returned.
func ReadProblems(r io.Reader, name string) ([]Problem, []error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	var out []Problem
	var errs []error
	for ln := 1; sc.Scan(); ln++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var row struct {
			ID       json.RawMessage `json:"id"`
			Problem  *string         `json:"problem"`
			Question *string         `json:"question"`
			Answer   *string         `json:"answer"`
			Gold     json.RawMessage `json:"gold"`
		}
		if err := json.Unmarshal([]byte(text), &row); err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: not a JSON object", name, ln))
			continue
		}
		p := Problem{ID: fmt.Sprintf("%s:%d", name, ln)}
		if len(row.ID) > 0 && string(row.ID) != "null" {
			var s string
			if json.Unmarshal(row.ID, &s) == nil {
				p.ID = s
			} else {
				p.ID = strings.TrimSpace(string(row.ID))
			}
		}
		switch {
		case row.Problem != nil:
			p.Problem = *row.Problem
		case row.Question != nil:
			p.Problem = *row.Question
		default:
			errs = append(errs, fmt.Errorf("%s:%d: a problem row needs \"problem\" (or GSM8K's \"question\")", name, ln))
			continue
		}
		p.Problem = strings.TrimSpace(p.Problem)
		if len(row.Gold) > 0 && string(row.Gold) != "null" {
			var s string
			if json.Unmarshal(row.Gold, &s) == nil {
				p.Gold = s
			} else {
				p.Gold = strings.TrimSpace(string(row.Gold))
			}
		} else if row.Answer != nil {
			if i := strings.LastIndex(*row.Answer, "####"); i >= 0 {
				p.Gold = strings.TrimSpace((*row.Answer)[i+4:])
			}
		}
		if p.Problem == "" {
			errs = append(errs, fmt.Errorf("%s:%d: empty problem", name, ln))
			continue
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %v", name, err))
	}
	return out, errs
}

// Run searches problems with workers problems at a time and calls emit with each result as it
// finishes (calls never overlap). On cancellation it stops: results of problems that were cut
// short are not emitted, everything finished before was.
func (s *Searcher) Run(ctx context.Context, problems []Problem, workers int, emit func(Result)) {
	if workers <= 0 {
		workers = 4
	}
	jobs := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, max(1, len(problems))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r := s.Search(ctx, problems[i])
				if ctx.Err() != nil {
					continue
				}
				mu.Lock()
				emit(r)
				mu.Unlock()
			}
		}()
	}
	for i := range problems {
		select {
		case jobs <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(jobs)
	wg.Wait()
}
