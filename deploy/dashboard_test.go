package deploy

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/internal/serve"
)

// dashboard is the part of a Grafana dashboard model the checks read.
type dashboard struct {
	Title      string `json:"title"`
	UID        string `json:"uid"`
	Schema     int    `json:"schemaVersion"`
	Templating struct {
		List []struct{ Name, Type, Query string } `json:"list"`
	} `json:"templating"`
	Panels []panel `json:"panels"`
}

type panel struct {
	ID         int    `json:"id"`
	Type       string `json:"type"`
	Title      string `json:"title"`
	Datasource *struct {
		Type, UID string
	} `json:"datasource"`
	Targets []struct {
		RefID string `json:"refId"`
		Expr  string `json:"expr"`
	} `json:"targets"`
}

// registeredMetrics are the metric names leanprm exports: a gateway's or single process's
// (serve) and a worker's, as their collectors describe them.
func registeredMetrics(t *testing.T) []string {
	names := serve.MetricNames(serve.New(serve.Options{}).Metrics())
	reg := prometheus.NewRegistry()
	serve.NewWorkerMetrics(reg)
	names = append(names, serve.MetricNames(reg)...)
	require.Contains(t, names, "leanprm_worker_tasks_total")
	require.Contains(t, names, "leanprm_http_requests_total")
	return names
}

var metricRE = regexp.MustCompile(`\bleanprm_[a-z0-9_]+`)

// checkDashboard returns what is wrong with a dashboard's JSON: it must decode, have a title,
// a uid and a Prometheus datasource variable every query uses, unique panel ids, and every
// metric its queries name must be one leanprm exports (a histogram's _bucket, _sum and
// _count series by the histogram's name).
func checkDashboard(raw []byte, exported []string) []string {
	var d dashboard
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if err := dec.Decode(&d); err != nil {
		return []string{"not valid dashboard JSON: " + err.Error()}
	}
	var errs []string
	if d.Title == "" || d.UID == "" || d.Schema == 0 {
		errs = append(errs, "a dashboard needs a title, a uid and a schemaVersion")
	}
	if !slices.ContainsFunc(d.Templating.List, func(v struct{ Name, Type, Query string }) bool {
		return v.Name == "datasource" && v.Type == "datasource" && v.Query == "prometheus"
	}) {
		errs = append(errs, "no Prometheus datasource variable ($datasource): the importer could not pick the data source")
	}
	ids := map[int]bool{}
	queries := 0
	for _, p := range d.Panels {
		if ids[p.ID] {
			errs = append(errs, "panel id "+strconv.Itoa(p.ID)+" is used twice")
		}
		ids[p.ID] = true
		if p.Type == "row" {
			continue
		}
		if len(p.Targets) == 0 {
			errs = append(errs, "panel "+p.Title+" has no query")
		}
		if p.Datasource == nil || p.Datasource.UID != "${datasource}" {
			errs = append(errs, "panel "+p.Title+" does not use the $datasource variable")
		}
		for _, tg := range p.Targets {
			queries++
			names := metricRE.FindAllString(tg.Expr, -1)
			if len(names) == 0 {
				errs = append(errs, "panel "+p.Title+": query "+tg.RefID+" names no leanprm metric")
			}
			for _, n := range names {
				if !exportedName(n, exported) {
					errs = append(errs, "panel "+p.Title+": "+n+" is not a metric leanprm exports")
				}
			}
		}
	}
	if queries == 0 {
		errs = append(errs, "the dashboard has no queries")
	}
	return errs
}

func exportedName(n string, exported []string) bool {
	if slices.Contains(exported, n) {
		return true
	}
	for _, suffix := range []string{"_bucket", "_sum", "_count"} {
		if base, ok := strings.CutSuffix(n, suffix); ok && slices.Contains(exported, base) {
			return true
		}
	}
	return false
}

// TestGrafanaDashboard: deploy/grafana/leanprm.json is a dashboard Grafana can import, and
// every series it charts is one the gateway or the worker exports.
func TestGrafanaDashboard(t *testing.T) {
	raw, err := os.ReadFile("grafana/leanprm.json")
	require.NoError(t, err)
	exported := registeredMetrics(t)
	assert.Empty(t, checkDashboard(raw, exported))

	// The check can fail: a metric no code registers, a broken file, a panel without the
	// datasource variable.
	for _, tc := range []struct{ old, new, want string }{
		{"leanprm_queue_pending", "leanprm_queue_lag", "leanprm_queue_lag is not a metric leanprm exports"},
		{`"panels": [`, `"panels": [[`, "not valid dashboard JSON"},
		{`"uid": "${datasource}"`, `"uid": "prom-1"`, "does not use the $datasource variable"},
		{"leanprm_worker_task_duration_seconds_bucket", "leanprm_worker_task_seconds_bucket", "leanprm_worker_task_seconds_bucket is not"},
	} {
		broken := strings.Replace(string(raw), tc.old, tc.new, 1)
		require.NotEqual(t, string(raw), broken, "the mutation's anchor %q is in the file", tc.old)
		assert.Contains(t, strings.Join(checkDashboard([]byte(broken), exported), "\n"), tc.want)
	}
}
