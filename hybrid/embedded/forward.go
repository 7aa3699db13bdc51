// Package embedded forwards to hybrid/prm/embedded, where the embedded PRM
// now lives, for the commands that still import the old path. The lead
// deletes this file once nothing does (issue 11, phase 3).
package embedded

import (
	"context"

	"github.com/leanprm/leanprm/hybrid/prm/embedded"
)

type (
	Model       = embedded.Model
	TrainConfig = embedded.TrainConfig
)

const (
	DefaultSeed = embedded.DefaultSeed
	DefaultBags = embedded.DefaultBags
)

func Default() (*Model, error) { return embedded.Default() }

func Train(ctx context.Context, cfg TrainConfig) (*Model, error) { return embedded.Train(ctx, cfg) }
