package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/yaml"
)

// TestDeployArgsParse holds the Kubernetes manifests in deploy/k8s to the real command line:
// every container's args name a leanprm command and flags it has, with values that parse.
// (deploy's own tests check the manifests against the Kubernetes API types; this one checks
// them against the binary they run.)
func TestDeployArgsParse(t *testing.T) {
	files, err := filepath.Glob("../../deploy/k8s/*.yaml")
	require.NoError(t, err)
	commands := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var head struct{ Kind string }
		require.NoError(t, yaml.Unmarshal(b, &head), f)
		if head.Kind != "Deployment" {
			continue
		}
		var d appsv1.Deployment
		require.NoError(t, yaml.Unmarshal(b, &d), f)
		for _, c := range d.Spec.Template.Spec.Containers {
			require.NotEmpty(t, c.Args, "%s: container %s", f, c.Name)
			root := newRootCmd(&env{})
			cmd, rest, err := root.Find(c.Args)
			require.NoError(t, err, "%s: %v", f, c.Args)
			require.NotSame(t, root, cmd, "%s: %v names no command", f, c.Args)
			assert.NoError(t, cmd.ParseFlags(rest), "%s: %v", f, c.Args)
			commands[cmd.Name()] = true
		}
	}
	assert.True(t, commands["serve"], "a gateway Deployment runs leanprm serve")
	assert.True(t, commands["worker"], "a worker Deployment runs leanprm worker")
}

// TestDeployArgsParseCatchesATypo: the check above fails on a flag the binary does not have.
func TestDeployArgsParseCatchesATypo(t *testing.T) {
	root := newRootCmd(&env{})
	cmd, rest, err := root.Find([]string{"worker", "--capacty=4"})
	require.NoError(t, err)
	assert.Error(t, cmd.ParseFlags(rest))
}
