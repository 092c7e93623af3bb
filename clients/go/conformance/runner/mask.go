package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"wallet-api.invalid/walletapi/internal/redact"
)

// maskCase is a privacy vector: the values one call carried, a text a provider sent back,
// and what must be gone from it once masked and what must stay.
type maskCase struct {
	Carried struct {
		APIKey    string                     `json:"apiKey"`
		Secret    string                     `json:"secret"`
		Signature string                     `json:"signature"`
		Fields    map[string]json.RawMessage `json:"fields"`
	} `json:"carried"`
	Text   string `json:"text"`
	Expect struct {
		Absent []string `json:"absent"`
		Kept   []string `json:"kept"`
	} `json:"expect"`
}

// runMask applies the client's own policy (the masker its errors use), with the carried
// values as a call adds them, to the text.
func runMask(raw json.RawMessage) (string, error) {
	var c maskCase
	if err := json.Unmarshal(raw, &c); err != nil {
		return "", err
	}
	m := &redact.Masker{}
	m.Add(redact.Secret, c.Carried.APIKey, c.Carried.Secret, c.Carried.Signature)
	for name, value := range c.Carried.Fields {
		kind, protected := redact.FieldKind(name)
		if !protected {
			return "", fail("carried field %s is not a protected field of the client", name)
		}
		var text string
		if err := json.Unmarshal(value, &text); err != nil {
			text = string(value) // a number, as its JSON
		}
		m.Add(kind, text)
	}
	m.Compile()
	masked := m.Text(c.Text)
	lower := strings.ToLower(masked)
	var problems []string
	for i, value := range c.Expect.Absent {
		if strings.Contains(lower, strings.ToLower(value)) {
			problems = append(problems, fmt.Sprintf("absent[%d] remained", i))
		}
	}
	for i, value := range c.Expect.Kept {
		if !strings.Contains(masked, value) {
			problems = append(problems, fmt.Sprintf("kept[%d] vanished", i))
		}
	}
	if len(problems) > 0 {
		return "", fail("%s", strings.Join(problems, ", "))
	}
	return fmt.Sprintf("%d absent, %d kept", len(c.Expect.Absent), len(c.Expect.Kept)), nil
}
