package deploy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// kindKey is what a manifest says it is: apiVersion and kind.
type kindKey struct{ APIVersion, Kind string }

func (k kindKey) String() string { return k.APIVersion + " " + k.Kind }

// decoders lists every kind the manifests may hold, each with the Go type it is decoded into.
// A kind not listed here is an error: adding one means choosing its real API type.
var decoders = map[kindKey]func() any{
	{"v1", "Namespace"}:                           func() any { return &corev1.Namespace{} },
	{"v1", "ConfigMap"}:                           func() any { return &corev1.ConfigMap{} },
	{"v1", "Secret"}:                              func() any { return &corev1.Secret{} },
	{"v1", "Service"}:                             func() any { return &corev1.Service{} },
	{"apps/v1", "Deployment"}:                     func() any { return &appsv1.Deployment{} },
	{"autoscaling/v2", "HorizontalPodAutoscaler"}: func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	{"networking.k8s.io/v1", "NetworkPolicy"}:     func() any { return &networkingv1.NetworkPolicy{} },
	{"policy/v1", "PodDisruptionBudget"}:          func() any { return &policyv1.PodDisruptionBudget{} },
	{"keda.sh/v1alpha1", "ScaledObject"}:          func() any { return &ScaledObject{} },
}

// manifest is one decoded YAML document.
type manifest struct {
	Source    string // file, and the document's index when the file holds several
	Key       kindKey
	Name      string
	Namespace string
	Obj       any // a pointer to the type decoders gives for Key
}

func (m manifest) String() string { return fmt.Sprintf("%s (%s %s)", m.Source, m.Key.Kind, m.Name) }

// docSeparator is a YAML document marker on a line of its own.
var docSeparator = regexp.MustCompile(`(?m)^---[ \t]*$`)

// splitDocuments cuts a YAML stream into documents. A document that holds only comments or
// blank lines is dropped (kubectl skips it too).
func splitDocuments(b []byte) [][]byte {
	var docs [][]byte
	for _, d := range docSeparator.Split(string(b), -1) {
		empty := true
		for _, line := range strings.Split(d, "\n") {
			if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "#") {
				empty = false
				break
			}
		}
		if !empty {
			docs = append(docs, []byte(d))
		}
	}
	return docs
}

// decodeStrictJSON decodes doc into v, refusing what the API server would refuse or silently
// drop: a field the type does not have, a second value after the first, and — because
// encoding/json matches names without regard to case and the API server does not — a field
// spelt in another case (`Replicas`).
func decodeStrictJSON(doc []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one value in one document")
	}
	back, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("re-encoding: %w", err)
	}
	var in, out any
	if err := json.Unmarshal(doc, &in); err != nil {
		return err
	}
	if err := json.Unmarshal(back, &out); err != nil {
		return err
	}
	if path := lostField(in, out, ""); path != "" {
		return fmt.Errorf("json: unknown field %q (field names are case-sensitive)", strings.TrimPrefix(path, "."))
	}
	return nil
}

// lostField returns the path of the first field of in that has a value but is missing from
// out, the typed value re-encoded; "" when none is. A field whose value is zero may be missing
// (omitempty drops it), and has no effect either way.
func lostField(in, out any, path string) string {
	switch in := in.(type) {
	case map[string]any:
		o, _ := out.(map[string]any)
		keys := make([]string, 0, len(in))
		for k := range in {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ov, ok := o[k]
			if !ok {
				if isZeroJSON(in[k]) {
					continue
				}
				return path + "." + k
			}
			if p := lostField(in[k], ov, path+"."+k); p != "" {
				return p
			}
		}
	case []any:
		o, _ := out.([]any)
		for i, v := range in {
			if i >= len(o) {
				return fmt.Sprintf("%s[%d]", path, i)
			}
			if p := lostField(v, o[i], fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

func isZeroJSON(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case float64:
		return v == 0
	case string:
		return v == ""
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

// decodeManifest turns one YAML document into its typed object: YAML to JSON (duplicate keys
// are an error), apiVersion and kind pick the type, and the JSON is decoded strictly into it.
func decodeManifest(source string, doc []byte) (manifest, error) {
	j, err := yaml.YAMLToJSONStrict(doc)
	if err != nil {
		return manifest{}, fmt.Errorf("%s: %w", source, err)
	}
	var tm metav1.TypeMeta
	if err := json.Unmarshal(j, &tm); err != nil {
		return manifest{}, fmt.Errorf("%s: %w", source, err)
	}
	key := kindKey{tm.APIVersion, tm.Kind}
	if key.APIVersion == "" || key.Kind == "" {
		return manifest{}, fmt.Errorf("%s: a manifest needs apiVersion and kind", source)
	}
	newObj, ok := decoders[key]
	if !ok {
		return manifest{}, fmt.Errorf("%s: %s is not a kind the deployment uses (add it to decoders with its API type)", source, key)
	}
	obj := newObj()
	if err := decodeStrictJSON(j, obj); err != nil {
		return manifest{}, fmt.Errorf("%s: %s: %w", source, key, err)
	}
	meta, ok := obj.(metav1.Object)
	if !ok {
		return manifest{}, fmt.Errorf("%s: %T has no object metadata", source, obj)
	}
	if meta.GetName() == "" {
		return manifest{}, fmt.Errorf("%s: %s has no metadata.name", source, key)
	}
	return manifest{Source: source, Key: key, Name: meta.GetName(), Namespace: meta.GetNamespace(), Obj: obj}, nil
}

// decodeFile decodes every document of one file; name is how errors cite it.
func decodeFile(name string, b []byte) ([]manifest, error) {
	docs := splitDocuments(b)
	if len(docs) == 0 {
		return nil, fmt.Errorf("%s: no manifest in the file", name)
	}
	var out []manifest
	for i, d := range docs {
		source := name
		if len(docs) > 1 {
			source = fmt.Sprintf("%s#%d", name, i)
		}
		m, err := decodeManifest(source, d)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// loadDir decodes every .yaml and .yml file in dir, in name order (kubectl's order).
func loadDir(dir string) ([]manifest, error) {
	var files []string
	for _, pat := range []string{"*.yaml", "*.yml"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("no manifests in %s", dir)
	}
	var out []manifest
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		ms, err := decodeFile(filepath.Base(f), b)
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	return out, nil
}
