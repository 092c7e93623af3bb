package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"wallet-api.invalid/walletapi"
)

type step struct {
	Arm  json.RawMessage `json:"arm"`
	Call *call           `json:"call"`
	// The call's options for this step alone.
	Options *struct {
		TimeoutMs *float64       `json:"timeoutMs"`
		Retry     *retrySettings `json:"retry"`
	} `json:"options"`
	// Times makes the step's call this many times in a row (default once); each meets expect.
	Times   int               `json:"times"`
	Expect  json.RawMessage   `json:"expect"`
	Save    map[string]string `json:"save"`
	Sandbox *struct {
		Method string `json:"method"`
		Path   string `json:"path"`
	} `json:"sandbox"`
	ExpectScenario *struct {
		Index    int  `json:"index"`
		Matched  *int `json:"matched"`
		Answered *int `json:"answered"`
	} `json:"expectScenario"`
	Walk *struct {
		OperationID string         `json:"operationId"`
		Params      map[string]any `json:"params"`
	} `json:"walk"`
	AfterPage map[string][]step `json:"afterPage"`
	SleepMs   *float64          `json:"sleepMs"`
}

type scenarioCase struct {
	Client *clientSettings `json:"client"`
	Steps  []step          `json:"steps"`
}

type scenarioState struct {
	saved map[string]any
	armed []string
}

// helperClock is the runner's own: its signed helper requests never share a millisecond,
// as a sandbox that refuses replays would refuse the second of two alike.
var helperClock struct {
	sync.Mutex
	last time.Time
}

func helperInstant() time.Time {
	helperClock.Lock()
	defer helperClock.Unlock()
	now := time.Now().UTC().Truncate(time.Millisecond)
	if !now.After(helperClock.last) {
		now = helperClock.last.Add(time.Millisecond)
	}
	helperClock.last = now
	return now
}

// sandboxRequest is a signed request to one of the sandbox's test helpers (outside the
// public API), signed with crypto/hmac directly.
func sandboxRequest(s settings, method, path string, body any) (int, any, error) {
	var text []byte
	if body != nil {
		text, _ = json.Marshal(body)
	}
	timestamp := helperInstant().Format("2006-01-02T15:04:05.000Z")
	mac := hmac.New(sha256.New, []byte(s.secret))
	mac.Write([]byte(timestamp + "\n" + method + "\n" + path + "\n"))
	mac.Write(text)
	req, err := http.NewRequest(method, s.sandbox+path, bytes.NewReader(text))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("x-api-key", s.apiKey)
	req.Header.Set("x-timestamp", timestamp)
	req.Header.Set("x-signature", hex.EncodeToString(mac.Sum(nil)))
	if body != nil {
		req.Header.Set("content-type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, fail("the sandbox did not answer %s %s", method, path)
	}
	defer resp.Body.Close()
	var envelope struct {
		Data any `json:"data"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&envelope)
	return resp.StatusCode, envelope.Data, nil
}

// substitute replaces "{{name}}" strings by saved values, at any depth.
func substitute(v any, saved map[string]any) any {
	switch t := v.(type) {
	case string:
		if strings.HasPrefix(t, "{{") && strings.HasSuffix(t, "}}") {
			if value, ok := saved[t[2:len(t)-2]]; ok {
				return value
			}
		}
		return t
	case []any:
		out := make([]any, len(t))
		for i, item := range t {
			out[i] = substitute(item, saved)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, item := range t {
			out[k] = substitute(item, saved)
		}
		return out
	}
	return v
}

func substituteJSON(raw json.RawMessage, saved map[string]any) json.RawMessage {
	if raw == nil {
		return nil
	}
	v, err := generic(raw)
	if err != nil {
		return raw
	}
	text, _ := json.Marshal(substitute(v, saved))
	return text
}

// pointer reads an RFC 6901 pointer into JSON-like data.
func pointer(data any, path string) any {
	for _, key := range strings.Split(path, "/")[1:] {
		key = strings.ReplaceAll(strings.ReplaceAll(key, "~1", "/"), "~0", "~")
		m, ok := data.(map[string]any)
		if !ok {
			return nil
		}
		data = m[key]
	}
	return data
}

func runSteps(steps []step, client *walletapi.Client, s settings, state *scenarioState) error {
	for index, st := range steps {
		at := fmt.Sprintf("step %d", index+1)
		switch {
		case st.Arm != nil:
			var definition any
			_ = json.Unmarshal(st.Arm, &definition)
			status, data, err := sandboxRequest(s, "POST", "/sandbox/scenarios", definition)
			if err != nil {
				return err
			}
			if status != 200 {
				return fail("%s: the sandbox refused the scenario (HTTP %d)", at, status)
			}
			id, _ := pointer(data, "/id").(string)
			state.armed = append(state.armed, id)
		case st.Call != nil:
			params, _ := substitute(map[string]any(st.Call.Params), state.saved).(map[string]any)
			var opts []walletapi.CallOption
			if st.Options != nil {
				if st.Options.TimeoutMs != nil {
					opts = append(opts, walletapi.WithTimeout(ms(*st.Options.TimeoutMs)))
				}
				if st.Options.Retry != nil {
					opts = append(opts, walletapi.WithRetry(st.Options.Retry.policy()))
				}
			}
			var expected outcome
			if err := json.Unmarshal(substituteJSON(st.Expect, state.saved), &expected); err != nil {
				return err
			}
			var data any
			times := max(1, st.Times)
			for n := 1; n <= times; n++ {
				var err error
				data, err = invoke(context.Background(), client, st.Call.OperationID, params, opts...)
				if m, ok := err.(*mismatch); ok {
					return m
				}
				if err := checkOutcome(got{data, err}, expected); err != nil {
					if times > 1 {
						return fail("%s (%s), call %d of %d: %s", at, st.Call.OperationID, n, times, err)
					}
					return fail("%s (%s): %s", at, st.Call.OperationID, err)
				}
			}
			if len(st.Save) > 0 {
				text, _ := json.Marshal(data)
				plain, _ := generic(text)
				for name, path := range st.Save {
					state.saved[name] = pointer(plain, path)
				}
			}
		case st.Sandbox != nil:
			path, _ := substitute(st.Sandbox.Path, state.saved).(string)
			_, data, err := sandboxRequest(s, st.Sandbox.Method, path, nil)
			if err != nil {
				return err
			}
			var expect struct {
				Length       *int            `json:"length"`
				DataIncludes json.RawMessage `json:"dataIncludes"`
			}
			_ = json.Unmarshal(substituteJSON(st.Expect, state.saved), &expect)
			records, isList := data.([]any)
			if expect.Length != nil && (!isList || len(records) != *expect.Length) {
				return fail("%s: %s has %d records, not %d", at, path, len(records), *expect.Length)
			}
			if expect.DataIncludes != nil {
				want, _ := generic(expect.DataIncludes)
				if !includes(data, want) {
					return fail("%s: %s without what was expected", at, path)
				}
			}
		case st.ExpectScenario != nil:
			_, data, err := sandboxRequest(s, "GET", "/sandbox/scenarios", nil)
			if err != nil {
				return err
			}
			list, _ := data.([]any)
			var found map[string]any
			if st.ExpectScenario.Index < len(state.armed) {
				for _, item := range list {
					if m, ok := item.(map[string]any); ok && m["id"] == state.armed[st.ExpectScenario.Index] {
						found = m
					}
				}
			}
			if found == nil {
				return fail("%s: no scenario %d", at, st.ExpectScenario.Index)
			}
			matched, _ := found["matched"].(float64)
			answered, _ := found["answered"].(float64)
			if (st.ExpectScenario.Matched != nil && int(matched) != *st.ExpectScenario.Matched) || (st.ExpectScenario.Answered != nil && int(answered) != *st.ExpectScenario.Answered) {
				return fail("%s: the sandbox saw %.0f calls and answered %.0f by the scenario", at, matched, answered)
			}
		case st.Walk != nil:
			params, err := convert[walletapi.ListTransactionsParams](st.Walk.Params)
			if err != nil {
				return fail("%s: the runner could not build the walk's params", at)
			}
			pages, items := 0, 0
			ids := map[string]bool{}
			for page, err := range client.TransactionPages(context.Background(), params) {
				if err != nil {
					return fail("%s: the walk failed at page %d: %s", at, pages+1, describe(got{err: err}))
				}
				pages++
				items += len(page.Data)
				for _, t := range page.Data {
					ids[t.ID] = true
				}
				if after, ok := st.AfterPage[strconv.Itoa(pages)]; ok {
					if err := runSteps(after, client, s, state); err != nil {
						return err
					}
				}
			}
			var expect struct{ Pages, Items, DistinctIds int }
			_ = json.Unmarshal(st.Expect, &expect)
			if pages != expect.Pages || items != expect.Items || len(ids) != expect.DistinctIds {
				return fail("%s: walked %d pages, %d items, %d distinct", at, pages, items, len(ids))
			}
		case st.SleepMs != nil:
			time.Sleep(ms(*st.SleepMs))
		default:
			return fail("%s: a step the runner does not know", at)
		}
	}
	return nil
}

func runScenario(raw json.RawMessage, s settings) (string, error) {
	var c scenarioCase
	if err := json.Unmarshal(raw, &c); err != nil {
		return "", err
	}
	if s.sandbox == "" {
		return "", fail("no sandbox URL was given (--sandbox)")
	}
	status, _, err := sandboxRequest(s, "POST", "/sandbox/reset", nil)
	if err != nil {
		return "", err
	}
	if status != 200 {
		return "", fail("the sandbox did not reset (HTTP %d)", status)
	}
	client, err := clientFor(s.sandbox, s.apiKey, s.secret, c.Client, nil)
	if err != nil {
		return "", fail("the client was refused: %s", err)
	}
	defer client.CloseIdleConnections()
	if err := runSteps(c.Steps, client, s, &scenarioState{saved: map[string]any{}}); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d steps as expected", len(c.Steps)), nil
}
