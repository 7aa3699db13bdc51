package mathtext

// ASCIILower is s with ASCII letters lowered and every other byte kept, so
// that an offset found in it is the same offset in s (strings.ToLower may
// change the length of a letter outside ASCII).
func ASCIILower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
