package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/embedded"
)

func newTrainCmd(e *env) *cobra.Command {
	var (
		seed uint64
		out  string
	)
	cmd := &cobra.Command{
		Use:   "train",
		Short: "Train the embedded PRM from data.dir (make model)",
		Long: `Train the embedded learned PRM from the data in data.dir (PRMBench train files, MR-GSM8K,
weak labels derived from GSM8K; ProcessBench dev only for calibration and the threshold) and
write the model file. The same data and seed give a byte-identical file.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir := e.cfg.String("data.dir")
			m, err := embedded.Train(cmd.Context(), embedded.TrainConfig{
				DataDir: dir,
				Seed:    seed,
				Logf:    func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) },
			})
			if err != nil {
				return fmt.Errorf("training from %s: %w", dir, err)
			}
			tmp, err := os.CreateTemp(filepath.Dir(out), ".model-*")
			if err != nil {
				return err
			}
			defer os.Remove(tmp.Name())
			if _, err := m.WriteTo(tmp); err != nil {
				tmp.Close()
				return err
			}
			if err := tmp.Chmod(0o644); err != nil { // CreateTemp makes it private
				tmp.Close()
				return err
			}
			if err := tmp.Close(); err != nil {
				return err
			}
			if err := os.Rename(tmp.Name(), out); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "leanprm: wrote %s\n", out)
			return nil
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", embedded.DefaultSeed, "random seed")
	cmd.Flags().StringVar(&out, "out", "hybrid/embedded/model.bin", "model file to write")
	return cmd
}
