package deploy

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/leanprm/leanprm/internal/config"
)

// Paths and names the checks rely on.
const (
	readyPath   = "/readyz"
	livePath    = "/livez"
	metricsPath = "/metrics"
	// memoryHeadroom is what a worker's memory limit must leave above capacity × lean.max_rss
	// for leanprm itself (the pool, the PRM, buffers).
	memoryHeadroom = "512Mi"
)

// index is the decoded manifests by kind and name.
type index struct {
	namespaces    map[string]*corev1.Namespace
	configMaps    map[string]*corev1.ConfigMap
	secrets       map[string]*corev1.Secret
	services      map[string]*corev1.Service
	deployments   map[string]*appsv1.Deployment
	hpas          map[string]*autoscalingv2.HorizontalPodAutoscaler
	pdbs          map[string]*policyv1.PodDisruptionBudget
	scaledObjects map[string]*ScaledObject
	netpols       map[string]*networkingv1.NetworkPolicy
	source        map[any]string // object → where it came from, for messages
}

func newIndex(ms []manifest) (*index, []error) {
	ix := &index{
		namespaces: map[string]*corev1.Namespace{}, configMaps: map[string]*corev1.ConfigMap{},
		secrets: map[string]*corev1.Secret{}, services: map[string]*corev1.Service{},
		deployments: map[string]*appsv1.Deployment{}, hpas: map[string]*autoscalingv2.HorizontalPodAutoscaler{},
		pdbs: map[string]*policyv1.PodDisruptionBudget{}, scaledObjects: map[string]*ScaledObject{},
		netpols: map[string]*networkingv1.NetworkPolicy{}, source: map[any]string{},
	}
	var errs []error
	seen := map[string]string{}
	for _, m := range ms {
		id := m.Key.String() + "/" + m.Namespace + "/" + m.Name
		if prev, ok := seen[id]; ok {
			errs = append(errs, fmt.Errorf("%s: %s %s is also defined in %s", m.Source, m.Key.Kind, m.Name, prev))
			continue
		}
		seen[id] = m.Source
		ix.source[m.Obj] = m.String()
		switch o := m.Obj.(type) {
		case *corev1.Namespace:
			ix.namespaces[m.Name] = o
		case *corev1.ConfigMap:
			ix.configMaps[m.Name] = o
		case *corev1.Secret:
			ix.secrets[m.Name] = o
		case *corev1.Service:
			ix.services[m.Name] = o
		case *appsv1.Deployment:
			ix.deployments[m.Name] = o
		case *autoscalingv2.HorizontalPodAutoscaler:
			ix.hpas[m.Name] = o
		case *policyv1.PodDisruptionBudget:
			ix.pdbs[m.Name] = o
		case *ScaledObject:
			ix.scaledObjects[m.Name] = o
		case *networkingv1.NetworkPolicy:
			ix.netpols[m.Name] = o
		}
	}
	return ix, errs
}

// checkManifests runs every semantic check; tmp is a directory for the leanprm.yaml copies
// internal/config reads.
func checkManifests(ms []manifest, nats natsValues, tmp string) []error {
	ix, errs := newIndex(ms)
	errs = append(errs, checkNamespaces(ms, ix)...)
	errs = append(errs, checkNames(ms)...)
	errs = append(errs, checkSecrets(ix)...)
	for _, name := range sortedKeys(ix.deployments) {
		errs = append(errs, checkDeployment(ix, ix.deployments[name])...)
	}
	errs = append(errs, checkServices(ix)...)
	errs = append(errs, checkPDBs(ix)...)
	errs = append(errs, checkHPAs(ix)...)
	errs = append(errs, checkScaledObjects(ix, nats)...)
	errs = append(errs, checkRoles(ix, nats, tmp)...)
	errs = append(errs, checkNetworkPolicies(ix)...)
	errs = append(errs, checkDisruption(ix)...)
	errs = append(errs, checkScrape(ix)...)
	return errs
}

// checkDisruption: a Deployment KEDA scales keeps a pod through any drain its
// PodDisruptionBudget allows: minReplicaCount less the pods the budget lets go is at least
// one. (KEDA's default minReplicaCount is 0.)
func checkDisruption(ix *index) []error {
	var errs []error
	for _, name := range sortedKeys(ix.scaledObjects) {
		so := ix.scaledObjects[name]
		if so.Spec.ScaleTargetRef == nil {
			continue
		}
		minReplicas := int32(0)
		if so.Spec.MinReplicaCount != nil {
			minReplicas = *so.Spec.MinReplicaCount
		}
		d, ok := ix.deployments[so.Spec.ScaleTargetRef.Name]
		if !ok {
			continue
		}
		for _, pname := range sortedKeys(ix.pdbs) {
			p := ix.pdbs[pname]
			sel, err := metav1.LabelSelectorAsSelector(p.Spec.Selector)
			if err != nil || p.Spec.Selector == nil || p.Namespace != d.Namespace || !sel.Matches(labels.Set(d.Spec.Template.Labels)) {
				continue
			}
			src := ix.source[p]
			switch {
			case p.Spec.MaxUnavailable != nil && p.Spec.MaxUnavailable.Type == intstr.Int:
				if minReplicas-p.Spec.MaxUnavailable.IntVal < 1 {
					errs = append(errs, fmt.Errorf("%s: maxUnavailable %d with %s's minReplicaCount %d allows evicting the only %s", src,
						p.Spec.MaxUnavailable.IntVal, ix.source[so], minReplicas, d.Name))
				}
			case p.Spec.MinAvailable != nil && p.Spec.MinAvailable.Type == intstr.Int:
				if p.Spec.MinAvailable.IntVal < 1 {
					errs = append(errs, fmt.Errorf("%s: minAvailable %d allows evicting every %s", src, p.Spec.MinAvailable.IntVal, d.Name))
				}
			default:
				errs = append(errs, fmt.Errorf("%s: give the budget as a whole number of pods, so that it can be held against minReplicaCount", src))
			}
		}
	}
	return errs
}

// checkScrape: a pod that asks Prometheus to scrape it names the port leanprm listens on
// (--addr) and the path it serves its metrics at.
func checkScrape(ix *index) []error {
	var errs []error
	for _, name := range sortedKeys(ix.deployments) {
		d := ix.deployments[name]
		src := ix.source[d]
		a := d.Spec.Template.Annotations
		if a["prometheus.io/scrape"] != "true" {
			errs = append(errs, fmt.Errorf("%s: the pods do not ask to be scraped (prometheus.io/scrape: \"true\"); leanprm exports its metrics on --addr", src))
			continue
		}
		if a["prometheus.io/path"] != metricsPath {
			errs = append(errs, fmt.Errorf("%s: prometheus.io/path %q: leanprm serves its metrics at %s", src, a["prometheus.io/path"], metricsPath))
		}
		var listens []string
		for _, c := range d.Spec.Template.Spec.Containers {
			if addr, ok := flagValue(c.Args, "addr"); ok {
				if _, port, err := net.SplitHostPort(addr); err == nil {
					listens = append(listens, port)
				}
			}
		}
		if !slices.Contains(listens, a["prometheus.io/port"]) {
			errs = append(errs, fmt.Errorf("%s: prometheus.io/port %q is not a port leanprm listens on (--addr: %v)", src, a["prometheus.io/port"], listens))
		}
	}
	return errs
}

func checkNamespaces(ms []manifest, ix *index) []error {
	var errs []error
	for _, m := range ms {
		if m.Key.Kind == "Namespace" {
			continue
		}
		if m.Namespace == "" {
			errs = append(errs, fmt.Errorf("%s: no metadata.namespace (it would land in whatever namespace kubectl points at)", m))
		} else if ix.namespaces[m.Namespace] == nil {
			errs = append(errs, fmt.Errorf("%s: namespace %q is not among the manifests", m, m.Namespace))
		}
	}
	return errs
}

// checkNames applies the API server's syntax rules that a strict decode does not: object names,
// label keys and values, and in pod templates container, port, volume and variable names, and
// mounts of declared volumes only.
func checkNames(ms []manifest) []error {
	var errs []error
	bad := func(src, what, v string, msgs []string) {
		if len(msgs) > 0 {
			errs = append(errs, fmt.Errorf("%s: %s %q: %s", src, what, v, strings.Join(msgs, "; ")))
		}
	}
	labelSets := func(src string, ls map[string]string) {
		for _, k := range sortedKeys(ls) {
			bad(src, "label key", k, validation.IsQualifiedName(k))
			bad(src, "label value", ls[k], validation.IsValidLabelValue(ls[k]))
		}
	}
	for _, m := range ms {
		src := m.String()
		if m.Key.Kind == "Service" {
			bad(src, "Service name", m.Name, validation.IsDNS1035Label(m.Name))
		} else {
			bad(src, "name", m.Name, validation.IsDNS1123Subdomain(m.Name))
		}
		labelSets(src, m.Obj.(metav1.Object).GetLabels())
		d, ok := m.Obj.(*appsv1.Deployment)
		if !ok {
			continue
		}
		pod := d.Spec.Template.Spec
		labelSets(src+" pod template", d.Spec.Template.Labels)
		volumes := map[string]bool{}
		for _, v := range pod.Volumes {
			bad(src, "volume name", v.Name, validation.IsDNS1123Label(v.Name))
			volumes[v.Name] = true
		}
		for _, c := range append(append([]corev1.Container{}, pod.InitContainers...), pod.Containers...) {
			bad(src, "container name", c.Name, validation.IsDNS1123Label(c.Name))
			for _, p := range c.Ports {
				if p.Name != "" {
					bad(src, "port name", p.Name, validation.IsValidPortName(p.Name))
				}
			}
			for _, e := range c.Env {
				bad(src, "environment variable", e.Name, validation.IsEnvVarName(e.Name))
			}
			for _, vm := range c.VolumeMounts {
				if !volumes[vm.Name] {
					errs = append(errs, fmt.Errorf("%s: container %s mounts volume %q, which the pod does not declare", src, c.Name, vm.Name))
				}
			}
		}
	}
	return errs
}

// checkSecrets: no Secret in the repository carries a value (the token is created by the
// operator; see 10-secret.yaml).
func checkSecrets(ix *index) []error {
	var errs []error
	for _, name := range sortedKeys(ix.secrets) {
		s := ix.secrets[name]
		if len(s.Data) > 0 || len(s.StringData) > 0 {
			errs = append(errs, fmt.Errorf("%s: a committed Secret must not carry a value", ix.source[s]))
		}
	}
	return errs
}

// checkDeployment: the selector selects the pod template; every container is pinned, locked
// down, probed on a port it declares; every ConfigMap and Secret it names is shipped.
func checkDeployment(ix *index, d *appsv1.Deployment) []error {
	src := ix.source[d]
	var errs []error
	sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil || d.Spec.Selector == nil || sel.Empty() {
		errs = append(errs, fmt.Errorf("%s: spec.selector is missing or invalid (%v)", src, err))
	} else if !sel.Matches(labels.Set(d.Spec.Template.Labels)) {
		errs = append(errs, fmt.Errorf("%s: spec.selector %s does not match the pod template's labels %v", src, sel, d.Spec.Template.Labels))
	}
	pod := d.Spec.Template.Spec
	errs = append(errs, checkPodSecurity(src, pod)...)
	errs = append(errs, checkReferences(ix, src, pod)...)
	images := map[string]bool{}
	all := append(append([]corev1.Container{}, pod.InitContainers...), pod.Containers...)
	for _, c := range all {
		images[c.Image] = true
		if err := checkImage(c.Image); err != nil {
			errs = append(errs, fmt.Errorf("%s: container %s: %w", src, c.Name, err))
		}
	}
	if len(images) > 1 {
		errs = append(errs, fmt.Errorf("%s: containers run different images %v; the init container copies the Lake project out of the image the main container runs", src, sortedKeys(images)))
	}
	for _, c := range pod.Containers {
		probes := []struct {
			kind string
			p    *corev1.Probe
		}{{"readinessProbe", c.ReadinessProbe}, {"livenessProbe", c.LivenessProbe}, {"startupProbe", c.StartupProbe}}
		for _, pr := range probes {
			kind, p := pr.kind, pr.p
			if p == nil {
				if kind != "startupProbe" {
					errs = append(errs, fmt.Errorf("%s: container %s has no %s", src, c.Name, kind))
				}
				continue
			}
			if err := checkProbePort(c, p); err != nil {
				errs = append(errs, fmt.Errorf("%s: container %s %s: %w", src, c.Name, kind, err))
			}
		}
		if p := c.ReadinessProbe; p != nil && (p.HTTPGet == nil || p.HTTPGet.Path != readyPath) {
			errs = append(errs, fmt.Errorf("%s: container %s: readinessProbe must GET %s (ready only when the REPL pools are warm)", src, c.Name, readyPath))
		}
		if p := c.LivenessProbe; p != nil && (p.HTTPGet == nil || p.HTTPGet.Path != livePath) {
			errs = append(errs, fmt.Errorf("%s: container %s: livenessProbe must GET %s", src, c.Name, livePath))
		}
		// A startup probe on /livez passes at once and gates nothing: it must wait for what
		// start-up is for, the warm pool (/readyz).
		if p := c.StartupProbe; p != nil && (p.HTTPGet == nil || p.HTTPGet.Path != readyPath) {
			errs = append(errs, fmt.Errorf("%s: container %s: startupProbe must GET %s (started when the pool is warm; %s passes at once)", src, c.Name, readyPath, livePath))
		}
	}
	return errs
}

// checkProbePort: an HTTP or TCP probe aims at a port the container declares.
func checkProbePort(c corev1.Container, p *corev1.Probe) error {
	var port intstr.IntOrString
	switch {
	case p.HTTPGet != nil:
		port = p.HTTPGet.Port
	case p.TCPSocket != nil:
		port = p.TCPSocket.Port
	default:
		return nil
	}
	if _, ok := containerPort(c, port); !ok {
		return fmt.Errorf("port %s is not one the container declares", port.String())
	}
	return nil
}

// containerPort resolves a port by name or number among c's declared ports.
func containerPort(c corev1.Container, port intstr.IntOrString) (int32, bool) {
	for _, p := range c.Ports {
		if (port.Type == intstr.String && p.Name == port.StrVal) || (port.Type == intstr.Int && p.ContainerPort == port.IntVal) {
			return p.ContainerPort, true
		}
	}
	return 0, false
}

// checkImage: a tag other than latest, or a digest.
func checkImage(image string) error {
	if image == "" {
		return fmt.Errorf("no image")
	}
	if strings.Contains(image, "@sha256:") {
		return nil
	}
	last := image[strings.LastIndex(image, "/")+1:]
	i := strings.LastIndex(last, ":")
	if i < 0 {
		return fmt.Errorf("image %q has no tag (it means :latest)", image)
	}
	if last[i+1:] == "latest" {
		return fmt.Errorf("image %q is :latest; pin a version or a digest", image)
	}
	return nil
}

// checkPodSecurity: the restricted Pod Security Standard the namespace enforces, plus a
// read-only root file system and no service-account token (leanprm never calls the API).
func checkPodSecurity(src string, pod corev1.PodSpec) []error {
	var errs []error
	psc := pod.SecurityContext
	if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot {
		errs = append(errs, fmt.Errorf("%s: pod securityContext.runAsNonRoot must be true", src))
	}
	if psc == nil || psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		errs = append(errs, fmt.Errorf("%s: pod securityContext.seccompProfile must be RuntimeDefault", src))
	}
	if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
		errs = append(errs, fmt.Errorf("%s: automountServiceAccountToken must be false", src))
	}
	if pod.HostNetwork || pod.HostPID || pod.HostIPC {
		errs = append(errs, fmt.Errorf("%s: no host namespaces", src))
	}
	for _, c := range append(append([]corev1.Container{}, pod.InitContainers...), pod.Containers...) {
		sc := c.SecurityContext
		switch {
		case sc == nil:
			errs = append(errs, fmt.Errorf("%s: container %s has no securityContext", src, c.Name))
			continue
		case sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation:
			errs = append(errs, fmt.Errorf("%s: container %s: allowPrivilegeEscalation must be false", src, c.Name))
		case sc.Privileged != nil && *sc.Privileged:
			errs = append(errs, fmt.Errorf("%s: container %s is privileged", src, c.Name))
		case sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem:
			errs = append(errs, fmt.Errorf("%s: container %s: readOnlyRootFilesystem must be true", src, c.Name))
		}
		dropsAll := false
		if sc.Capabilities != nil {
			for _, cp := range sc.Capabilities.Drop {
				dropsAll = dropsAll || cp == "ALL"
			}
			if len(sc.Capabilities.Add) > 0 {
				errs = append(errs, fmt.Errorf("%s: container %s adds capabilities %v", src, c.Name, sc.Capabilities.Add))
			}
		}
		if !dropsAll {
			errs = append(errs, fmt.Errorf("%s: container %s must drop ALL capabilities", src, c.Name))
		}
	}
	return errs
}

// checkReferences: every ConfigMap and Secret the pod names (volumes, env, envFrom) is among
// the manifests, and every key it names is in the ConfigMap.
func checkReferences(ix *index, src string, pod corev1.PodSpec) []error {
	var errs []error
	needCM := func(what, name, key string) {
		cm := ix.configMaps[name]
		if cm == nil {
			errs = append(errs, fmt.Errorf("%s: %s names ConfigMap %q, which is not among the manifests", src, what, name))
			return
		}
		if key != "" {
			if _, ok := cm.Data[key]; !ok {
				errs = append(errs, fmt.Errorf("%s: %s names key %q, which ConfigMap %s does not have", src, what, key, name))
			}
		}
	}
	needSecret := func(what, name string) {
		if ix.secrets[name] == nil {
			errs = append(errs, fmt.Errorf("%s: %s names Secret %q, which is not among the manifests", src, what, name))
		}
	}
	for _, v := range pod.Volumes {
		what := "volume " + v.Name
		switch {
		case v.ConfigMap != nil:
			needCM(what, v.ConfigMap.Name, "")
			for _, it := range v.ConfigMap.Items {
				needCM(what, v.ConfigMap.Name, it.Key)
			}
		case v.Secret != nil:
			needSecret(what, v.Secret.SecretName)
		case v.Projected != nil:
			for _, s := range v.Projected.Sources {
				if s.ConfigMap != nil {
					needCM(what, s.ConfigMap.Name, "")
				}
				if s.Secret != nil {
					needSecret(what, s.Secret.Name)
				}
			}
		}
	}
	for _, c := range append(append([]corev1.Container{}, pod.InitContainers...), pod.Containers...) {
		for _, e := range c.Env {
			if e.ValueFrom == nil {
				continue
			}
			what := "container " + c.Name + " env " + e.Name
			if r := e.ValueFrom.ConfigMapKeyRef; r != nil {
				needCM(what, r.Name, r.Key)
			}
			if r := e.ValueFrom.SecretKeyRef; r != nil {
				needSecret(what, r.Name)
			}
		}
		for _, e := range c.EnvFrom {
			if e.ConfigMapRef != nil {
				needCM("container "+c.Name+" envFrom", e.ConfigMapRef.Name, "")
			}
			if e.SecretRef != nil {
				needSecret("container "+c.Name+" envFrom", e.SecretRef.Name)
			}
		}
	}
	return errs
}

// podsSelectedBy returns the Deployments (in the namespace) whose pods sel matches.
func podsSelectedBy(ix *index, ns string, sel labels.Selector) []*appsv1.Deployment {
	var out []*appsv1.Deployment
	for _, name := range sortedKeys(ix.deployments) {
		d := ix.deployments[name]
		if d.Namespace == ns && sel.Matches(labels.Set(d.Spec.Template.Labels)) {
			out = append(out, d)
		}
	}
	return out
}

// checkServices: a Service selects pods of one Deployment, and its targetPort is a port those
// pods declare.
func checkServices(ix *index) []error {
	var errs []error
	for _, name := range sortedKeys(ix.services) {
		s := ix.services[name]
		src := ix.source[s]
		if len(s.Spec.Selector) == 0 {
			errs = append(errs, fmt.Errorf("%s: no selector", src))
			continue
		}
		ds := podsSelectedBy(ix, s.Namespace, labels.SelectorFromSet(s.Spec.Selector))
		if len(ds) != 1 {
			errs = append(errs, fmt.Errorf("%s: selector %v matches the pods of %d Deployments, want 1", src, s.Spec.Selector, len(ds)))
			continue
		}
		for _, p := range s.Spec.Ports {
			target := p.TargetPort
			if target.Type == intstr.Int && target.IntVal == 0 {
				target = intstr.FromInt32(p.Port)
			}
			found := false
			for _, c := range ds[0].Spec.Template.Spec.Containers {
				if _, ok := containerPort(c, target); ok {
					found = true
				}
			}
			if !found {
				errs = append(errs, fmt.Errorf("%s: port %s: targetPort %s is not declared by %s's containers", src, p.Name, target.String(), ds[0].Name))
			}
		}
	}
	return errs
}

// checkPDBs: each budget covers the pods of exactly one Deployment, and one with minAvailable
// leaves an autoscaled Deployment's minimum room to drain a node.
func checkPDBs(ix *index) []error {
	var errs []error
	covered := map[string]bool{}
	for _, name := range sortedKeys(ix.pdbs) {
		p := ix.pdbs[name]
		src := ix.source[p]
		sel, err := metav1.LabelSelectorAsSelector(p.Spec.Selector)
		if err != nil || p.Spec.Selector == nil || sel.Empty() {
			errs = append(errs, fmt.Errorf("%s: spec.selector is missing or invalid (%v)", src, err))
			continue
		}
		ds := podsSelectedBy(ix, p.Namespace, sel)
		if len(ds) != 1 {
			errs = append(errs, fmt.Errorf("%s: selector %s matches the pods of %d Deployments, want 1", src, sel, len(ds)))
			continue
		}
		covered[ds[0].Name] = true
		if p.Spec.MinAvailable != nil && p.Spec.MinAvailable.Type == intstr.Int {
			for _, h := range ix.hpas {
				if h.Spec.ScaleTargetRef.Name == ds[0].Name && h.Spec.MinReplicas != nil && *h.Spec.MinReplicas <= p.Spec.MinAvailable.IntVal {
					errs = append(errs, fmt.Errorf("%s: minAvailable %d with at least %d replicas blocks every drain", src, p.Spec.MinAvailable.IntVal, *h.Spec.MinReplicas))
				}
			}
		}
	}
	for _, name := range sortedKeys(ix.deployments) {
		if !covered[name] {
			errs = append(errs, fmt.Errorf("%s: no PodDisruptionBudget covers its pods", ix.source[ix.deployments[name]]))
		}
	}
	return errs
}

// autoscaled returns the Deployment an autoscaler targets, checking it exists and leaves
// spec.replicas to the autoscaler.
func autoscaled(ix *index, src, ns, apiVersion, kind, name string) (*appsv1.Deployment, error) {
	if kind != "" && kind != "Deployment" || apiVersion != "" && apiVersion != "apps/v1" {
		return nil, fmt.Errorf("%s: scales %s %s; the manifests autoscale Deployments (apps/v1)", src, apiVersion, kind)
	}
	d := ix.deployments[name]
	if d == nil || d.Namespace != ns {
		return nil, fmt.Errorf("%s: scale target Deployment %q is not among the manifests", src, name)
	}
	if d.Spec.Replicas != nil {
		return d, fmt.Errorf("%s: Deployment %s sets spec.replicas, which every `kubectl apply` would reset under the autoscaler", src, name)
	}
	return d, nil
}

// checkHPAs: the target exists; a CPU utilisation target needs CPU requests to measure
// against; min ≤ max.
func checkHPAs(ix *index) []error {
	var errs []error
	for _, name := range sortedKeys(ix.hpas) {
		h := ix.hpas[name]
		src := ix.source[h]
		ref := h.Spec.ScaleTargetRef
		d, err := autoscaled(ix, src, h.Namespace, ref.APIVersion, ref.Kind, ref.Name)
		if err != nil {
			errs = append(errs, err)
		}
		if h.Spec.MinReplicas != nil && *h.Spec.MinReplicas > h.Spec.MaxReplicas {
			errs = append(errs, fmt.Errorf("%s: minReplicas %d > maxReplicas %d", src, *h.Spec.MinReplicas, h.Spec.MaxReplicas))
		}
		if d == nil {
			continue
		}
		for _, m := range h.Spec.Metrics {
			if m.Type != autoscalingv2.ResourceMetricSourceType || m.Resource == nil || m.Resource.Target.Type != autoscalingv2.UtilizationMetricType {
				continue
			}
			for _, c := range d.Spec.Template.Spec.Containers {
				if _, ok := c.Resources.Requests[m.Resource.Name]; !ok {
					errs = append(errs, fmt.Errorf("%s: utilisation of %s needs a %s request on container %s of %s", src, m.Resource.Name, m.Resource.Name, c.Name, d.Name))
				}
			}
		}
	}
	return errs
}

// checkScaledObjects: the target exists and no HPA of ours also scales it (KEDA makes its
// own); the trigger is nats-jetstream with known metadata, pointed at the chart's headless
// Service on its monitoring port.
func checkScaledObjects(ix *index, nats natsValues) []error {
	var errs []error
	for _, name := range sortedKeys(ix.scaledObjects) {
		so := ix.scaledObjects[name]
		src := ix.source[so]
		ref := so.Spec.ScaleTargetRef
		if ref == nil {
			errs = append(errs, fmt.Errorf("%s: no scaleTargetRef", src))
			continue
		}
		if _, err := autoscaled(ix, src, so.Namespace, ref.APIVersion, ref.Kind, ref.Name); err != nil {
			errs = append(errs, err)
		}
		for _, h := range ix.hpas {
			if h.Spec.ScaleTargetRef.Name == ref.Name {
				errs = append(errs, fmt.Errorf("%s: %s also scales %s; KEDA creates its own HPA", src, ix.source[h], ref.Name))
			}
		}
		if so.Spec.MinReplicaCount != nil && so.Spec.MaxReplicaCount != nil && *so.Spec.MinReplicaCount > *so.Spec.MaxReplicaCount {
			errs = append(errs, fmt.Errorf("%s: minReplicaCount > maxReplicaCount", src))
		}
		if len(so.Spec.Triggers) == 0 {
			errs = append(errs, fmt.Errorf("%s: no triggers", src))
		}
		for _, tr := range so.Spec.Triggers {
			if err := checkTriggerMetadata(tr); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", src, err))
				continue
			}
			if n, err := strconv.Atoi(tr.Metadata["lagThreshold"]); err != nil || n <= 0 {
				errs = append(errs, fmt.Errorf("%s: lagThreshold %q is not a positive whole number", src, tr.Metadata["lagThreshold"]))
			}
			host, port, err := net.SplitHostPort(tr.Metadata["natsServerMonitoringEndpoint"])
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: natsServerMonitoringEndpoint: %w", src, err))
				continue
			}
			if port != strconv.Itoa(nats.Config.Monitor.Port) {
				errs = append(errs, fmt.Errorf("%s: natsServerMonitoringEndpoint port %s is not the chart's monitor port %d", src, port, nats.Config.Monitor.Port))
			}
			if svc, _, _ := strings.Cut(host, "."); !strings.HasSuffix(svc, "-headless") {
				errs = append(errs, fmt.Errorf("%s: natsServerMonitoringEndpoint %s must be the chart's headless Service: KEDA reaches a clustered consumer's leader as <server>.<endpoint host>", src, host))
			}
		}
	}
	return errs
}

// flagValue returns the value of --name in args (--name=v or --name v).
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v, true
		}
		if a == "--"+name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// leanprmConfig loads the configuration a container runs with: the file its --config names,
// resolved through its volume mounts to a ConfigMap key, and its literal LEANPRM_* variables,
// through leanprm's own loader (so a key leanprm does not know, or a value it cannot parse,
// fails here as it would fail the pod).
func leanprmConfig(ix *index, pod corev1.PodSpec, c corev1.Container, tmp string) (*config.Config, error) {
	file, ok := flagValue(c.Args, config.ConfigFlag)
	if !ok {
		return nil, fmt.Errorf("container %s: no --%s", c.Name, config.ConfigFlag)
	}
	text, err := mountedConfigMapFile(ix, pod, c, file)
	if err != nil {
		return nil, fmt.Errorf("container %s: --config %s: %w", c.Name, file, err)
	}
	f, err := os.CreateTemp(tmp, "leanprm-*.yaml")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, e := range c.Env {
		if e.ValueFrom == nil {
			env[e.Name] = e.Value
		}
	}
	cfg, err := config.Load(nil, config.LoadOptions{
		File:       f.Name(),
		LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		SearchDirs: []string{},
	})
	if err != nil {
		return nil, fmt.Errorf("container %s: leanprm refuses its configuration: %w", c.Name, err)
	}
	return cfg, nil
}

// mountedConfigMapFile returns the text of the file at p as the pod mounts it from a
// ConfigMap.
func mountedConfigMapFile(ix *index, pod corev1.PodSpec, c corev1.Container, p string) (string, error) {
	for _, m := range c.VolumeMounts {
		rel, err := filepath.Rel(m.MountPath, p)
		if err != nil || strings.HasPrefix(rel, "..") || rel == "." {
			continue
		}
		for _, v := range pod.Volumes {
			if v.Name != m.Name || v.ConfigMap == nil {
				continue
			}
			key := rel
			for _, it := range v.ConfigMap.Items {
				if it.Path == rel {
					key = it.Key
				}
			}
			cm := ix.configMaps[v.ConfigMap.Name]
			if cm == nil {
				return "", fmt.Errorf("ConfigMap %s is not among the manifests", v.ConfigMap.Name)
			}
			text, ok := cm.Data[key]
			if !ok {
				return "", fmt.Errorf("ConfigMap %s has no key %s", cm.Name, key)
			}
			return text, nil
		}
	}
	return "", fmt.Errorf("no ConfigMap volume is mounted there")
}

// mountedSecretFile reports whether p is a file the pod mounts from a Secret volume.
func mountedSecretFile(pod corev1.PodSpec, c corev1.Container, p string) bool {
	_, _, ok := mountedSecret(pod, c, p)
	return ok
}

// mountedSecret finds the Secret and key that the file p of container c comes from.
func mountedSecret(pod corev1.PodSpec, c corev1.Container, p string) (name, key string, ok bool) {
	for _, m := range c.VolumeMounts {
		if path.Dir(p) != path.Clean(m.MountPath) {
			continue
		}
		for _, v := range pod.Volumes {
			if v.Name == m.Name && v.Secret != nil {
				for _, it := range v.Secret.Items {
					if it.Path == path.Base(p) {
						return v.Secret.SecretName, it.Key, true
					}
				}
				return v.Secret.SecretName, path.Base(p), len(v.Secret.Items) == 0
			}
		}
	}
	return "", "", false
}

// natsTokenRefRE is the chart's reference to an environment variable in nats.conf.
var natsTokenRefRE = regexp.MustCompile(`^<< \$([A-Z_][A-Z0-9_]*) >>$`)

// checkNATSToken: the token NATS requires (nats-values.yaml's authorization, from a Secret by
// way of the container's environment) is the one every gateway and worker mounts.
func checkNATSToken(nats natsValues, mounted map[string]bool) []error {
	m := natsTokenRefRE.FindStringSubmatch(nats.Config.Merge.Authorization.Token)
	if m == nil {
		return []error{fmt.Errorf("nats-values.yaml: config.merge.authorization.token %q is not a reference to a Secret-backed variable (<< $VAR >>): NATS must require the token leanprm sends", nats.Config.Merge.Authorization.Token)}
	}
	env, ok := nats.Container.Env[m[1]]
	if !ok || env.ValueFrom == nil || env.ValueFrom.SecretKeyRef == nil {
		return []error{fmt.Errorf("nats-values.yaml: container.env.%s must come from a Secret (valueFrom.secretKeyRef)", m[1])}
	}
	ref := env.ValueFrom.SecretKeyRef
	if !mounted[ref.Name+"/"+ref.Key] || len(mounted) != 1 {
		return []error{fmt.Errorf("nats-values.yaml: NATS takes its token from Secret %s key %s; gateways and workers read %v", ref.Name, ref.Key, sortedKeys(mounted))}
	}
	return nil
}

// checkRoles finds the gateway (`leanprm serve`) and the worker (`leanprm worker`) and checks
// what ties each to the rest: the worker's sizing rule (CPU request = --capacity = REPL pool
// size = KEDA's lagThreshold; memory limit ≥ capacity × lean.max_rss + headroom; a grace
// period past lean.timeout), the gateway's token from a Secret file, one NATS for both.
func checkRoles(ix *index, nats natsValues, tmp string) []error {
	var errs []error
	var gatewayNATS, workerNATS []string
	var capacities []int
	roles := map[string]int{}
	natsTokens := map[string]bool{}
	for _, dname := range sortedKeys(ix.deployments) {
		d := ix.deployments[dname]
		src := ix.source[d]
		pod := d.Spec.Template.Spec
		for _, c := range pod.Containers {
			if len(c.Args) == 0 {
				errs = append(errs, fmt.Errorf("%s: container %s has no arguments (leanprm needs a command)", src, c.Name))
				continue
			}
			role := c.Args[0]
			roles[role]++
			cfg, err := leanprmConfig(ix, pod, c, tmp)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", src, err))
				continue
			}
			natsURL, hasNATS := flagValue(c.Args, "nats")
			if hasNATS {
				if u, err := url.Parse(natsURL); err != nil || u.Scheme != "nats" || u.Port() == "" {
					errs = append(errs, fmt.Errorf("%s: container %s: --nats %q is not nats://host:port", src, c.Name, natsURL))
				}
			}
			if addr, ok := flagValue(c.Args, "addr"); !ok {
				errs = append(errs, fmt.Errorf("%s: container %s: no --addr (probes and metrics need it)", src, c.Name))
			} else if _, port, err := net.SplitHostPort(addr); err != nil {
				errs = append(errs, fmt.Errorf("%s: container %s: --addr %q: %w", src, c.Name, addr, err))
			} else if n, _ := strconv.Atoi(port); !declaresPort(c, int32(n)) {
				errs = append(errs, fmt.Errorf("%s: container %s listens on %s, a port it does not declare", src, c.Name, port))
			}
			if tok, ok := flagValue(c.Args, "nats-token-file"); !ok {
				errs = append(errs, fmt.Errorf("%s: container %s: no --nats-token-file (NATS requires a token)", src, c.Name))
			} else if name, key, ok := mountedSecret(pod, c, tok); !ok {
				errs = append(errs, fmt.Errorf("%s: container %s: the NATS token must come from a Secret file (--nats-token-file %s)", src, c.Name, tok))
			} else {
				natsTokens[name+"/"+key] = true
			}
			switch role {
			case "serve":
				gatewayNATS = append(gatewayNATS, natsURL)
				tok, ok := flagValue(c.Args, "auth-token-file")
				if !ok || !mountedSecretFile(pod, c, tok) {
					errs = append(errs, fmt.Errorf("%s: container %s: the bearer token must come from a Secret file (--auth-token-file)", src, c.Name))
				}
			case "worker":
				workerNATS = append(workerNATS, natsURL)
				errs = append(errs, checkStreams(src, cfg, nats)...)
				capacity, err := checkWorkerSizing(src, pod, c, cfg)
				errs = append(errs, err...)
				if capacity > 0 {
					capacities = append(capacities, capacity)
				}
			default:
				errs = append(errs, fmt.Errorf("%s: container %s runs `leanprm %s`; the deployment runs serve and worker", src, c.Name, role))
			}
		}
	}
	errs = append(errs, checkNATSToken(nats, natsTokens)...)
	if roles["serve"] == 0 || roles["worker"] == 0 {
		errs = append(errs, fmt.Errorf("want a gateway (leanprm serve) and a worker (leanprm worker) Deployment, found %v", roles))
	}
	urls := append(append([]string{}, gatewayNATS...), workerNATS...)
	for _, u := range urls {
		if u == "" || u != urls[0] {
			errs = append(errs, fmt.Errorf("gateway and workers must meet on one NATS (--nats): %v and %v", gatewayNATS, workerNATS))
			break
		}
	}
	// One lag threshold per worker's capacity: KEDA then aims at one REPL per outstanding task.
	for _, name := range sortedKeys(ix.scaledObjects) {
		for _, tr := range ix.scaledObjects[name].Spec.Triggers {
			for _, capacity := range capacities {
				if tr.Metadata["lagThreshold"] != strconv.Itoa(capacity) {
					errs = append(errs, fmt.Errorf("%s: lagThreshold %q is not the worker's capacity %d (deploy/README.md, sizing)", ix.source[ix.scaledObjects[name]], tr.Metadata["lagThreshold"], capacity))
				}
			}
		}
	}
	return errs
}

// checkStreams: the streams leanprm sets up are what the NATS servers promise: on file
// storage, replicated on every server of the cluster, their size bound under a server's PVC.
func checkStreams(src string, cfg *config.Config, nats natsValues) []error {
	var errs []error
	js := nats.Config.JetStream
	if cfg.NATS.Storage != config.StorageFile || !js.FileStore.Enabled {
		errs = append(errs, fmt.Errorf("%s: nats.storage is %q and the chart's fileStore enabled is %v: the queue survives a NATS restart only on file storage", src, cfg.NATS.Storage, js.FileStore.Enabled))
	}
	if want := nats.Config.Cluster.Replicas; nats.Config.Cluster.Enabled && cfg.NATS.Replicas != want {
		errs = append(errs, fmt.Errorf("%s: nats.replicas %d is not the %d servers of the NATS cluster (R%d keeps a quorum when one is lost)", src, cfg.NATS.Replicas, want, want))
	}
	if pvc := js.FileStore.PVC.Size.Value(); cfg.NATS.MaxBytes <= 0 || cfg.NATS.MaxBytes >= pvc {
		errs = append(errs, fmt.Errorf("%s: nats.max_bytes %d must bound the task stream under a server's PVC (%s)", src, cfg.NATS.MaxBytes, js.FileStore.PVC.Size.String()))
	}
	return errs
}

func declaresPort(c corev1.Container, port int32) bool {
	_, ok := containerPort(c, intstr.FromInt32(port))
	return ok
}

// checkWorkerSizing is the sizing rule of deploy/README.md for one worker container; it
// returns the capacity it found (0 when none).
func checkWorkerSizing(src string, pod corev1.PodSpec, c corev1.Container, cfg *config.Config) (int, []error) {
	var errs []error
	raw, ok := flagValue(c.Args, "capacity")
	capacity, err := strconv.Atoi(raw)
	if !ok || err != nil || capacity <= 0 {
		return 0, []error{fmt.Errorf("%s: worker %s: --capacity %q is not a positive whole number", src, c.Name, raw)}
	}
	cpu, ok := c.Resources.Requests[corev1.ResourceCPU]
	if !ok || cpu.MilliValue() != int64(capacity)*1000 {
		errs = append(errs, fmt.Errorf("%s: worker %s: CPU request %s is not --capacity %d (one core per REPL)", src, c.Name, cpu.String(), capacity))
	}
	if cfg.Lean.Workers != capacity {
		errs = append(errs, fmt.Errorf("%s: worker %s: lean.workers is %d, not --capacity %d (the pool must hold one REPL per task pulled)", src, c.Name, cfg.Lean.Workers, capacity))
	}
	limit, hasLimit := c.Resources.Limits[corev1.ResourceMemory]
	request, hasRequest := c.Resources.Requests[corev1.ResourceMemory]
	if !hasLimit || !hasRequest {
		errs = append(errs, fmt.Errorf("%s: worker %s: memory request and limit are both required", src, c.Name))
	} else {
		if request.Cmp(limit) > 0 {
			errs = append(errs, fmt.Errorf("%s: worker %s: memory request %s is above the limit %s", src, c.Name, request.String(), limit.String()))
		}
		if cfg.Lean.MaxRSS <= 0 {
			errs = append(errs, fmt.Errorf("%s: worker %s: lean.max_rss must be set: without it the pod's memory limit is the only guard, and it kills the whole pool", src, c.Name))
		} else {
			need := resource.NewQuantity(int64(capacity)*cfg.Lean.MaxRSS, resource.BinarySI)
			need.Add(resource.MustParse(memoryHeadroom))
			if limit.Cmp(*need) < 0 {
				errs = append(errs, fmt.Errorf("%s: worker %s: memory limit %s is under capacity × lean.max_rss + %s = %s: the kernel would kill the pod before the pool recycles a REPL", src, c.Name, limit.String(), memoryHeadroom, need.String()))
			}
		}
	}
	grace := time.Duration(30) * time.Second // the API's default
	if pod.TerminationGracePeriodSeconds != nil {
		grace = time.Duration(*pod.TerminationGracePeriodSeconds) * time.Second
	}
	if grace <= cfg.Lean.Timeout {
		errs = append(errs, fmt.Errorf("%s: worker %s: terminationGracePeriodSeconds (%s) must exceed lean.timeout (%s) so in-flight tasks finish on SIGTERM", src, c.Name, grace, cfg.Lean.Timeout))
	}
	return capacity, errs
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkNetworkPolicies: every Deployment is fenced in both directions by one policy; its open
// ports are ports the pods declare; its egress reaches DNS and the NATS its --nats names, so
// the fence does not cut the service off.
func checkNetworkPolicies(ix *index) []error {
	var errs []error
	fenced := map[string]bool{}
	for _, name := range sortedKeys(ix.netpols) {
		np := ix.netpols[name]
		src := ix.source[np]
		sel, err := metav1.LabelSelectorAsSelector(&np.Spec.PodSelector)
		if err != nil || sel.Empty() {
			errs = append(errs, fmt.Errorf("%s: podSelector is empty or invalid (%v); the policies here fence one Deployment each", src, err))
			continue
		}
		ds := podsSelectedBy(ix, np.Namespace, sel)
		if len(ds) != 1 {
			errs = append(errs, fmt.Errorf("%s: podSelector %s matches the pods of %d Deployments, want 1", src, sel, len(ds)))
			continue
		}
		d := ds[0]
		types := map[networkingv1.PolicyType]bool{}
		for _, t := range np.Spec.PolicyTypes {
			types[t] = true
		}
		if types[networkingv1.PolicyTypeIngress] && types[networkingv1.PolicyTypeEgress] {
			fenced[d.Name] = true
		} else {
			errs = append(errs, fmt.Errorf("%s: policyTypes must name Ingress and Egress", src))
		}
		for _, r := range np.Spec.Ingress {
			for _, p := range r.Ports {
				if p.Port == nil {
					continue
				}
				found := false
				for _, c := range d.Spec.Template.Spec.Containers {
					_, ok := containerPort(c, *p.Port)
					found = found || ok
				}
				if !found {
					errs = append(errs, fmt.Errorf("%s: ingress port %s is not declared by %s's containers", src, p.Port.String(), d.Name))
				}
			}
		}
		allows := func(ns string, port int32) bool {
			for _, r := range np.Spec.Egress {
				portOK := len(r.Ports) == 0
				for _, p := range r.Ports {
					portOK = portOK || p.Port == nil || (p.Port.Type == intstr.Int && p.Port.IntVal == port)
				}
				if !portOK {
					continue
				}
				if len(r.To) == 0 {
					return true
				}
				for _, peer := range r.To {
					if peer.IPBlock != nil || peer.NamespaceSelector == nil {
						continue
					}
					nsSel, err := metav1.LabelSelectorAsSelector(peer.NamespaceSelector)
					if err == nil && (ns == "" || nsSel.Matches(labels.Set{"kubernetes.io/metadata.name": ns})) {
						return true
					}
				}
			}
			return false
		}
		if !allows("", 53) {
			errs = append(errs, fmt.Errorf("%s: egress does not allow DNS (port 53); no Service name would resolve", src))
		}
		for _, c := range d.Spec.Template.Spec.Containers {
			raw, ok := flagValue(c.Args, "nats")
			if !ok {
				continue
			}
			u, err := url.Parse(raw)
			if err != nil {
				continue // checkRoles reports it
			}
			parts := strings.Split(u.Hostname(), ".")
			port, _ := strconv.Atoi(u.Port())
			if len(parts) < 2 || !allows(parts[1], int32(port)) {
				errs = append(errs, fmt.Errorf("%s: egress does not allow %s's NATS %s", src, d.Name, raw))
			}
		}
	}
	for _, name := range sortedKeys(ix.deployments) {
		if !fenced[name] {
			errs = append(errs, fmt.Errorf("%s: no NetworkPolicy fences its pods", ix.source[ix.deployments[name]]))
		}
	}
	return errs
}
