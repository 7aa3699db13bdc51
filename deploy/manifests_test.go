package deploy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

const (
	manifestDir    = "k8s"
	natsValuesFile = "nats-values.yaml"
)

// loadAll decodes the real manifests and the NATS values, failing the test on any error.
func loadAll(t *testing.T) ([]manifest, natsValues) {
	t.Helper()
	ms, err := loadDir(manifestDir)
	require.NoError(t, err)
	nv, err := loadNATSValues(natsValuesFile)
	require.NoError(t, err)
	return ms, nv
}

// TestManifestsDecodeStrictly: every document in k8s/ decodes into its real API type with no
// unknown, duplicated or wrongly cased field, and the set is the one the README describes.
func TestManifestsDecodeStrictly(t *testing.T) {
	ms, _ := loadAll(t)
	count := map[string]int{}
	for _, m := range ms {
		count[m.Key.String()]++
	}
	assert.Equal(t, map[string]int{
		"v1 Namespace":                           1,
		"v1 ConfigMap":                           1,
		"v1 Secret":                              2,
		"v1 Service":                             1,
		"apps/v1 Deployment":                     2,
		"autoscaling/v2 HorizontalPodAutoscaler": 1,
		"policy/v1 PodDisruptionBudget":          2,
		"keda.sh/v1alpha1 ScaledObject":          1,
		"networking.k8s.io/v1 NetworkPolicy":     2,
	}, count)
	for _, m := range ms {
		if d, ok := m.Obj.(*appsv1.Deployment); ok {
			// Decoded values, not just no error: the typed fields are filled in.
			require.NotEmpty(t, d.Spec.Template.Spec.Containers, m.String())
			assert.NotEmpty(t, d.Spec.Template.Spec.Containers[0].Resources.Requests, m.String())
		}
	}
}

// TestManifestsSemantics: the checks the API server does not make all pass on the shipped
// manifests. TestChecksCatch shows each of them failing.
func TestManifestsSemantics(t *testing.T) {
	ms, nv := loadAll(t)
	errs := checkManifests(ms, nv, t.TempDir())
	for _, err := range errs {
		t.Error(err)
	}
	assert.Empty(t, errs)
}

// TestNATSValues: the values file has the chart's key names and the settings the scale-out
// design needs.
func TestNATSValues(t *testing.T) {
	_, nv := loadAll(t)
	assert.Empty(t, checkNATSValues(nv))
	assert.True(t, nv.Config.JetStream.Enabled)
	assert.True(t, nv.Config.JetStream.FileStore.Enabled)
	assert.Equal(t, 3, nv.Config.Cluster.Replicas)
	assert.Equal(t, 0, nv.Config.JetStream.FileStore.PVC.Size.Cmp(resource.MustParse("20Gi")))
	assert.Equal(t, 8222, nv.Config.Monitor.Port)
}

// readManifestFiles returns the text of every file in k8s/ by base name.
func readManifestFiles(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(manifestDir, "*.yaml"))
	require.NoError(t, err)
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		out[filepath.Base(f)] = string(b)
	}
	return out
}

// edit replaces the first old in text with new, failing the test when old is not there (a
// mutation that changes nothing would prove nothing).
func edit(t *testing.T, text, old, new string) string {
	t.Helper()
	require.Contains(t, text, old, "the mutation's anchor is gone from the manifest")
	return strings.Replace(text, old, new, 1)
}

// decodeAll decodes the given file texts as loadDir decodes the directory.
func decodeAll(files map[string]string) ([]manifest, error) {
	var out []manifest
	for _, name := range sortedKeys(files) {
		ms, err := decodeFile(name, []byte(files[name]))
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	return out, nil
}

// TestDecodeRejects proves the strict decoding can fail: each case breaks one real manifest
// the way a hand edit would, and decoding must refuse it, naming the fault.
func TestDecodeRejects(t *testing.T) {
	worker := "30-worker-deployment.yaml"
	cases := []struct {
		name, file, old, new, want string
	}{
		{"misspelt replicas", worker, "spec:\n  revisionHistoryLimit", "spec:\n  replicass: 3\n  revisionHistoryLimit", `unknown field "replicass"`},
		{"wrong case", worker, "spec:\n  revisionHistoryLimit", "spec:\n  Replicas: 3\n  revisionHistoryLimit", `"spec.Replicas"`},
		{"nested typo", worker, "path: /readyz", "paht: /readyz", `unknown field "paht"`},
		{"duplicate key", worker, "  revisionHistoryLimit: 5\n", "  revisionHistoryLimit: 5\n  revisionHistoryLimit: 6\n", "revisionHistoryLimit"},
		{"bad quantity", worker, `cpu: "4"`, `cpu: "four"`, "quantities must match"},
		{"wrong type", worker, "terminationGracePeriodSeconds: 90", "terminationGracePeriodSeconds: ninety", "terminationGracePeriodSeconds"},
		{"unlisted kind", "21-gateway-service.yaml", "apiVersion: v1\nkind: Service", "apiVersion: networking.k8s.io/v1\nkind: Ingress", "not a kind the deployment uses"},
		{"old HPA version", "22-gateway-hpa.yaml", "autoscaling/v2", "autoscaling/v1", "not a kind the deployment uses"},
		{"no kind", "23-gateway-pdb.yaml", "kind: PodDisruptionBudget\n", "", "needs apiVersion and kind"},
		{"ScaledObject typo", "32-worker-scaledobject.yaml", "minReplicaCount: 2", "minReplicaCont: 2", `unknown field "minReplicaCont"`},
		{"ScaledObject field the mirror does not have", "32-worker-scaledobject.yaml", "  pollingInterval: 10", "  idleReplicaCount: 0\n  pollingInterval: 10", `unknown field "idleReplicaCount"`},
		{"KEDA behavior typo", "32-worker-scaledobject.yaml", "stabilizationWindowSeconds: 600", "stabilisationWindowSeconds: 600", `unknown field "stabilisationWindowSeconds"`},
		{"HPA metric typo", "22-gateway-hpa.yaml", "averageUtilization: 70", "averageUtilisation: 70", `unknown field "averageUtilisation"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := readManifestFiles(t)
			files[tc.file] = edit(t, files[tc.file], tc.old, tc.new)
			_, err := decodeAll(files)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), tc.file, "the error names the file")
		})
	}
}

// TestChecksCatch proves each semantic check can fail: the manifests stay valid API objects,
// but one thing the deployment relies on is broken.
func TestChecksCatch(t *testing.T) {
	const (
		gateway = "20-gateway-deployment.yaml"
		worker  = "30-worker-deployment.yaml"
		keda    = "32-worker-scaledobject.yaml"
	)
	cases := []struct {
		name, file, old, new, want string
	}{
		{"cpu request is not capacity", worker, `cpu: "4"`, `cpu: "3"`, "is not --capacity 4"},
		{"capacity is not the cpu request", worker, "--capacity=4", "--capacity=6", "is not --capacity 6"},
		{"pool size is not capacity", worker, `value: "4"`, `value: "2"`, "lean.workers is 2"},
		{"pool size does not parse", worker, `value: "4"`, `value: "four"`, "leanprm refuses its configuration"},
		{"memory limit below the REPLs' max_rss", worker, "memory: 9Gi", "memory: 6Gi", "memory limit 6Gi is under"},
		{"memory request above the limit", worker, "memory: 4608Mi", "memory: 10Gi", "above the limit"},
		{"grace period within lean.timeout", worker, "terminationGracePeriodSeconds: 90", "terminationGracePeriodSeconds: 45", "must exceed lean.timeout"},
		{"unknown leanprm.yaml key", "10-configmap.yaml", "max_rss: 2GiB", "max_rs: 2GiB", "leanprm refuses its configuration"},
		{"max_rss off", "10-configmap.yaml", "max_rss: 2GiB", "max_rss: 0", "lean.max_rss must be set"},
		{"selector misses the pods", gateway, "\n        app.kubernetes.io/component: gateway\n        app.kubernetes.io/part-of: leanprm\n      annotations",
			"\n        app.kubernetes.io/component: gateways\n        app.kubernetes.io/part-of: leanprm\n      annotations", "does not match the pod template's labels"},
		{"readiness on an undeclared port", worker, "path: /readyz\n              port: http", "path: /readyz\n              port: metrics", "port metrics is not one the container declares"},
		{"liveness on a numbered undeclared port", gateway, "path: /livez\n              port: http", "path: /livez\n              port: 9090", "port 9090 is not one"},
		{"readiness not on /readyz", gateway, "path: /readyz", "path: /healthz", "readinessProbe must GET /readyz"},
		{"latest image", gateway, "ghcr.io/leanprm/leanprm:0.1.0", "ghcr.io/leanprm/leanprm:latest", ":latest"},
		{"untagged image", gateway, "ghcr.io/leanprm/leanprm:0.1.0", "ghcr.io/leanprm/leanprm", "has no tag"},
		{"init container from another image", worker, "ghcr.io/leanprm/leanprm:0.1.0", "ghcr.io/leanprm/leanprm:0.0.9", "different images"},
		{"missing ConfigMap", gateway, "name: leanprm-config", "name: leanprm-conf", `ConfigMap "leanprm-conf", which is not among the manifests`},
		{"missing Secret", gateway, "secretName: leanprm-token", "secretName: leanprm-tokn", `Secret "leanprm-tokn", which is not among the manifests`},
		{"committed token", "10-secret.yaml", "type: Opaque", "type: Opaque\nstringData:\n  token: hunter2", "must not carry a value"},
		{"token not from a Secret", gateway, "--auth-token-file=/var/run/secrets/leanprm/token", "--auth-token-file=/etc/leanprm/token", "must come from a Secret file"},
		{"worker without the NATS token", worker, "            - --nats-token-file=/var/run/secrets/nats/token\n", "", "no --nats-token-file"},
		{"NATS token not from a Secret", gateway, "--nats-token-file=/var/run/secrets/nats/token", "--nats-token-file=/etc/leanprm/nats-token", "the NATS token must come from a Secret file"},
		{"NATS token from another Secret", worker, "secretName: leanprm-nats-token", "secretName: leanprm-token", "NATS takes its token from Secret leanprm-nats-token key token"},
		{"writable root", gateway, "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false", "readOnlyRootFilesystem must be true"},
		{"root allowed", worker, "runAsNonRoot: true", "runAsNonRoot: false", "runAsNonRoot must be true"},
		{"capabilities kept", worker, `drop: ["ALL"]`, `drop: ["NET_RAW"]`, "must drop ALL"},
		{"service account token", gateway, "automountServiceAccountToken: false", "automountServiceAccountToken: true", "automountServiceAccountToken"},
		{"service on an undeclared port", "21-gateway-service.yaml", "targetPort: http", "targetPort: 9090", "targetPort 9090 is not declared"},
		{"service selects nothing", "21-gateway-service.yaml", "app.kubernetes.io/component: gateway\n  ports", "app.kubernetes.io/component: gw\n  ports", "matches the pods of 0 Deployments"},
		{"PDB selects nothing", "31-worker-pdb.yaml", "      app.kubernetes.io/component: worker", "      app.kubernetes.io/component: workers", "matches the pods of 0 Deployments"},
		{"PDB blocks drains", "23-gateway-pdb.yaml", "minAvailable: 1", "minAvailable: 2", "blocks every drain"},
		{"HPA target missing", "22-gateway-hpa.yaml", "name: leanprm-gateway\n  minReplicas", "name: leanprm-gw\n  minReplicas", `Deployment "leanprm-gw" is not among the manifests`},
		{"autoscaled Deployment sets replicas", worker, "spec:\n  revisionHistoryLimit", "spec:\n  replicas: 2\n  revisionHistoryLimit", "sets spec.replicas"},
		{"HPA without a CPU request", gateway, "cpu: 500m\n", "", "needs a cpu request"},
		{"lagThreshold is not capacity", keda, `lagThreshold: "4"`, `lagThreshold: "8"`, "is not the worker's capacity 4"},
		{"lagThreshold not a number", keda, `lagThreshold: "4"`, `lagThreshold: "four"`, "not a positive whole number"},
		{"trigger metadata typo", keda, "consumer: leanprm-workers", "consumerName: leanprm-workers", "unknown keys consumerName"},
		{"endpoint not headless", keda, "natsServerMonitoringEndpoint: nats-headless.", "natsServerMonitoringEndpoint: nats.", "headless Service"},
		{"endpoint on another port", keda, "svc.cluster.local:8222", "svc.cluster.local:4222", "is not the chart's monitor port 8222"},
		{"gateway and workers on different NATS", gateway, "--nats=nats://nats.nats.svc.cluster.local:4222", "--nats=nats://other.nats.svc.cluster.local:4222", "must meet on one NATS"},
		{"listens on an undeclared port", worker, "--addr=0.0.0.0:8081", "--addr=0.0.0.0:9091", "a port it does not declare"},
		{"port name too long", worker, "- name: http\n              containerPort: 8081", "- name: http-worker-metrics\n              containerPort: 8081", "must be no more than 15 characters"},
		{"label value with a space", "31-worker-pdb.yaml", "app.kubernetes.io/part-of: leanprm", "app.kubernetes.io/part-of: lean prm", `label value "lean prm"`},
		{"mount of an undeclared volume", gateway, "- name: tmp\n              mountPath: /tmp", "- name: scratch\n              mountPath: /tmp", `mounts volume "scratch"`},
		{"object name not DNS", "10-configmap.yaml", "name: leanprm-config", "name: leanprm_config", `name "leanprm_config"`},
		{"policy cuts the workers off NATS", "40-worker-networkpolicy.yaml", "- port: 4222", "- port: 4223", "egress does not allow leanprm-worker's NATS"},
		{"policy to the wrong namespace", "41-gateway-networkpolicy.yaml", "kubernetes.io/metadata.name: nats", "kubernetes.io/metadata.name: nats-system", "egress does not allow leanprm-gateway's NATS"},
		{"policy without DNS", "40-worker-networkpolicy.yaml", "- port: 53\n          protocol: UDP\n        - port: 53\n          protocol: TCP", "- port: 5353\n          protocol: UDP", "does not allow DNS"},
		{"policy opens an undeclared port", "41-gateway-networkpolicy.yaml", "- port: http", "- port: metrics", "ingress port metrics is not declared"},
		{"policy fences nothing", "40-worker-networkpolicy.yaml", "      app.kubernetes.io/component: worker\n  policyTypes", "      app.kubernetes.io/component: wrk\n  policyTypes", "no NetworkPolicy fences its pods"},
		{"policy one-way", "41-gateway-networkpolicy.yaml", `policyTypes: ["Ingress", "Egress"]`, `policyTypes: ["Ingress"]`, "policyTypes must name Ingress and Egress"},
		{"startup probe gates nothing", worker, "startupProbe:\n            httpGet:\n              path: /readyz", "startupProbe:\n            httpGet:\n              path: /livez", "startupProbe must GET /readyz"},
		{"the only worker evictable", keda, "minReplicaCount: 2", "minReplicaCount: 1", "allows evicting the only leanprm-worker"},
		{"budget in percent", "31-worker-pdb.yaml", "maxUnavailable: 1", `maxUnavailable: "50%"`, "whole number of pods"},
		{"scrape on another port", worker, `prometheus.io/port: "8081"`, `prometheus.io/port: "9090"`, `prometheus.io/port "9090" is not a port leanprm listens on`},
		{"scrape another path", gateway, "prometheus.io/path: /metrics", "prometheus.io/path: /stats", "leanprm serves its metrics at /metrics"},
		{"streams in memory", "10-configmap.yaml", "storage: file", "storage: memory", "only on file storage"},
		{"streams on one server", "10-configmap.yaml", "replicas: 3 ", "replicas: 1 ", "nats.replicas 1 is not the 3 servers"},
		{"task stream past the PVC", "10-configmap.yaml", "max_bytes: 16GiB", "max_bytes: 40GiB", "under a server's PVC"},
		{"object outside the namespace", "23-gateway-pdb.yaml", "namespace: leanprm", "namespace: default", `namespace "default" is not among the manifests`},
	}
	_, nv := loadAll(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := readManifestFiles(t)
			files[tc.file] = edit(t, files[tc.file], tc.old, tc.new)
			ms, err := decodeAll(files)
			require.NoError(t, err, "the mutation must stay a valid API object; the check under test is semantic")
			errs := checkManifests(ms, nv, t.TempDir())
			require.NotEmpty(t, errs)
			var msgs []string
			for _, e := range errs {
				msgs = append(msgs, e.Error())
			}
			assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
}

// TestNATSTokenChecks: NATS must require the token the gateways and workers mount.
func TestNATSTokenChecks(t *testing.T) {
	b, err := os.ReadFile(natsValuesFile)
	require.NoError(t, err)
	for _, tc := range []struct{ name, old, new, want string }{
		{"no token required", "    authorization:\n      token: << $LEANPRM_NATS_TOKEN >>\n", "", "is not a reference to a Secret-backed variable"},
		{"a token in the values", "token: << $LEANPRM_NATS_TOKEN >>", "token: hunter2", "is not a reference to a Secret-backed variable"},
		{"a variable from nowhere", "token: << $LEANPRM_NATS_TOKEN >>", "token: << $NATS_TOKEN >>", "container.env.NATS_TOKEN must come from a Secret"},
		{"a variable from a literal", "      valueFrom:\n        secretKeyRef:\n          name: leanprm-nats-token\n          key: token\n", "      value: hunter2\n", "must come from a Secret"},
		{"another Secret", "name: leanprm-nats-token", "name: nats-token", "NATS takes its token from Secret nats-token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nv, err := decodeNATSValues([]byte(edit(t, string(b), tc.old, tc.new)))
			require.NoError(t, err)
			ms, err := decodeAll(readManifestFiles(t))
			require.NoError(t, err)
			var msgs []string
			for _, e := range checkManifests(ms, nv, t.TempDir()) {
				msgs = append(msgs, e.Error())
			}
			assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
}

// TestNATSValuesRejects: a key the chart does not have (or had in an older major version) is
// an error, and so is a setting the design cannot work with.
func TestNATSValuesRejects(t *testing.T) {
	b, err := os.ReadFile(natsValuesFile)
	require.NoError(t, err)
	text := string(b)
	cases := []struct {
		name, old, new, want string
	}{
		{"chart 0.x key", "    fileStore:\n", "    fileStorage:\n", `unknown field "fileStorage"`},
		{"top-level replicas", "config:\n", "replicas: 3\nconfig:\n", `unknown field "replicas"`},
		{"misspelt pvc size", "        size: 20Gi", "        sise: 20Gi", `unknown field "sise"`},
		{"bad size", "        size: 20Gi", "        size: twenty", "quantities must match"},
		{"two servers", "replicas: 3", "replicas: 2", "odd number ≥ 3"},
		{"no cluster", "  cluster:\n    enabled: true", "  cluster:\n    enabled: false", "odd number ≥ 3"},
		{"no JetStream", "  jetstream:\n    enabled: true", "  jetstream:\n    enabled: false", "config.jetstream.enabled must be true"},
		{"memory only", "    fileStore:\n      enabled: true", "    fileStore:\n      enabled: false", "must store on a PVC"},
		{"tiny PVC", "        size: 20Gi", "        size: 100Mi", "is under 1Gi"},
		{"payload past the server's ceiling", "max_payload: 8388608", "max_payload: 134217728", "outside [1 MiB, 64 MiB]"},
		{"no monitor", "  monitor:\n    enabled: true", "  monitor:\n    enabled: false", "config.monitor must be enabled"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := decodeNATSValues([]byte(edit(t, text, tc.old, tc.new)))
			if err == nil {
				var msgs []string
				for _, e := range checkNATSValues(v) {
					msgs = append(msgs, e.Error())
				}
				require.NotEmpty(t, msgs, "the broken values were accepted")
				assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
				return
			}
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestSplitDocuments: documents are cut at `---` lines only, comment-only documents are
// dropped, and a file of several objects decodes as several.
func TestSplitDocuments(t *testing.T) {
	in := "# leading comment\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: a # not --- a separator\n---\n# only a comment\n---   \napiVersion: v1\nkind: Namespace\nmetadata:\n  name: b\n"
	docs := splitDocuments([]byte(in))
	require.Len(t, docs, 2)
	ms, err := decodeFile("two.yaml", []byte(in))
	require.NoError(t, err)
	require.Len(t, ms, 2)
	assert.Equal(t, "a", ms[0].Name)
	assert.Equal(t, "two.yaml#1", ms[1].Source)
	_, err = decodeFile("empty.yaml", []byte("# nothing\n"))
	assert.ErrorContains(t, err, "no manifest")
}

// TestLostField: the case-sensitivity guard flags a value that did not survive decoding, and
// lets a zero value go (omitempty drops it; it changes nothing).
func TestLostField(t *testing.T) {
	in := map[string]any{"spec": map[string]any{"Replicas": 3.0, "paused": false, "list": []any{map[string]any{"X": "y"}}}}
	out := map[string]any{"spec": map[string]any{"list": []any{map[string]any{}}}}
	assert.Equal(t, ".spec.Replicas", lostField(in, out, ""))
	delete(in["spec"].(map[string]any), "Replicas")
	assert.Equal(t, ".spec.list[0].X", lostField(in, out, ""))
	in["spec"].(map[string]any)["list"] = []any{map[string]any{}}
	assert.Equal(t, "", lostField(in, out, ""))
}

// checkREADMESecurity holds the README's NATS security note to nats-values.yaml: when the
// values require a token, the note says so and does not claim there is no authentication.
func checkREADMESecurity(readme string, nv natsValues) []string {
	_, sec, ok := strings.Cut(readme, "## Security")
	if !ok {
		return []string{"README.md has no Security section"}
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, note, ok := strings.Cut(sec, "- **NATS.**")
	if !ok {
		return []string{"README.md's Security section has no NATS note"}
	}
	note, _, _ = strings.Cut(note, "\n- ")
	note = strings.Join(strings.Fields(note), " ")
	var errs []string
	if nv.Config.Merge.Authorization.Token != "" {
		for _, claim := range []string{"neither authentication", "no authentication", "without authentication"} {
			if strings.Contains(note, claim) {
				errs = append(errs, "README.md's NATS note says "+claim+", but nats-values.yaml requires a token")
			}
		}
		if !strings.Contains(note, "token") {
			errs = append(errs, "README.md's NATS note does not say that NATS requires the token")
		}
	}
	return errs
}

// TestREADMESecurityMatchesNATSValues: the README's security note says what nats-values.yaml
// does (it used to say the values enable no authentication while they require a token).
func TestREADMESecurityMatchesNATSValues(t *testing.T) {
	b, err := os.ReadFile("README.md")
	require.NoError(t, err)
	_, nv := loadAll(t)
	require.NotEmpty(t, nv.Config.Merge.Authorization.Token)
	assert.Empty(t, checkREADMESecurity(string(b), nv))
	old := strings.Replace(string(b), "The shipped values require a token:", "The shipped values enable neither authentication nor TLS:", 1)
	require.NotEqual(t, string(b), old)
	assert.NotEmpty(t, checkREADMESecurity(old, nv))
}
