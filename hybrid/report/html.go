package report

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/leanprm/leanprm/hybrid/bench"
)

// Meta describes where a report's numbers come from.
type Meta struct {
	// Title defaults to "leanprm compare".
	Title string
	// Inputs are the files compared.
	Inputs []string
	// Policy and Threshold as used for the comparison.
	Policy string
	// Generated is a free-form stamp (a date, a version); the caller sets
	// it so that the same input gives the same page.
	Generated string
	// WrongWork, when set, adds the right-answer-wrong-work section (the chains whose final
	// answer is right, and how the flag treats their labelled process).
	WrongWork *bench.WrongWorkReport
}

// WriteHTML writes one self-contained HTML page (inline CSS and SVG, no
// scripts, no external resources) for a comparison: the confusion table,
// the learned-score distributions of refuted and verified steps, the
// reliability diagram and the blind spots. The page is also well-formed
// XML, which keeps it easy to check and to post-process.
func WriteHTML(w io.Writer, c bench.Comparison, m Meta) error {
	if m.Title == "" {
		m.Title = "leanprm compare"
	}
	d := pageData{Meta: m, C: c, Agreement: 100 * c.Confusion.Agreement(), AgreementText: AgreementText(c), AUCText: AUCText(c)}
	d.Hist = histogram(c)
	d.Reliability = reliabilityChart(c)
	return page.Execute(w, d)
}

type pageData struct {
	Meta      Meta
	C         bench.Comparison
	Agreement float64
	// AgreementText and AUCText are the figures as shown, "n/a" when nothing was measured.
	AgreementText, AUCText string
	Hist                   chart
	Reliability            chart
}

// chart is an SVG drawing reduced to primitives the template renders.
type chart struct {
	W, H    float64
	Rects   []rect
	Lines   []line
	Texts   []text
	Circles []circle
	Paths   []polyline
	Empty   string // a message instead of a drawing when there is no data
}

type rect struct {
	X, Y, W, H float64
	Class      string
	Title      string
}

type line struct {
	X1, Y1, X2, Y2 float64
	Class          string
}

type text struct {
	X, Y   float64
	S      string
	Anchor string
}

type circle struct {
	X, Y, R float64
	Class   string
	Title   string
}

type polyline struct {
	Points string
	Class  string
}

const (
	chartW, chartH = 560.0, 240.0
	padL, padR     = 44.0, 12.0
	padT, padB     = 14.0, 34.0
)

// axes draws the frame, x ticks over [0, 1] and y ticks over [0, ymax].
func axes(ch *chart, ymax float64, yfmt func(float64) string, xlabel string) {
	x0, y0, x1, y1 := padL, chartH-padB, chartW-padR, padT
	ch.Lines = append(ch.Lines, line{x0, y0, x1, y0, "axis"}, line{x0, y0, x0, y1, "axis"})
	for i := 0; i <= 4; i++ {
		f := float64(i) / 4
		x := x0 + f*(x1-x0)
		ch.Lines = append(ch.Lines, line{x, y0, x, y0 + 4, "axis"})
		ch.Texts = append(ch.Texts, text{x, y0 + 16, strconv.FormatFloat(f, 'f', 2, 64), "middle"})
		y := y0 - f*(y0-y1)
		ch.Lines = append(ch.Lines, line{x0 - 4, y, x0, y, "axis"}, line{x0, y, x1, y, "grid"})
		ch.Texts = append(ch.Texts, text{x0 - 6, y + 4, yfmt(f * ymax), "end"})
	}
	ch.Texts = append(ch.Texts, text{(x0 + x1) / 2, chartH - 4, xlabel, "middle"})
}

// histogram draws the learned-score distributions of refuted and verified
// steps side by side, each as shares of its own group.
func histogram(c bench.Comparison) chart {
	ch := chart{W: chartW, H: chartH}
	nr, nv := sum(c.RefutedHist), sum(c.VerifiedHist)
	if nr+nv == 0 {
		ch.Empty = "No step has a formal verdict: nothing to compare."
		return ch
	}
	share := func(h []int, n, i int) float64 {
		if n == 0 {
			return 0
		}
		return float64(h[i]) / float64(n)
	}
	ymax := 0.0
	for i := range c.RefutedHist {
		ymax = max(ymax, share(c.RefutedHist, nr, i), share(c.VerifiedHist, nv, i))
	}
	ymax = niceMax(ymax)
	axes(&ch, ymax, func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }, "learned score")
	nb := len(c.RefutedHist)
	pw, ph := chartW-padL-padR, chartH-padT-padB
	gw := pw / float64(nb)
	for i := range nb {
		for k, g := range []struct {
			h     []int
			n     int
			class string
		}{{c.RefutedHist, nr, "refuted"}, {c.VerifiedHist, nv, "verified"}} {
			s := share(g.h, g.n, i)
			hgt := s / ymax * ph
			x := padL + float64(i)*gw + gw*0.1 + float64(k)*gw*0.4
			ch.Rects = append(ch.Rects, rect{
				X: x, Y: chartH - padB - hgt, W: gw * 0.4, H: hgt, Class: g.class,
				Title: fmt.Sprintf("%s, score %.2f–%.2f: %d steps (%.0f%%)", g.class,
					float64(i)/float64(nb), float64(i+1)/float64(nb), g.h[i], 100*s),
			})
		}
	}
	return ch
}

// reliabilityChart plots observed share right against mean learned score
// per bin, against formal verdicts and gold labels, with the diagonal of
// perfect calibration.
func reliabilityChart(c bench.Comparison) chart {
	ch := chart{W: chartW, H: chartH}
	if c.Formal.Steps == 0 && c.Gold.Steps == 0 {
		ch.Empty = "No step has a formal verdict or a gold label: no calibration to show."
		return ch
	}
	axes(&ch, 1, func(v float64) string { return fmt.Sprintf("%.2f", v) }, "mean learned score in bin")
	x0, y0 := padL, chartH-padB
	pw, ph := chartW-padL-padR, chartH-padT-padB
	ch.Lines = append(ch.Lines, line{x0, y0, x0 + pw, y0 - ph, "diagonal"})
	for _, s := range []struct {
		r     bench.Reliability
		class string
	}{{c.Formal, "formal"}, {c.Gold, "gold"}} {
		var pts []string
		for _, b := range s.r.Bins {
			if b.Count == 0 {
				continue
			}
			x, y := x0+b.MeanScore*pw, y0-b.Observed*ph
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
			ch.Circles = append(ch.Circles, circle{X: x, Y: y, R: 3 + min(float64(b.Count), 400)/80, Class: s.class,
				Title: fmt.Sprintf("%s: %d steps, mean score %.3f, observed right %.3f", s.class, b.Count, b.MeanScore, b.Observed)})
		}
		if len(pts) > 1 {
			ch.Paths = append(ch.Paths, polyline{Points: strings.Join(pts, " "), Class: s.class})
		}
	}
	return ch
}

func sum(h []int) int {
	t := 0
	for _, v := range h {
		t += v
	}
	return t
}

// niceMax rounds a share up to a tidy axis maximum.
func niceMax(v float64) float64 {
	for _, m := range []float64{0.05, 0.1, 0.2, 0.25, 0.4, 0.5, 0.6, 0.8, 1} {
		if v <= m {
			return m
		}
	}
	return 1
}

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"f1":  func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) },
	"f3":  func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) },
	"inc": func(i int) int { return i + 1 },
}).Parse(pageTemplate))

// The page must stay well-formed XML: void elements are self-closed, and
// the CSS avoids "<", ">" and "&".
const pageTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>{{.Meta.Title}}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.3em 0.7em; text-align: right; }
th { background: #f4f4f4; } td.label { text-align: left; font-weight: 600; }
.meta { color: #555; } .note { color: #555; font-size: 0.9em; }
svg { background: #fff; border: 1px solid #ddd; max-width: 100%; height: auto; }
svg text { font-size: 11px; fill: #444; }
.axis { stroke: #555; stroke-width: 1; } .grid { stroke: #eee; stroke-width: 1; }
.diagonal { stroke: #999; stroke-dasharray: 4 3; }
rect.refuted, .legend .refuted { fill: #c0392b; } rect.verified, .legend .verified { fill: #2e86c1; }
circle.formal { fill: #8e44ad; } circle.gold { fill: #27ae60; }
polyline.formal { stroke: #8e44ad; fill: none; stroke-width: 1.5; } polyline.gold { stroke: #27ae60; fill: none; stroke-width: 1.5; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; margin: 0 0.3em 0 1em; vertical-align: -0.1em; }
.swatch.refuted { background: #c0392b; } .swatch.verified { background: #2e86c1; }
.swatch.formal { background: #8e44ad; } .swatch.gold { background: #27ae60; }
.blind { border-left: 3px solid #c0392b; padding: 0.2em 0.8em; margin: 1em 0; }
.blind pre, .blind code { white-space: pre-wrap; font-size: 0.9em; }
</style>
</head>
<body>
<h1>{{.Meta.Title}}</h1>
<p class="meta">{{range $i, $f := .Meta.Inputs}}{{if $i}}, {{end}}<code>{{$f}}</code>{{end}}{{if .Meta.Policy}} · policy {{.Meta.Policy}}{{end}} · learned pass at score ≥ {{f3 .C.Threshold}}{{if .Meta.Generated}} · {{.Meta.Generated}}{{end}}</p>
<p>{{.C.Chains}} chains, {{.C.Steps}} steps; {{.C.Decided}} steps have a formal verdict{{if .C.Unknown}} and {{.C.Unknown}} were formalized without a decision{{end}}.</p>

<h2>Formal verdict against learned score</h2>
<table>
<tr><th></th><th>learned pass</th><th>learned fail</th></tr>
<tr><td class="label">verified</td><td>{{.C.Confusion.VerifiedPass}}</td><td>{{.C.Confusion.VerifiedFail}}</td></tr>
<tr><td class="label">refuted</td><td>{{.C.Confusion.RefutedPass}}</td><td>{{.C.Confusion.RefutedFail}}</td></tr>
</table>
<p>Agreement {{.AgreementText}}. AUC {{.AUCText}}: the chance that a verified step scores above a refuted one.</p>

<h2>Learned scores of refuted and verified steps</h2>
<p class="legend"><span class="swatch refuted"></span>refuted ({{len .C.RefutedScores}}) <span class="swatch verified"></span>verified ({{len .C.VerifiedScores}})</p>
{{template "chart" .Hist}}
<p class="note">Each bar is a share of its own group, so groups of different sizes compare.</p>

<h2>Calibration</h2>
<p class="legend"><span class="swatch formal"></span>against formal verdicts (ECE {{f3 .C.Formal.ECE}}, {{.C.Formal.Steps}} steps) <span class="swatch gold"></span>against gold labels (ECE {{f3 .C.Gold.ECE}}, {{.C.Gold.Steps}} steps)</p>
{{template "chart" .Reliability}}
<p class="note">Points on the dashed diagonal are perfectly calibrated; a point's size grows with its bin's steps.</p>

<h2>Blind spots</h2>
{{if .C.BlindSpots}}<p>{{.C.TotalBlindSpots}} refuted steps scored at or above {{f3 .C.Threshold}} by the learned PRM{{if lt (len .C.BlindSpots) .C.TotalBlindSpots}}; the {{len .C.BlindSpots}} it scored highest{{end}}:</p>
{{range .C.BlindSpots}}<div class="blind">
<p><strong>{{f3 .Learned}}</strong> · {{.ChainID}} step {{inc .Step}}{{if .Checker}} · refuted by {{.Checker}}{{end}}</p>
<pre>{{.Text}}</pre>
{{range .Obligations}}<p><code>{{.Text}}</code> {{.Verdict}}{{if .Lean}}<br/><code>{{.Lean}}</code>{{end}}{{range .Messages}}<br/><code>{{.}}</code>{{end}}</p>
{{end}}</div>
{{end}}{{else}}<p>None: the learned PRM scored every refuted step below the threshold.</p>{{end}}
{{with .Meta.WrongWork}}
<h2>Right answer, wrong work</h2>
<p>Chains whose final answer is right: those with a labelled process error should be flagged (proven: a step refuted; predicted: a step below the threshold), those without should not. Cross-validated: each chain at the threshold chosen on the other fold (2 folds by FNV-1a of the id; thresholds {{f3 (index .FoldThresholds 0)}} and {{f3 (index .FoldThresholds 1)}}; on all chains {{f3 .DevThreshold}}).</p>
<table>
<tr><th>subset</th><th>right answers</th><th>with an error</th><th>flagged proven</th><th>flagged</th><th>at the labelled step</th><th>clean</th><th>wrongly flagged proven</th><th>wrongly flagged</th></tr>
{{range .CV}}<tr><td class="label">{{.Subset}}</td><td>{{.RightAnswers}}</td><td>{{.Erroneous}}</td><td>{{.Proven}} ({{f1 .ProvenRecall}}%)</td><td>{{.Flagged}} ({{f1 .Recall}}%)</td><td>{{.AtLabel}}</td><td>{{.Clean}}</td><td>{{.WrongProven}}</td><td>{{.WrongFlagged}} ({{f1 .FalseFlag}}%)</td></tr>
{{end}}</table>
{{end}}
</body>
</html>
{{define "chart"}}{{if .Empty}}<p class="note">{{.Empty}}</p>{{else}}<svg xmlns="http://www.w3.org/2000/svg" width="{{.W}}" height="{{.H}}" viewBox="0 0 {{.W}} {{.H}}" role="img">
{{range .Lines}}<line x1="{{f1 .X1}}" y1="{{f1 .Y1}}" x2="{{f1 .X2}}" y2="{{f1 .Y2}}" class="{{.Class}}"/>
{{end}}{{range .Rects}}<rect x="{{f1 .X}}" y="{{f1 .Y}}" width="{{f1 .W}}" height="{{f1 .H}}" class="{{.Class}}"><title>{{.Title}}</title></rect>
{{end}}{{range .Paths}}<polyline points="{{.Points}}" class="{{.Class}}"/>
{{end}}{{range .Circles}}<circle cx="{{f1 .X}}" cy="{{f1 .Y}}" r="{{f1 .R}}" class="{{.Class}}"><title>{{.Title}}</title></circle>
{{end}}{{range .Texts}}<text x="{{f1 .X}}" y="{{f1 .Y}}" text-anchor="{{.Anchor}}">{{.S}}</text>
{{end}}</svg>{{end}}{{end}}`
