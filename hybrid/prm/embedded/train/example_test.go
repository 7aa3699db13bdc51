package train_test

import (
	"context"
	"fmt"

	"github.com/leanprm/leanprm/hybrid/prm/embedded/train"
)

// ExampleFit regenerates the committed model, as `make model` does
// through `leanprm train --data ../shared/data --seed 1`.
func ExampleFit() {
	m, err := train.Fit(context.Background(), train.Config{DataDir: "../shared/data", Seed: train.DefaultSeed})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.WriteFile("hybrid/prm/embedded/model.bin"); err != nil {
		fmt.Println(err)
	}
}
