package walletapi

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// failingReader fails after what it holds: a body whose copy cannot be read whole.
type failingReader struct{ io.Reader }

func (r failingReader) Read(p []byte) (int, error) {
	n, err := r.Reader.Read(p)
	if err == io.EOF {
		return n, errors.New("the body's source failed")
	}
	return n, err
}

// A request whose body cannot be copied is not sent: neither a panic nor a request signed
// over a body other than the one built.
func TestABodyThatCannotBeReadIsNotSent(t *testing.T) {
	var arrived atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"status":"success","message":"OK","data":null}`)
	}))
	defer srv.Close()
	c, err := NewClient(Options{Environment: EnvironmentCustom, BaseURL: srv.URL, APIKey: "k-123456", Signer: HMACSHA256("s-123456")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdleConnections()
	for name, getBody := range map[string]func() (io.ReadCloser, error){
		"GetBody fails":         func() (io.ReadCloser, error) { return nil, errors.New("no copy of the body") },
		"the copy fails midway": func() (io.ReadCloser, error) { return io.NopCloser(failingReader{strings.NewReader(`{"a":`)}), nil },
	} {
		build := func(server string) (*http.Request, error) {
			req, err := http.NewRequest(http.MethodPost, server+"api/v1/swaps", strings.NewReader(`{"a":1}`))
			if err == nil {
				req.GetBody = getBody
			}
			return req, err
		}
		var callErr error
		func() {
			defer func() {
				if p := recover(); p != nil {
					callErr = errors.New("panicked")
				}
			}()
			callErr = c.call(context.Background(), "POST /api/v1/swaps", build, nil, nil, nil)
		}()
		var e *Error
		if !errors.As(callErr, &e) || e.Kind != KindConfiguration || !strings.Contains(e.Error(), "was not sent: its body could not be read") {
			t.Errorf("%s: %v", name, callErr)
		}
	}
	if n := arrived.Load(); n != 0 {
		t.Errorf("%d requests were sent", n)
	}
}
