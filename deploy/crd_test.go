package deploy

import (
	"fmt"
	"os"
	"sort"
	"strings"

	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// ScaledObject mirrors the part of KEDA's keda.sh/v1alpha1 ScaledObject that the manifests
// use, with KEDA's JSON names (kedacore/keda apis/keda/v1alpha1/scaledobject_types.go; the
// trigger metadata from keda.sh/docs/scalers/nats-jetstream). KEDA is a CRD, not part of
// k8s.io/api, and no KEDA module is a dependency here. Fields KEDA has and the manifests do
// not use (idleReplicaCount, fallback, scalingModifiers, authenticationRef, …) are left out on
// purpose: the strict decoder rejects them as it rejects typos, and whoever starts using one
// adds it here after checking its name against KEDA.
type ScaledObject struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ScaledObjectSpec `json:"spec"`
}

// ScaledObjectSpec is KEDA's ScaledObjectSpec, the fields used.
type ScaledObjectSpec struct {
	ScaleTargetRef  *ScaleTarget    `json:"scaleTargetRef"`
	PollingInterval *int32          `json:"pollingInterval,omitempty"`
	CooldownPeriod  *int32          `json:"cooldownPeriod,omitempty"`
	MinReplicaCount *int32          `json:"minReplicaCount,omitempty"`
	MaxReplicaCount *int32          `json:"maxReplicaCount,omitempty"`
	Advanced        *AdvancedConfig `json:"advanced,omitempty"`
	Triggers        []ScaleTriggers `json:"triggers"`
}

// ScaleTarget is KEDA's ScaleTarget.
type ScaleTarget struct {
	Name       string `json:"name"`
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
}

// AdvancedConfig is KEDA's AdvancedConfig, the HPA part.
type AdvancedConfig struct {
	HorizontalPodAutoscalerConfig *HorizontalPodAutoscalerConfig `json:"horizontalPodAutoscalerConfig,omitempty"`
}

// HorizontalPodAutoscalerConfig is KEDA's; its behavior is the autoscaling/v2 type itself,
// as in KEDA, so it is checked as strictly as an HPA's.
type HorizontalPodAutoscalerConfig struct {
	Behavior *autoscalingv2.HorizontalPodAutoscalerBehavior `json:"behavior,omitempty"`
}

// ScaleTriggers is KEDA's ScaleTriggers. Metadata is a string map in KEDA, so a misspelt key
// would decode; natsJetStreamMetadata below is the list it is held to.
type ScaleTriggers struct {
	Type     string            `json:"type"`
	Name     string            `json:"name,omitempty"`
	Metadata map[string]string `json:"metadata"`
}

// natsJetStreamMetadata is the nats-jetstream scaler's metadata, true when required
// (keda.sh/docs/scalers/nats-jetstream).
var natsJetStreamMetadata = map[string]bool{
	"natsServerMonitoringEndpoint": true,
	"account":                      true,
	"stream":                       true,
	"consumer":                     true,
	"lagThreshold":                 true,
	"activationLagThreshold":       false,
	"useHttps":                     false,
}

// checkTriggerMetadata holds a nats-jetstream trigger's metadata to the scaler's keys.
func checkTriggerMetadata(tr ScaleTriggers) error {
	if tr.Type != "nats-jetstream" {
		return fmt.Errorf("trigger type %q: the workers scale on JetStream lag (nats-jetstream)", tr.Type)
	}
	var unknown, missing []string
	for k := range tr.Metadata {
		if _, ok := natsJetStreamMetadata[k]; !ok {
			unknown = append(unknown, k)
		}
	}
	for k, required := range natsJetStreamMetadata {
		if _, ok := tr.Metadata[k]; required && !ok {
			missing = append(missing, k)
		}
	}
	sort.Strings(unknown)
	sort.Strings(missing)
	if len(unknown) > 0 {
		return fmt.Errorf("nats-jetstream metadata has unknown keys %s", strings.Join(unknown, ", "))
	}
	if len(missing) > 0 {
		return fmt.Errorf("nats-jetstream metadata lacks %s", strings.Join(missing, ", "))
	}
	return nil
}

// natsValues mirrors the part of the official NATS Helm chart's values.yaml (nats-io/k8s,
// helm/charts/nats, chart 2.14.2) that deploy/nats-values.yaml sets, with the chart's key
// names. Helm ignores a key its templates never read, so a misspelt one would deploy without
// JetStream or with one server; decoding strictly into this struct catches it.
type natsValues struct {
	Config struct {
		Cluster struct {
			Enabled  bool `json:"enabled"`
			Replicas int  `json:"replicas"`
		} `json:"cluster"`
		JetStream struct {
			Enabled   bool `json:"enabled"`
			FileStore struct {
				Enabled bool   `json:"enabled"`
				Dir     string `json:"dir"`
				PVC     struct {
					Enabled          bool              `json:"enabled"`
					Size             resource.Quantity `json:"size"`
					StorageClassName *string           `json:"storageClassName,omitempty"`
				} `json:"pvc"`
			} `json:"fileStore"`
			MemoryStore struct {
				Enabled bool `json:"enabled"`
			} `json:"memoryStore"`
		} `json:"jetstream"`
		Monitor struct {
			Enabled bool `json:"enabled"`
			Port    int  `json:"port"`
		} `json:"monitor"`
		// Merge is merged into nats.conf as it stands; its keys are nats-server's.
		Merge struct {
			MaxPayload    int64 `json:"max_payload"`
			Authorization struct {
				// Token is a nats.conf value; << $VAR >> is the chart's variable reference.
				Token string `json:"token"`
			} `json:"authorization"`
		} `json:"merge"`
	} `json:"config"`
	Container struct {
		// Env is the chart's map of variable name to value: a string, or a valueFrom.
		Env       map[string]natsEnvValue     `json:"env"`
		Resources corev1.ResourceRequirements `json:"resources"`
	} `json:"container"`
	PodDisruptionBudget struct {
		Enabled bool `json:"enabled"`
	} `json:"podDisruptionBudget"`
}

// natsEnvValue is one entry of the chart's container.env: a value or a reference.
type natsEnvValue struct {
	Value     string               `json:"value,omitempty"`
	ValueFrom *corev1.EnvVarSource `json:"valueFrom,omitempty"`
}

// loadNATSValues decodes a values file strictly.
func loadNATSValues(path string) (natsValues, error) {
	var v natsValues
	b, err := os.ReadFile(path)
	if err != nil {
		return v, err
	}
	return decodeNATSValues(b)
}

func decodeNATSValues(b []byte) (natsValues, error) {
	var v natsValues
	j, err := yaml.YAMLToJSONStrict(b)
	if err != nil {
		return v, err
	}
	if err := decodeStrictJSON(j, &v); err != nil {
		return v, err
	}
	return v, nil
}

// checkNATSValues is what the scale-out design needs from NATS: JetStream on file storage,
// replicated over a quorum of servers, a monitoring port for KEDA, room for Lean payloads.
func checkNATSValues(v natsValues) []error {
	var errs []error
	c := v.Config
	if !c.JetStream.Enabled {
		errs = append(errs, fmt.Errorf("nats: config.jetstream.enabled must be true (the task queue is a JetStream stream)"))
	}
	if !c.JetStream.FileStore.Enabled || !c.JetStream.FileStore.PVC.Enabled {
		errs = append(errs, fmt.Errorf("nats: JetStream must store on a PVC (config.jetstream.fileStore.enabled and .pvc.enabled)"))
	}
	if c.JetStream.FileStore.PVC.Size.Cmp(resource.MustParse("1Gi")) < 0 {
		errs = append(errs, fmt.Errorf("nats: config.jetstream.fileStore.pvc.size %s is under 1Gi", c.JetStream.FileStore.PVC.Size.String()))
	}
	if !c.Cluster.Enabled || c.Cluster.Replicas < 3 || c.Cluster.Replicas%2 == 0 {
		errs = append(errs, fmt.Errorf("nats: a clustered JetStream needs an odd number ≥ 3 of servers (config.cluster.enabled, config.cluster.replicas = %d)", c.Cluster.Replicas))
	}
	if !c.Monitor.Enabled || c.Monitor.Port == 0 {
		errs = append(errs, fmt.Errorf("nats: config.monitor must be enabled with a port (KEDA reads consumer lag there)"))
	}
	const mib = 1 << 20
	if p := c.Merge.MaxPayload; p < 1*mib || p > 64*mib {
		errs = append(errs, fmt.Errorf("nats: config.merge.max_payload %d is outside [1 MiB, 64 MiB] (the server's default and its ceiling)", p))
	}
	if !v.PodDisruptionBudget.Enabled {
		errs = append(errs, fmt.Errorf("nats: podDisruptionBudget.enabled must be true (a drain must keep the JetStream quorum)"))
	}
	return errs
}
