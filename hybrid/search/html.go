package search

import (
	"fmt"
	"html/template"
	"io"
)

// WriteHTML draws each result's explored tree as nested lists: every node coloured by its
// score (red 0 → green 1), proven-refuted branches struck through and marked, branches cut by
// score greyed, the chosen chain in bold, finished chains with their answer.
func WriteHTML(w io.Writer, results []Result) error {
	return pageTmpl.Execute(w, results)
}

func scoreColor(s float64) template.CSS {
	s = max(0, min(1, s))
	return template.CSS(fmt.Sprintf("hsl(%d, 70%%, 85%%)", int(120*s)))
}

var pageTmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	"color": scoreColor,
	"pct":   func(f float64) string { return fmt.Sprintf("%.2f", f) },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>leanprm search trees</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; }
ul { list-style: none; padding-left: 1.4em; border-left: 1px solid #ccc; }
.node { display: inline-block; padding: 2px 6px; margin: 2px 0; border-radius: 4px; max-width: 60em; }
.proof { text-decoration: line-through; outline: 2px solid #c00; }
.score { opacity: 0.55; }
.chosen { font-weight: bold; outline: 2px solid #060; }
.tag { font-size: 11px; color: #444; margin-left: 0.5em; }
</style></head><body>
<h1>Search trees</h1>
<p>Each node is a step, coloured by its merged score (red 0, green 1). <span class="node proof">Struck through</span>:
refuted by the formal checker, the branch pruned. <span class="node score">Faded</span>: cut by score.
<span class="node chosen">Bold</span>: the chosen chain.</p>
{{range .}}
<h2>{{.ID}} — {{.Algo}}{{if .Policy}}, {{.Policy}}{{end}}: answer {{if .Answer}}{{.Answer}}{{else}}none{{end}}{{if .Gold}} (gold {{.Gold}}, {{.Outcome}}){{end}}</h2>
{{if .Error}}<p>error: {{.Error}}</p>{{end}}
{{with .Tree}}<ul>{{range .Children}}{{template "node" .}}{{end}}</ul>{{end}}
{{end}}
</body></html>
{{define "node"}}<li><span class="node{{if eq .Pruned "proof"}} proof{{end}}{{if eq .Pruned "score"}} score{{end}}{{if .Chosen}} chosen{{end}}" style="background: {{color .Score}}">{{.Text}}</span><span class="tag">{{pct .Score}}{{if .Verdict}} · {{.Verdict}}{{if .Checker}} ({{.Checker}}){{end}}{{end}}{{if .Final}} · answer {{.Answer}}{{end}}{{if gt .Count 1}} · ×{{.Count}}{{end}}</span>
{{if .Children}}<ul>{{range .Children}}{{template "node" .}}{{end}}</ul>{{end}}</li>{{end}}
`))
