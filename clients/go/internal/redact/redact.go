// Package redact is the Go client's privacy policy for text that came from outside the
// client (a provider's message, a header it sent, a transport error): it masks the values a
// call carried (the API key, the signing secret, the signatures sent, the protected fields of
// the request) in every form docs/privacy.md names, and the values of protected fields
// wherever the text names them. The client's errors and the conformance runner's privacy
// vectors use this one function.
package redact

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Mask replaces whatever is masked.
const Mask = "[redacted]"

// Kind is how a carried value is protected.
type Kind int

const (
	// Secret: a credential or the customer's password; also found as base64 and hex.
	Secret Kind = iota
	// Identifier: a personal or payment identifier (an account number, an address).
	Identifier
)

// secretNames and identifierNames are the protected field names of docs/privacy.md, each
// written as words: a name matches whatever separates its words, in any case, and so does
// a longer name ending with it (receiverAccountNumber).
var (
	secretNames     = []string{"password", "passwd", "passcode", "passphrase", "pin", "otp", "cvv", "cvc", "secret", "api key", "access token", "refresh token", "auth token", "private key", "mnemonic", "seed phrase"}
	identifierNames = []string{"account number", "account no", "account name", "iban", "bank code", "bvn", "address", "destination", "email", "phone", "phone number"}
)

// FieldKind reports whether a request body's field is protected, and how.
func FieldKind(name string) (Kind, bool) {
	squashed := squash(name)
	for _, n := range secretNames {
		if strings.HasSuffix(squashed, squash(n)) {
			return Secret, true
		}
	}
	for _, n := range identifierNames {
		if strings.HasSuffix(squashed, squash(n)) {
			return Identifier, true
		}
	}
	return 0, false
}

func squash(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r == ' ' {
			return -1
		}
		return unicode.ToLower(r)
	}, name)
}

// protectedName matches a protected field's name, whatever its spelling.
var protectedName = func() string {
	var alternatives []string
	for _, n := range append(slices.Clone(secretNames), identifierNames...) {
		alternatives = append(alternatives, strings.ReplaceAll(n, " ", `[-_. ]?`))
	}
	return `[A-Za-z0-9_\-.]*?(?:` + strings.Join(alternatives, "|") + `)`
}()

// protectedFieldJSON finds a protected field with its value in JSON text (`"password":"…"`).
var protectedFieldJSON = regexp.MustCompile(`(?i)"(` + protectedName + `)"\s*:\s*("(?:[^"\\]|\\.)*"|[^,}\]\s]+)`)

// protectedFieldForm finds one in form or query text (`password=…`).
var protectedFieldForm = regexp.MustCompile(`(?i)\b(` + protectedName + `)=[^&\s"]*`)

type carried struct {
	value string
	kind  Kind
}

// Masker masks one call's carried values. Add them, then Compile before the masker is
// shared: Text may then run concurrently.
type Masker struct {
	values  []carried
	pattern *regexp.Regexp // every form of every value
	numbers *regexp.Regexp // digit identifiers without their leading zeros, masked only where they stand as a number
}

// Add records values of kind (empty ones are ignored).
func (m *Masker) Add(kind Kind, values ...string) {
	for _, v := range values {
		if v != "" {
			m.values = append(m.values, carried{v, kind})
			m.pattern, m.numbers = nil, nil
		}
	}
}

// Text returns s with every carried value masked in every form (docs/privacy.md), then the
// values of protected fields named in it. The carried values go first: a field's pattern
// ends its value at a space, and would otherwise leave the rest of a password with spaces.
func (m *Masker) Text(s string) string {
	if s == "" {
		return s
	}
	if m != nil {
		m.Compile()
		if m.pattern != nil {
			s = m.pattern.ReplaceAllLiteralString(s, Mask)
		}
		if m.numbers != nil {
			s = replaceStandalone(m.numbers, s)
		}
	}
	s = protectedFieldJSON.ReplaceAllString(s, `"$1":"`+Mask+`"`)
	return protectedFieldForm.ReplaceAllString(s, `$1=`+Mask)
}

// replaceStandalone masks the matches that no letter or digit touches: a digit identifier
// without its leading zeros is short, and inside an id or a longer number it is not the value.
func replaceStandalone(p *regexp.Regexp, s string) string {
	var out strings.Builder
	last := 0
	for _, loc := range p.FindAllStringIndex(s, -1) {
		before, _ := utf8.DecodeLastRuneInString(s[:loc[0]])
		after, _ := utf8.DecodeRuneInString(s[loc[1]:])
		if isAlnum(before) || isAlnum(after) {
			continue
		}
		out.WriteString(s[last:loc[0]])
		out.WriteString(Mask)
		last = loc[1]
	}
	if last == 0 {
		return s
	}
	out.WriteString(s[last:])
	return out.String()
}

func isAlnum(r rune) bool { return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r)) }

// Compile builds the patterns once.
func (m *Masker) Compile() {
	if m == nil || m.pattern != nil || len(m.values) == 0 {
		return
	}
	var forms, numbers []string
	for _, c := range m.values {
		forms = append(forms, encodedForms(c.value))
		if core, ok := identifierCore(c.value); ok {
			forms = append(forms, throughSeparators(core))
			if stripped := strings.TrimLeft(core, "0"); stripped != core && stripped != "" && allDigits(core) {
				numbers = append(numbers, throughSeparators(stripped))
			}
		}
		if c.kind == Secret && utf8.RuneCountInString(c.value) >= 8 {
			for _, f := range binaryForms([]byte(c.value)) {
				forms = append(forms, regexp.QuoteMeta(f))
			}
			if raw, err := hex.DecodeString(c.value); err == nil && len(raw) >= 8 {
				// A signature in hex: its bytes in the other encodings.
				for _, f := range binaryForms(raw) {
					forms = append(forms, regexp.QuoteMeta(f))
				}
			}
		}
	}
	// Leftmost-longest: a value containing another is masked whole.
	m.pattern = regexp.MustCompile("(?i)(?:" + strings.Join(forms, "|") + ")")
	m.pattern.Longest()
	if len(numbers) > 0 {
		m.numbers = regexp.MustCompile("(?i)(?:" + strings.Join(numbers, "|") + ")") // (?i): a separator JSON-escaped as \u00a0
		m.numbers.Longest()
	}
}

// encodedForms matches v as sent, escaped in JSON (a character as itself, backslash-escaped
// or \uXXXX) and URL-encoded in every way (each character as itself or as its UTF-8 bytes
// percent-encoded, once or twice; a space also as + or, encoded again, %2B), mixed as a
// system prints them.
func encodedForms(v string) string {
	var b strings.Builder
	for _, r := range v {
		b.WriteString(characterForms(r))
	}
	return b.String()
}

func characterForms(r rune) string {
	alternatives := []string{regexp.QuoteMeta(string(r))}
	var percent, twice strings.Builder
	for _, byt := range []byte(string(r)) {
		fmt.Fprintf(&percent, "%%%02X", byt)
		fmt.Fprintf(&twice, "%%25%02X", byt)
	}
	alternatives = append(alternatives, regexp.QuoteMeta(percent.String()), regexp.QuoteMeta(twice.String()))
	if r <= 0xFFFF {
		alternatives = append(alternatives, fmt.Sprintf(`\\u%04X`, r))
	}
	switch r {
	case ' ':
		// A form's + for a space, and that + encoded again.
		alternatives = append(alternatives, `\+`, `%2B`)
	case '"', '\\', '/':
		alternatives = append(alternatives, `\\+`+regexp.QuoteMeta(string(r)))
	case '\n':
		alternatives = append(alternatives, `\\n`)
	case '\t':
		alternatives = append(alternatives, `\\t`)
	case '\r':
		alternatives = append(alternatives, `\\r`)
	}
	return "(?:" + strings.Join(alternatives, "|") + ")"
}

// separators are what an identifier may be written with between its characters.
const separators = " \u00a0\t.-"

// identifierCore is v without its separators when v is an identifier: letters and digits,
// at least half of them digits, at most 34.
func identifierCore(v string) (string, bool) {
	core := strings.Map(func(r rune) rune {
		if strings.ContainsRune(separators, r) {
			return -1
		}
		return r
	}, v)
	digits := 0
	for _, r := range core {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		default:
			return "", false
		}
	}
	return core, core != "" && len(core) <= 34 && 2*digits >= len(core)
}

func allDigits(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// separator is one separator, written as itself or URL-encoded (once or twice).
const separator = `(?:[ \x{00A0}\t.\-+]|%(?:25)?(?:20|09|C2%(?:25)?A0|2E|2D)|\\u00A0|\\t)?`

// throughSeparators matches core with at most one separator between its characters.
func throughSeparators(core string) string {
	var b strings.Builder
	for i, r := range core {
		if i > 0 {
			b.WriteString(separator)
		}
		b.WriteString(regexp.QuoteMeta(string(r)))
	}
	return b.String()
}

// binaryForms are raw's base64 (padded or not), base64url (padded or not) and hex.
func binaryForms(raw []byte) []string {
	return []string{
		base64.StdEncoding.EncodeToString(raw), base64.RawStdEncoding.EncodeToString(raw),
		base64.URLEncoding.EncodeToString(raw), base64.RawURLEncoding.EncodeToString(raw),
		hex.EncodeToString(raw),
	}
}
