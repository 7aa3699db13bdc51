package symexpr

import (
	"fmt"
	"os"
	"testing"
)

func TestZZRead(t *testing.T) {
	s := os.Getenv("PROBE")
	if s == "" {
		t.Skip()
	}
	e, w, _, _, err := ReadMember(s, nil, true)
	fmt.Println(Plain(e), w, err)
}
