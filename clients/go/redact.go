package walletapi

import (
	"encoding/json"
	"net/url"
	"regexp"
	"sort"
	"strings"
)

const redacted = "[redacted]"

// protectedFieldJSON finds a protected field (the customer's password, personal and payment
// identifiers) with its value in JSON text the provider sent back (`"password":"…"`),
// whatever the value.
var protectedFieldJSON = regexp.MustCompile(`(?i)"(password|accountNumber|bankCode|receiverAddress)"\s*:\s*("(?:[^"\\]|\\.)*"|[^,}\]\s]+)`)

// protectedFieldForm finds one in form or query text (`password=…`).
var protectedFieldForm = regexp.MustCompile(`(?i)\b(password|accountNumber|bankCode|receiverAddress)=[^&\s"]*`)

// masker removes a call's secrets from text that came from outside the client (the
// provider's message, a header it sent, a transport error): the API key, the signing
// secret, the signatures sent and the values the request carried in protected fields,
// matched exactly, case-insensitively, and in their URL- and JSON-escaped forms.
type masker struct {
	values  []string
	pattern *regexp.Regexp // built on first use: most calls never fail
}

func (m *masker) add(values ...string) {
	for _, v := range values {
		if v != "" {
			m.values = append(m.values, v)
			m.pattern = nil
		}
	}
}

func (m *masker) text(s string) string {
	if s == "" {
		return s
	}
	s = protectedFieldJSON.ReplaceAllString(s, `"$1":"`+redacted+`"`)
	s = protectedFieldForm.ReplaceAllString(s, `$1=`+redacted)
	m.compile()
	if m == nil || m.pattern == nil {
		return s
	}
	return m.pattern.ReplaceAllLiteralString(s, redacted)
}

// compile builds the pattern once, before the error that holds the masker is handed out:
// renderings may then run concurrently.
func (m *masker) compile() {
	if m == nil || m.pattern != nil || len(m.values) == 0 {
		return
	}
	{
		seen := map[string]bool{}
		var forms []string
		for _, v := range m.values {
			quoted, _ := json.Marshal(v)
			for _, form := range []string{v, url.QueryEscape(v), url.PathEscape(v), string(quoted[1 : len(quoted)-1])} {
				if form != "" && !seen[form] {
					seen[form] = true
					forms = append(forms, regexp.QuoteMeta(form))
				}
			}
		}
		// Longest first, so a value containing another is masked whole.
		sort.Slice(forms, func(i, j int) bool { return len(forms[i]) > len(forms[j]) })
		m.pattern = regexp.MustCompile("(?i)(?:" + strings.Join(forms, "|") + ")")
	}
}
