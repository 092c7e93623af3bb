package redact

import (
	"encoding/base64"
	"strings"
	"testing"
)

// Each form docs/privacy.md names, written out by hand (the oracle), is masked; what merely
// resembles a value is kept.
func TestEveryClaimedFormIsMaskedAndLookAlikesAreKept(t *testing.T) {
	m := &Masker{}
	m.Add(Secret, "pass word+plus", "test-api-key-7f3c", strings.Repeat("ab", 32))
	m.Add(Identifier, "0123456789", "058")
	signatureBytes := make([]byte, 32)
	for i := range signatureBytes {
		signatureBytes[i] = 0xab
	}
	absent := []string{
		"pass word+plus", "PASS WORD+PLUS", "pass%20word%2Bplus", "pass+word%2Bplus", "pass%2520word%252Bplus", "pass%2Bword%252Bplus",
		`pass word\u002Bplus`, "pass\\u0020word+plus",
		base64.StdEncoding.EncodeToString([]byte("test-api-key-7f3c")), base64.RawURLEncoding.EncodeToString([]byte("test-api-key-7f3c")),
		"746573742d6170692d6b65792d37663363", "746573742D6170692D6B65792D37663363",
		base64.StdEncoding.EncodeToString(signatureBytes), base64.RawURLEncoding.EncodeToString(signatureBytes),
		"0123456789", "0123 456 789", "0123-456-789", "0123.456.789", "0123\u00a0456\u00a0789", "0123%20456%20789", "0123+456+789",
		" 123456789 ", ":123456789}", "123 456 789,", "0.5.8", `123\u00a0456\u00a0789`, "0123%2520456%2520789",
	}
	for i, text := range absent {
		got := m.Text("<" + text + ">")
		if strings.Contains(strings.ToLower(got), strings.ToLower(strings.TrimSpace(text))) || !strings.Contains(got, Mask) {
			t.Errorf("absent[%d]: %q", i, got)
		}
	}
	for _, text := range []string{"TRX-100158", "6e58", "id 1234567890", "a123456789"} {
		if got := m.Text(text); got != text {
			t.Errorf("%q over-masked as %q", text, got)
		}
	}
}

// A field's pattern ends its value at a space: the carried value is masked whole first.
func TestAPasswordWithSpacesIsMaskedWholeInAField(t *testing.T) {
	m := &Masker{}
	m.Add(Secret, "pass word+plus")
	got := m.Text("password=pass word+plus&x=1 | {\"password\":\"other value\"}")
	if got != `password=[redacted]&x=1 | {"password":"[redacted]"}` {
		t.Errorf("%q", got)
	}
}

func TestFieldNamesAreClassifiedWhateverTheirSpelling(t *testing.T) {
	for name, want := range map[string]Kind{"password": Secret, "customerPin": Secret, "api_key": Secret, "accountNumber": Identifier, "Account-Number": Identifier, "receiverAddress": Identifier, "bankCode": Identifier} {
		if kind, ok := FieldKind(name); !ok || kind != want {
			t.Errorf("%s: %v %v", name, kind, ok)
		}
	}
	if _, ok := FieldKind("amount"); ok {
		t.Error("amount is protected")
	}
}
