package walletapi_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"wallet-api.invalid/walletapi"
)

// The four variables every client of the kit reads (docs/configuration.md).
var walletAPIVariables = []string{"WALLET_API_ENVIRONMENT", "WALLET_API_BASE_URL", "WALLET_API_KEY", "WALLET_API_SIGNING_SECRET"}

// setEnvironment gives the test exactly these WALLET_API_* variables (the others empty,
// which reads as not set) and restores the process's own afterwards.
func setEnvironment(t *testing.T, values map[string]string) {
	t.Helper()
	for _, name := range walletAPIVariables {
		t.Setenv(name, values[name])
	}
}

// signedWith reports whether the request carries this key and the HMAC-SHA256, under this
// secret, of the bytes that arrived: the test's own oracle, not the client's signer.
func signedWith(r seen, key, secret string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(r.header.Get("x-timestamp") + "\n" + r.method + "\n" + r.target + "\n"))
	mac.Write(r.body)
	return r.header.Get("x-api-key") == key && r.header.Get("x-signature") == hex.EncodeToString(mac.Sum(nil))
}

func TestNewClientFromEnvReadsEveryOptionNotGiven(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, _ *http.Request, _ int) { envelope(w, 200, marketsOK) })
	setEnvironment(t, map[string]string{
		"WALLET_API_ENVIRONMENT": "custom", "WALLET_API_BASE_URL": srv.URL,
		"WALLET_API_KEY": testKey, "WALLET_API_SIGNING_SECRET": testSecret,
	})
	client, err := walletapi.NewClientFromEnv(walletapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer client.CloseIdleConnections()
	if _, err := client.ListMarkets(context.Background()); err != nil {
		t.Fatal(err)
	}
	if srv.count() != 1 || !signedWith(srv.request(0), testKey, testSecret) {
		t.Errorf("the request is not signed with the key and secret of the environment")
	}
}

func TestExplicitOptionsWinOneByOne(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, _ *http.Request, _ int) { envelope(w, 200, marketsOK) })
	setEnvironment(t, map[string]string{
		"WALLET_API_ENVIRONMENT": "production", // explicit custom wins, or http would be refused
		"WALLET_API_BASE_URL":    "http://127.0.0.1:9/",
		"WALLET_API_KEY":         "key-from-the-environment", "WALLET_API_SIGNING_SECRET": "secret-from-the-environment",
	})
	for _, tc := range []struct {
		name    string
		options walletapi.Options
		key     string
		secret  string
	}{
		{"everything explicit", walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: srv.URL, APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)}, testKey, testSecret},
		{"key and secret from the environment", walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: srv.URL}, "key-from-the-environment", "secret-from-the-environment"},
		{"secret from the environment", walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: srv.URL, APIKey: testKey}, testKey, "secret-from-the-environment"},
		{"key from the environment", walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: srv.URL, Signer: walletapi.HMACSHA256(testSecret)}, "key-from-the-environment", testSecret},
	} {
		before := srv.count()
		client, err := walletapi.NewClientFromEnv(tc.options)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		_, err = client.ListMarkets(context.Background())
		client.CloseIdleConnections()
		if err != nil || srv.count() != before+1 || !signedWith(srv.request(before), tc.key, tc.secret) {
			t.Errorf("%s: not sent to the explicit address signed with the expected key and secret (%v)", tc.name, err)
		}
	}
}

func TestEnvironmentProblemsNameTheVariableNeverTheValue(t *testing.T) {
	const wrongKey, wrongSecret = "env-key-4e1d", "env-secret-88c2"
	complete := map[string]string{
		"WALLET_API_ENVIRONMENT": "custom", "WALLET_API_BASE_URL": "http://127.0.0.1:4020",
		"WALLET_API_KEY": wrongKey, "WALLET_API_SIGNING_SECRET": wrongSecret,
	}
	for _, tc := range []struct {
		names   string
		change  map[string]string
		options walletapi.Options
	}{
		{"WALLET_API_ENVIRONMENT", map[string]string{"WALLET_API_ENVIRONMENT": ""}, walletapi.Options{}},
		{"WALLET_API_ENVIRONMENT", map[string]string{"WALLET_API_ENVIRONMENT": "sandbox"}, walletapi.Options{}},
		{"WALLET_API_BASE_URL", map[string]string{"WALLET_API_BASE_URL": ""}, walletapi.Options{}},
		{"WALLET_API_BASE_URL", map[string]string{"WALLET_API_ENVIRONMENT": "production"}, walletapi.Options{}},
		{"WALLET_API_BASE_URL", map[string]string{"WALLET_API_BASE_URL": "ftp://127.0.0.1"}, walletapi.Options{}},
		{"WALLET_API_BASE_URL", nil, walletapi.Options{Environment: walletapi.EnvironmentStaging}},
		{"WALLET_API_KEY", map[string]string{"WALLET_API_KEY": ""}, walletapi.Options{}},
		{"WALLET_API_KEY", map[string]string{"WALLET_API_KEY": wrongKey + "\n"}, walletapi.Options{}},
		{"WALLET_API_SIGNING_SECRET", map[string]string{"WALLET_API_SIGNING_SECRET": ""}, walletapi.Options{}},
		// A value given explicitly is still named as the option, not as a variable.
		{"BaseURL", map[string]string{"WALLET_API_ENVIRONMENT": "production"}, walletapi.Options{BaseURL: "http://api.example.invalid"}},
	} {
		values := map[string]string{}
		for k, v := range complete {
			values[k] = v
		}
		for k, v := range tc.change {
			values[k] = v
		}
		setEnvironment(t, values)
		client, err := walletapi.NewClientFromEnv(tc.options)
		var e *walletapi.Error
		if client != nil || !errors.As(err, &e) || e.Kind != walletapi.KindConfiguration {
			t.Errorf("%s %v: %v", tc.names, tc.change, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.names) {
			t.Errorf("the error does not name %s: %s", tc.names, err)
		}
		text := fmt.Sprintf("%v %+v %#v %s", err, err, err, err.Error())
		for _, value := range []string{wrongKey, wrongSecret, "127.0.0.1", "sandbox", "ftp"} {
			if strings.Contains(text, value) {
				t.Errorf("%s: the error quotes a value of the environment: %s", tc.names, text)
			}
		}
	}
}

func TestNewClientReadsNoEnvironment(t *testing.T) {
	setEnvironment(t, map[string]string{
		"WALLET_API_ENVIRONMENT": "custom", "WALLET_API_BASE_URL": "http://127.0.0.1:4020",
		"WALLET_API_KEY": testKey, "WALLET_API_SIGNING_SECRET": testSecret,
	})
	if _, err := walletapi.NewClient(walletapi.Options{}); kindOf(err) != walletapi.KindConfiguration {
		t.Errorf("NewClient took its options from the environment: %v", err)
	}
}
