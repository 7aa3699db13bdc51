package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoConstantConditions: no condition of the module's code ends in `&& false` or `|| true`,
// which switch a check off while it still reads as code (the dead conditions found in review).
func TestNoConstantConditions(t *testing.T) {
	root, _ := moduleRoot(t)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "lean-project") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || (b.Op != token.LAND && b.Op != token.LOR) {
				return true
			}
			if id, ok := b.Y.(*ast.Ident); ok && (b.Op == token.LAND && id.Name == "false" || b.Op == token.LOR && id.Name == "true") {
				t.Errorf("%s: a condition ending in %s %s is constant", fset.Position(b.Pos()), b.Op, id.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
