package redact

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// A value the request carried never survives masking, in whatever form a provider echoes it:
// as it is, in upper or lower case, URL-encoded for a query or a path, or escaped in JSON.
// go test runs the seeds; go test -fuzz FuzzMaskingHidesCarriedValues searches further.
func FuzzMaskingHidesCarriedValues(f *testing.F) {
	for _, seed := range [][2]string{
		{"Hunter2 Canary/Päss", "refused: %s"},
		{"0123456789", "account %s unknown"},
		{`a"b\c`, `{"message":"%s"}`},
		{"x", "%s%s"},
		{"ÉCOLE", "école %s"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, value, template string) {
		if value == "" || !utf8.ValidString(value) || !utf8.ValidString(template) || !strings.Contains(template, "%s") {
			return
		}
		quoted, _ := json.Marshal(value)
		forms := []string{value, strings.ToUpper(value), strings.ToLower(value), url.QueryEscape(value), url.PathEscape(value), string(quoted[1 : len(quoted)-1])}
		m := &Masker{}
		m.Add(Secret, value)
		for _, form := range forms {
			// Case mappings that change a string's length (ß → SS) are not the same letters.
			if len([]rune(form)) != len([]rune(value)) && (form == strings.ToUpper(value) || form == strings.ToLower(value)) {
				continue
			}
			// What is left once the masks are taken out must not hold the form, unless the
			// template's own text does.
			shown := strings.ReplaceAll(m.Text(strings.ReplaceAll(template, "%s", form)), Mask, "\x00")
			if form != "" && strings.Contains(shown, form) && !strings.Contains(strings.ReplaceAll(template, "%s", "\x00"), form) {
				t.Fatalf("%q shows %q: %q", value, form, shown)
			}
		}
	})
}
