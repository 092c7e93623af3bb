// The Go client's conformance runner: runs the kit's cases (conformance/README.md) against
// package walletapi and writes one result per case. The vectors run in process against a
// replay server of raw bytes; the scenarios against the sandbox whose URL it is given.
//
//	go run -C clients/go ./conformance/runner --cases FILE… --sandbox URL --api-key KEY --secret SECRET --out RESULT.json
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

const clientName = "go"

type caseFile struct {
	Cases []json.RawMessage `json:"cases"`
}

type caseHead struct {
	ID          string            `json:"id"`
	Type        string            `json:"type"`
	Unsupported map[string]string `json:"unsupported"`
}

type result struct {
	Case    string `json:"case"`
	Outcome string `json:"outcome"`
	Saw     string `json:"saw"`
}

type settings struct {
	sandbox, apiKey, secret string
}

func main() {
	files, s, out, err := parseArgs(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance runner:", err)
		fmt.Fprintln(os.Stderr, "usage: runner --cases FILE… --sandbox URL --api-key KEY --secret SECRET --out RESULT.json")
		os.Exit(2)
	}
	results := []result{}
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "conformance runner:", err)
			os.Exit(2)
		}
		var file caseFile
		if err := json.Unmarshal(raw, &file); err != nil {
			fmt.Fprintf(os.Stderr, "conformance runner: %s: %v\n", path, err)
			os.Exit(2)
		}
		for _, c := range file.Cases {
			var head caseHead
			if err := json.Unmarshal(c, &head); err != nil {
				fmt.Fprintf(os.Stderr, "conformance runner: %s: %v\n", path, err)
				os.Exit(2)
			}
			if _, skip := head.Unsupported[clientName]; skip {
				continue
			}
			results = append(results, runCase(head, c, s))
		}
	}
	text, _ := json.MarshalIndent(map[string]any{"client": clientName, "results": results}, "", "  ")
	if err := os.WriteFile(out, append(text, '\n'), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "conformance runner:", err)
		os.Exit(2)
	}
}

// parseArgs reads `--cases A B C --sandbox URL …`: the files after --cases run until the
// next flag (the standard flag package stops at the first of them).
func parseArgs(args []string) (files []string, s settings, out string, err error) {
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(args[i], "=")
		next := func() string {
			if hasValue {
				return value
			}
			if i+1 < len(args) {
				i++
				return args[i]
			}
			err = fmt.Errorf("%s needs a value", name)
			return ""
		}
		switch name {
		case "--cases":
			if hasValue {
				files = append(files, value)
			}
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "--") {
				i++
				files = append(files, args[i])
			}
		case "--sandbox":
			s.sandbox = strings.TrimSuffix(next(), "/")
		case "--api-key":
			s.apiKey = next()
		case "--secret":
			s.secret = next()
		case "--out":
			out = next()
		default:
			if strings.HasPrefix(args[i], "--") {
				return nil, s, "", fmt.Errorf("unknown option %s", name)
			}
			files = append(files, args[i])
		}
	}
	if err == nil && (len(files) == 0 || out == "") {
		err = fmt.Errorf("--cases and --out are required")
	}
	return files, s, out, err
}

// mismatch is a failed expectation; its text is what the matrix shows as "saw".
type mismatch struct{ text string }

func (m *mismatch) Error() string { return m.text }

func fail(format string, args ...any) error { return &mismatch{fmt.Sprintf(format, args...)} }

func runCase(head caseHead, raw json.RawMessage, s settings) (r result) {
	r.Case = head.ID
	defer func() {
		if p := recover(); p != nil {
			r.Outcome, r.Saw = "fail", fmt.Sprintf("the runner panicked: %T", p)
		}
	}()
	var saw string
	var err error
	switch head.Type {
	case "signing":
		saw, err = runSigning(raw)
	case "exchange":
		saw, err = runExchange(raw)
	case "options":
		saw, err = runOptions(raw)
	case "scenario":
		saw, err = runScenario(raw, s)
	case "mask":
		saw, err = runMask(raw)
	default:
		err = fail("unknown case type %q", head.Type)
	}
	if err != nil {
		if _, ok := err.(*mismatch); ok {
			return result{head.ID, "fail", err.Error()}
		}
		return result{head.ID, "fail", "the runner failed: " + fmt.Sprintf("%T", err)}
	}
	return result{head.ID, "pass", saw}
}
