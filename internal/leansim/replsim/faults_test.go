package replsim

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	require.Equal(t, 0, code, "exit code, stderr %q", errOut)
	require.Empty(t, errOut, "stderr")
	require.Len(t, cs, 3, "replies")
	for i, c := range cs {
		require.Equal(t, Obj().Set("env", Int(i)).String()+"\n\n", c, "reply %d", i)
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
	require.Equal(t, 0, code, "exit code, out %q", out)
	require.Len(t, chunks(out), 3, "replies")
	require.Len(t, slept, 3, "slept %v, want 3 × 5ms", slept)
	require.Equal(t, 5*time.Millisecond, slept[0], "slept %v, want 3 × 5ms", slept)
	// An injected latency fault adds FaultLatency to that one reply.
	slept = nil
	serve(t, requests(2), Options{FaultRate: 1, FaultKinds: []FaultKind{FaultLatency}, FaultLatency: time.Second, sleep: rec})
	require.Len(t, slept, 2, "slept %v, want 2 × 1s", slept)
	require.Equal(t, time.Second, slept[0], "slept %v, want 2 × 1s", slept)
	// A real sleep is cut short by cancellation.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.Error(t, (Options{}).doSleep(ctx, time.Hour), "sleep ignored cancellation")
}

func TestCrash(t *testing.T) {
	variants := map[int]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		opts := Options{Faults: []ScheduledFault{{After: 1, Kind: FaultCrash}}, Seed: seed}
		out, errOut, code := serve(t, requests(3), opts)
		cs := chunks(out)
		require.NotEmpty(t, cs, "seed %d: first reply missing: %q", seed, out)
		require.True(t, isValidReply(cs[0]), "seed %d: first reply missing: %q", seed, out)
		switch code {
		case 1:
			require.Len(t, cs, 1, "seed %d: exception crash: out %q err %q", seed, out, errOut)
			require.True(t, strings.HasPrefix(errOut, "uncaught exception: "), "seed %d: exception crash: out %q err %q", seed, out, errOut)
		case exitAbort: // mid-reply
			require.Len(t, cs, 2, "seed %d: mid-reply crash: out %q err %q", seed, out, errOut)
			require.False(t, isValidReply(cs[1]), "seed %d: mid-reply crash: out %q err %q", seed, out, errOut)
			require.Contains(t, errOut, "Stack overflow", "seed %d: mid-reply crash: out %q", seed, out)
		case exitSegfault:
			require.Len(t, cs, 1, "seed %d: segfault: out %q err %q", seed, out, errOut)
			require.Contains(t, errOut, "segmentation fault", "seed %d: segfault: out %q", seed, out)
		default:
			require.Failf(t, "unexpected exit status", "seed %d: exit %d", seed, code)
		}
		variants[code] = true
		// Deterministic: the same seed gives the same run.
		out2, errOut2, code2 := serve(t, requests(3), opts)
		require.Equal(t, out, out2, "seed %d: not deterministic", seed)
		require.Equal(t, errOut, errOut2, "seed %d: not deterministic", seed)
		require.Equal(t, code, code2, "seed %d: not deterministic", seed)
	}
	require.Len(t, variants, 3, "crash variants seen: %v, want 3", variants)
}

func TestPartial(t *testing.T) {
	out, errOut, code := serve(t, requests(3), Options{Faults: []ScheduledFault{{After: 1, Kind: FaultPartial}}})
	cs := chunks(out)
	require.Equal(t, 0, code, "exit code, err %q out %q", errOut, out)
	require.Empty(t, errOut, "stderr")
	require.Len(t, cs, 2, "out %q", out)
	require.True(t, isValidReply(cs[0]), "first reply: out %q", out)
	require.False(t, isValidReply(cs[1]), "partial reply is valid: out %q", out)
	full := Obj().Set("env", Int(1)).String() + "\n\n"
	require.Equal(t, full[:len(full)/2], cs[1], "partial reply, want the first half of %q", full)
}

func TestGarbage(t *testing.T) {
	out, _, code := serve(t, requests(3), Options{Faults: []ScheduledFault{{After: 1, Kind: FaultGarbage}}})
	cs := chunks(out)
	require.Equal(t, 0, code, "exit code, out %q", out)
	require.Len(t, cs, 3, "chunks: %q", out)
	require.Equal(t, []bool{true, false, true}, []bool{isValidReply(cs[0]), isValidReply(cs[1]), isValidReply(cs[2])}, "want valid, garbage, valid: %q", cs)
	// The process goes on: the request answered with garbage still took env 1.
	require.Equal(t, Obj().Set("env", Int(2)).String()+"\n\n", cs[2], "third reply")
}

func TestHuge(t *testing.T) {
	in := requests(1) + `{"tactic": "decide", "proofState": 7}` + "\n\n"
	opts := Options{Faults: []ScheduledFault{{After: 0, Kind: FaultHuge}, {After: 1, Kind: FaultHuge}}, HugeSize: 1 << 20}
	out, _, code := serve(t, in, opts)
	cs := chunks(out)
	require.Equal(t, 0, code, "exit code")
	require.Len(t, cs, 2, "chunks")
	for i, c := range cs {
		require.GreaterOrEqual(t, len(c), 1<<20, "reply %d: bytes", i)
		require.True(t, isValidReply(c), "reply %d: %d bytes, not valid", i, len(c))
	}
	v, _ := ParseJSON(strings.TrimSuffix(cs[0], "\n\n"))
	env, _ := v.Get("env")
	require.Equal(t, "0", env.num, "huge command reply lost its meaning")
	require.Empty(t, errorsOf(v), "huge command reply lost its meaning")
	v, _ = ParseJSON(strings.TrimSuffix(cs[1], "\n\n"))
	m, _ := v.Get("message")
	require.Equal(t, "Unknown proof state.", m.s, "huge error reply lost its message")
	// The default size is several megabytes.
	out, _, _ = serve(t, requests(1), Options{Faults: []ScheduledFault{{After: 0, Kind: FaultHuge}}})
	require.GreaterOrEqual(t, len(out), DefaultHugeSize, "default huge reply bytes")
}

func TestStderrNoise(t *testing.T) {
	quiet, _, _ := serve(t, requests(2), Options{})
	out, errOut, code := serve(t, requests(2), Options{StderrNoise: true})
	require.Equal(t, 0, code, "noise changed the exit status")
	require.Equal(t, quiet, out, "noise changed stdout")
	require.Equal(t, 3, strings.Count(errOut, "\n"), "stderr noise %q", errOut)
	require.NotContains(t, errOut, "uncaught exception", "stderr noise")
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
	require.NoError(t, err, "first reply %q", first)
	require.Equal(t, `{"env": 0}`, first, "first reply")
	rest := make(chan []byte, 1)
	go func() { b, _ := io.ReadAll(br); rest <- b }()
	<-hung
	select {
	case code := <-done:
		require.Failf(t, "exited while hanging", "exit %d", code)
	default:
	}
	cancel()
	require.Equal(t, ExitInterrupted, <-done, "exit after cancel")
	require.Equal(t, "\n\n", string(<-rest), "output after the hang began")
	inW.Close()
}

func TestRandomFaults(t *testing.T) {
	opts := Options{FaultRate: 0.3, FaultKinds: []FaultKind{FaultGarbage, FaultHuge}, HugeSize: 1 << 10, Seed: 42}
	out1, _, code1 := serve(t, requests(60), opts)
	out2, _, code2 := serve(t, requests(60), opts)
	require.Equal(t, out1, out2, "same seed, different runs")
	require.Equal(t, code1, code2, "same seed, different runs")
	require.Equal(t, 0, code1, "exit code")
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
	require.NotZero(t, garbage, "garbage %d huge %d plain %d", garbage, huge, plain)
	require.NotZero(t, huge, "garbage %d huge %d plain %d", garbage, huge, plain)
	require.GreaterOrEqual(t, plain, 30, "garbage %d huge %d plain %d", garbage, huge, plain)
	require.Equal(t, 60, garbage+huge+plain, "garbage %d huge %d plain %d", garbage, huge, plain)
	opts.Seed = 43
	out3, _, _ := serve(t, requests(60), opts)
	require.NotEqual(t, out1, out3, "different seeds, same faults")
	// Rate 0 injects nothing.
	opts.FaultRate = 0
	out, _, _ := serve(t, requests(60), opts)
	require.Len(t, chunks(out), 60, "faults at rate 0")
	require.NotContains(t, out, "garbage", "faults at rate 0")
}

func TestParseFlags(t *testing.T) {
	var errOut bytes.Buffer
	o, err := ParseFlags([]string{"-version", "4.1.0", "-mathlib", "-accept-all", "-latency", "5ms",
		"-crash-after", "3", "-hang-after", "0", "-garbage-after", "1", "-partial-after", "2", "-huge-after", "4",
		"-huge-size", "100", "-stderr-noise", "-fault-rate", "0.25", "-seed", "9", "-faults", "crash,latency"}, &errOut)
	require.NoError(t, err)
	require.Equal(t, "4.1.0", o.Version, "options %+v", o)
	require.True(t, o.Mathlib, "options %+v", o)
	require.True(t, o.AcceptAll, "options %+v", o)
	require.Equal(t, 5*time.Millisecond, o.Latency, "options %+v", o)
	require.Equal(t, 100, o.HugeSize, "options %+v", o)
	require.True(t, o.StderrNoise, "options %+v", o)
	require.Equal(t, 0.25, o.FaultRate, "options %+v", o)
	require.EqualValues(t, 9, o.Seed, "options %+v", o)
	require.Equal(t, []FaultKind{FaultCrash, FaultLatency}, o.FaultKinds, "options %+v", o)
	want := map[FaultKind]int{FaultCrash: 3, FaultHang: 0, FaultGarbage: 1, FaultPartial: 2, FaultHuge: 4}
	require.Len(t, o.Faults, len(want), "faults %v", o.Faults)
	for _, f := range o.Faults {
		require.Equal(t, want[f.Kind], f.After, "fault %v after", f.Kind)
	}
	for _, bad := range [][]string{{"-fault-rate", "2"}, {"-faults", "meteor"}, {"-nope"}, {"extra"}, {"-fault-rate", "0.5", "-faults", ""}} {
		_, err := ParseFlags(bad, io.Discard)
		assert.Error(t, err, "ParseFlags(%q) accepted", bad)
	}
	require.Equal(t, 2, Main([]string{"-nope"}, strings.NewReader(""), io.Discard, io.Discard), "bad flag: exit")
	var usage bytes.Buffer
	code := Main([]string{"-h"}, strings.NewReader(""), io.Discard, &usage)
	require.Equal(t, 0, code, "help: exit, %q", usage.String())
	require.Contains(t, usage.String(), "not Lean", "help")

}
