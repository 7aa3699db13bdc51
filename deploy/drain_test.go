package deploy

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// TestGatewayDrainFitsTheGracePeriod: the gateway's preStop pause plus serve.drain_timeout
// (as its configuration sets it, through leanprm's own loader) ends before
// terminationGracePeriodSeconds, when Kubernetes kills the pod: a drain that does not fit
// loses the answers it was finishing.
func TestGatewayDrainFitsTheGracePeriod(t *testing.T) {
	ms, _ := loadAll(t)
	ix, errs := newIndex(ms)
	require.Empty(t, errs)
	var gw *appsv1.Deployment
	for _, m := range ms {
		if d, ok := m.Obj.(*appsv1.Deployment); ok && d.Name == "leanprm-gateway" {
			gw = d
		}
	}
	require.NotNil(t, gw)
	pod := gw.Spec.Template.Spec
	c := pod.Containers[0]
	cfg, err := leanprmConfig(ix, pod, c, t.TempDir())
	require.NoError(t, err)
	require.NotNil(t, c.Lifecycle, "the gateway has a preStop hook")
	pre := preStopPause(t, c.Lifecycle.PreStop)
	require.NotNil(t, pod.TerminationGracePeriodSeconds)
	grace := time.Duration(*pod.TerminationGracePeriodSeconds) * time.Second
	assert.Positive(t, pre, "a pause before SIGTERM, while the endpoints are updated")
	assert.Less(t, pre+cfg.Serve.DrainTimeout, grace, "preStop %v + serve.drain_timeout %v within the grace period %v", pre, cfg.Serve.DrainTimeout, grace)
}

func preStopPause(t *testing.T, h *corev1.LifecycleHandler) time.Duration {
	t.Helper()
	require.NotNil(t, h, "a preStop hook")
	require.NotNil(t, h.Sleep, "the preStop hook is a sleep action")
	return time.Duration(h.Sleep.Seconds) * time.Second
}
