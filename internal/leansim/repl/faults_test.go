package repl

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// requests builds a REPL input of n `cmd` requests.
func requests(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(`{"cmd": "example : (1 : Rat) + 1 = 2 := by decide +kernel"}` + "\n\n")
	}
	return b.String()
}

func serve(t *testing.T, in string, opts Options) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Serve(context.Background(), strings.NewReader(in), &out, &errOut, opts)
	return out.String(), errOut.String(), code
}

// replies splits output into reply chunks, keeping an incomplete last chunk.
func chunks(out string) []string {
	var cs []string
	for _, c := range strings.SplitAfter(out, "\n\n") {
		if c != "" {
			cs = append(cs, c)
		}
	}
	return cs
}

func isValidReply(c string) bool {
	_, err := ParseJSON(strings.TrimSuffix(c, "\n\n"))
	return err == nil && strings.HasSuffix(c, "\n\n")
}

func TestNoFaults(t *testing.T) {
	out, errOut, code := serve(t, requests(3), Options{})
	cs := chunks(out)
	if code != 0 || errOut != "" || len(cs) != 3 {
		t.Fatalf("code %d stderr %q, %d replies", code, errOut, len(cs))
	}
	for i, c := range cs {
		if want := Obj().Set("env", Int(i)).String() + "\n\n"; c != want {
			t.Fatalf("reply %d = %q, want %q", i, c, want)
		}
	}
}

func TestLatency(t *testing.T) {
	var mu sync.Mutex
	var slept []time.Duration
	rec := func(_ context.Context, d time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		slept = append(slept, d)
		return nil
	}
	out, _, code := serve(t, requests(3), Options{Latency: 5 * time.Millisecond, sleep: rec})
	if code != 0 || len(chunks(out)) != 3 {
		t.Fatalf("code %d, out %q", code, out)
	}
	if len(slept) != 3 || slept[0] != 5*time.Millisecond {
		t.Fatalf("slept %v, want 3 × 5ms", slept)
	}
	// An injected latency fault adds FaultLatency to that one reply.
	slept = nil
	serve(t, requests(2), Options{FaultRate: 1, FaultKinds: []FaultKind{FaultLatency}, FaultLatency: time.Second, sleep: rec})
	if len(slept) != 2 || slept[0] != time.Second {
		t.Fatalf("slept %v, want 2 × 1s", slept)
	}
	// A real sleep is cut short by cancellation.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (Options{}).doSleep(ctx, time.Hour); err == nil {
		t.Fatal("sleep ignored cancellation")
	}
}

func TestCrash(t *testing.T) {
	variants := map[int]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		opts := Options{Faults: []ScheduledFault{{After: 1, Kind: FaultCrash}}, Seed: seed}
		out, errOut, code := serve(t, requests(3), opts)
		cs := chunks(out)
		if len(cs) == 0 || !isValidReply(cs[0]) {
			t.Fatalf("seed %d: first reply missing: %q", seed, out)
		}
		switch code {
		case 1:
			if len(cs) != 1 || !strings.HasPrefix(errOut, "uncaught exception: ") {
				t.Fatalf("seed %d: exception crash: out %q err %q", seed, out, errOut)
			}
		case exitAbort: // mid-reply
			if len(cs) != 2 || isValidReply(cs[1]) || !strings.Contains(errOut, "Stack overflow") {
				t.Fatalf("seed %d: mid-reply crash: out %q err %q", seed, out, errOut)
			}
		case exitSegfault:
			if len(cs) != 1 || !strings.Contains(errOut, "segmentation fault") {
				t.Fatalf("seed %d: segfault: out %q err %q", seed, out, errOut)
			}
		default:
			t.Fatalf("seed %d: exit %d", seed, code)
		}
		variants[code] = true
		// Deterministic: the same seed gives the same run.
		out2, errOut2, code2 := serve(t, requests(3), opts)
		if out2 != out || errOut2 != errOut || code2 != code {
			t.Fatalf("seed %d: not deterministic", seed)
		}
	}
	if len(variants) != 3 {
		t.Fatalf("crash variants seen: %v, want 3", variants)
	}
}

func TestPartial(t *testing.T) {
	out, errOut, code := serve(t, requests(3), Options{Faults: []ScheduledFault{{After: 1, Kind: FaultPartial}}})
	cs := chunks(out)
	if code != 0 || errOut != "" || len(cs) != 2 || !isValidReply(cs[0]) || isValidReply(cs[1]) {
		t.Fatalf("code %d err %q out %q", code, errOut, out)
	}
	full := Obj().Set("env", Int(1)).String() + "\n\n"
	if cs[1] != full[:len(full)/2] {
		t.Fatalf("partial reply %q, want the first half of %q", cs[1], full)
	}
}

func TestGarbage(t *testing.T) {
	out, _, code := serve(t, requests(3), Options{Faults: []ScheduledFault{{After: 1, Kind: FaultGarbage}}})
	cs := chunks(out)
	if code != 0 || len(cs) != 3 {
		t.Fatalf("code %d, %d chunks: %q", code, len(cs), out)
	}
	if !isValidReply(cs[0]) || isValidReply(cs[1]) || !isValidReply(cs[2]) {
		t.Fatalf("want valid, garbage, valid: %q", cs)
	}
	// The process goes on: the request answered with garbage still took env 1.
	if cs[2] != Obj().Set("env", Int(2)).String()+"\n\n" {
		t.Fatalf("third reply %q", cs[2])
	}
}

func TestHuge(t *testing.T) {
	in := requests(1) + `{"tactic": "decide", "proofState": 7}` + "\n\n"
	opts := Options{Faults: []ScheduledFault{{After: 0, Kind: FaultHuge}, {After: 1, Kind: FaultHuge}}, HugeSize: 1 << 20}
	out, _, code := serve(t, in, opts)
	cs := chunks(out)
	if code != 0 || len(cs) != 2 {
		t.Fatalf("code %d, %d chunks", code, len(cs))
	}
	for i, c := range cs {
		if len(c) < 1<<20 || !isValidReply(c) {
			t.Fatalf("reply %d: %d bytes, valid %v", i, len(c), isValidReply(c))
		}
	}
	v, _ := ParseJSON(strings.TrimSuffix(cs[0], "\n\n"))
	if env, _ := v.Get("env"); env.num != "0" || len(errorsOf(v)) != 0 {
		t.Fatalf("huge command reply lost its meaning")
	}
	v, _ = ParseJSON(strings.TrimSuffix(cs[1], "\n\n"))
	if m, _ := v.Get("message"); m.s != "Unknown proof state." {
		t.Fatalf("huge error reply lost its message")
	}
	// The default size is several megabytes.
	out, _, _ = serve(t, requests(1), Options{Faults: []ScheduledFault{{After: 0, Kind: FaultHuge}}})
	if len(out) < DefaultHugeSize {
		t.Fatalf("default huge reply is %d bytes", len(out))
	}
}

func TestStderrNoise(t *testing.T) {
	quiet, _, _ := serve(t, requests(2), Options{})
	out, errOut, code := serve(t, requests(2), Options{StderrNoise: true})
	if code != 0 || out != quiet {
		t.Fatalf("noise changed stdout or the exit status (%d)", code)
	}
	if strings.Count(errOut, "\n") != 3 || strings.Contains(errOut, "uncaught exception") {
		t.Fatalf("stderr noise %q", errOut)
	}
}

// TestHang checks that a hanging simulator neither replies nor exits until cancelled.
func TestHang(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	hung := make(chan struct{})
	opts := Options{Faults: []ScheduledFault{{After: 1, Kind: FaultHang}},
		onFault: func(k FaultKind) {
			if k == FaultHang {
				close(hung)
			}
		}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- Serve(ctx, inR, outW, io.Discard, opts); outW.Close() }()
	go func() { io.WriteString(inW, requests(3)) }()
	br := bufio.NewReader(outR)
	first, err := br.ReadString('}')
	if err != nil || first != `{"env": 0}` {
		t.Fatalf("first reply %q, %v", first, err)
	}
	rest := make(chan []byte, 1)
	go func() { b, _ := io.ReadAll(br); rest <- b }()
	<-hung
	select {
	case code := <-done:
		t.Fatalf("exited with %d while hanging", code)
	default:
	}
	cancel()
	if code := <-done; code != ExitInterrupted {
		t.Fatalf("exit %d after cancel, want %d", code, ExitInterrupted)
	}
	if b := <-rest; string(b) != "\n\n" {
		t.Fatalf("output after the hang began: %q", b)
	}
	inW.Close()
}

func TestRandomFaults(t *testing.T) {
	opts := Options{FaultRate: 0.3, FaultKinds: []FaultKind{FaultGarbage, FaultHuge}, HugeSize: 1 << 10, Seed: 42}
	out1, _, code1 := serve(t, requests(60), opts)
	out2, _, code2 := serve(t, requests(60), opts)
	if out1 != out2 || code1 != code2 || code1 != 0 {
		t.Fatal("same seed, different runs")
	}
	garbage, huge, plain := 0, 0, 0
	for _, c := range chunks(out1) {
		switch {
		case !isValidReply(c):
			garbage++
		case len(c) > 1<<10:
			huge++
		default:
			plain++
		}
	}
	if garbage == 0 || huge == 0 || plain < 30 || garbage+huge+plain != 60 {
		t.Fatalf("garbage %d huge %d plain %d", garbage, huge, plain)
	}
	opts.Seed = 43
	if out3, _, _ := serve(t, requests(60), opts); out3 == out1 {
		t.Fatal("different seeds, same faults")
	}
	// Rate 0 injects nothing.
	opts.FaultRate = 0
	if out, _, _ := serve(t, requests(60), opts); len(chunks(out)) != 60 || strings.Contains(out, "garbage") {
		t.Fatal("faults at rate 0")
	}
}

func TestParseFlags(t *testing.T) {
	var errOut bytes.Buffer
	o, err := ParseFlags([]string{"-version", "4.1.0", "-mathlib", "-accept-all", "-latency", "5ms",
		"-crash-after", "3", "-hang-after", "0", "-garbage-after", "1", "-partial-after", "2", "-huge-after", "4",
		"-huge-size", "100", "-stderr-noise", "-fault-rate", "0.25", "-seed", "9", "-faults", "crash,latency"}, &errOut)
	if err != nil {
		t.Fatal(err)
	}
	if o.Version != "4.1.0" || !o.Mathlib || !o.AcceptAll || o.Latency != 5*time.Millisecond ||
		o.HugeSize != 100 || !o.StderrNoise || o.FaultRate != 0.25 || o.Seed != 9 ||
		len(o.FaultKinds) != 2 || o.FaultKinds[0] != FaultCrash || o.FaultKinds[1] != FaultLatency {
		t.Fatalf("options %+v", o)
	}
	want := map[FaultKind]int{FaultCrash: 3, FaultHang: 0, FaultGarbage: 1, FaultPartial: 2, FaultHuge: 4}
	if len(o.Faults) != len(want) {
		t.Fatalf("faults %v", o.Faults)
	}
	for _, f := range o.Faults {
		if want[f.Kind] != f.After {
			t.Fatalf("fault %v after %d", f.Kind, f.After)
		}
	}
	for _, bad := range [][]string{{"-fault-rate", "2"}, {"-faults", "meteor"}, {"-nope"}, {"extra"}, {"-fault-rate", "0.5", "-faults", ""}} {
		if _, err := ParseFlags(bad, io.Discard); err == nil {
			t.Errorf("ParseFlags(%q) accepted", bad)
		}
	}
	if code := Main([]string{"-nope"}, strings.NewReader(""), io.Discard, io.Discard); code != 2 {
		t.Fatalf("bad flag: exit %d, want 2", code)
	}
	var usage bytes.Buffer
	if code := Main([]string{"-h"}, strings.NewReader(""), io.Discard, &usage); code != 0 || !strings.Contains(usage.String(), "not Lean") {
		t.Fatalf("help: exit %d, %q", code, usage.String())
	}
}
