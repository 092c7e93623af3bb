package walletapi_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"wallet-api.invalid/walletapi"
)

func TestBadOptionsAreRefusedNamingTheOption(t *testing.T) {
	good := walletapi.Options{Environment: walletapi.EnvironmentCustom, BaseURL: "http://127.0.0.1:4020", APIKey: testKey, Signer: walletapi.HMACSHA256(testSecret)}
	letters := regexp.MustCompile(`[^a-z0-9]`)
	for _, tc := range []struct {
		names  string
		change func(*walletapi.Options)
	}{
		{"environment", func(o *walletapi.Options) { o.Environment = "" }},
		{"environment", func(o *walletapi.Options) { o.Environment = "prod" }},
		{"baseurl", func(o *walletapi.Options) { o.BaseURL = "" }},
		{"baseurl", func(o *walletapi.Options) { o.BaseURL = "127.0.0.1:4020" }},
		{"baseurl", func(o *walletapi.Options) { o.BaseURL = "ftp://127.0.0.1" }},
		{"baseurl", func(o *walletapi.Options) {
			o.Environment, o.BaseURL = walletapi.EnvironmentProduction, "http://api.example.invalid"
		}},
		{"baseurl", func(o *walletapi.Options) {
			o.Environment, o.BaseURL = walletapi.EnvironmentStaging, "http://api.example.invalid"
		}},
		{"baseurl", func(o *walletapi.Options) { o.BaseURL = "http://user:pw@127.0.0.1" }},
		{"baseurl", func(o *walletapi.Options) { o.BaseURL = "http://127.0.0.1/?a=1" }},
		{"apikey", func(o *walletapi.Options) { o.APIKey = "" }},
		{"apikey", func(o *walletapi.Options) { o.APIKey = "key-part-one\nkey-part-two" }},
		{"signer", func(o *walletapi.Options) { o.Signer = nil }},
		{"signer", func(o *walletapi.Options) { o.Signer = walletapi.HMACSHA256("") }},
		{"timeout", func(o *walletapi.Options) { o.Timeout = -time.Second }},
		{"maxresponsebytes", func(o *walletapi.Options) { o.MaxResponseBytes = -1 }},
		{"useragent", func(o *walletapi.Options) { o.UserAgent = "acme\r\nx-evil: 1" }},
		{"retryattempts", func(o *walletapi.Options) { o.Retry = &walletapi.RetryPolicy{} }},
		{"retryinitialdelay", func(o *walletapi.Options) {
			o.Retry = &walletapi.RetryPolicy{Attempts: 2, InitialDelay: walletapi.Ptr(time.Second), MaxDelay: walletapi.Ptr(time.Millisecond)}
		}},
		{"retryretryonstatus", func(o *walletapi.Options) { o.Retry = &walletapi.RetryPolicy{Attempts: 2, RetryOnStatus: []int{1000}} }},
	} {
		options := good
		tc.change(&options)
		c, err := walletapi.NewClient(options)
		var e *walletapi.Error
		if c != nil || !errors.As(err, &e) || e.Kind != walletapi.KindConfiguration {
			t.Errorf("%s: %v", tc.names, err)
			continue
		}
		if !strings.Contains(letters.ReplaceAllString(strings.ToLower(err.Error()), ""), tc.names) {
			t.Errorf("the error does not name %s: %s", tc.names, err)
		}
		text := fmt.Sprintf("%v %+v %#v", err, err, err)
		for _, secret := range []string{testKey, testSecret, "key-part-one", "key-part-two"} {
			if strings.Contains(text, secret) {
				t.Errorf("%s: the error quotes a secret: %s", tc.names, text)
			}
		}
	}
	if _, err := walletapi.NewClient(good); err != nil {
		t.Fatal(err)
	}
	for _, env := range []walletapi.Environment{walletapi.EnvironmentStaging, walletapi.EnvironmentProduction} {
		o := good
		o.Environment, o.BaseURL = env, "https://api.example.invalid/v"
		if _, err := walletapi.NewClient(o); err != nil {
			t.Errorf("%s over https: %v", env, err)
		}
	}
}

func TestBadCallOptionsSendNothing(t *testing.T) {
	srv := serve(t, nil)
	c := newClient(t, srv.URL)
	_, err := c.ListMarkets(context.Background(), walletapi.WithTimeout(0))
	if kindOf(err) != walletapi.KindConfiguration || !strings.Contains(err.Error(), "WithTimeout") {
		t.Errorf("%v", err)
	}
	_, err = c.ListMarkets(context.Background(), walletapi.WithRetry(&walletapi.RetryPolicy{Attempts: 0}))
	if kindOf(err) != walletapi.KindConfiguration || !strings.Contains(err.Error(), "Retry.Attempts") {
		t.Errorf("%v", err)
	}
	for name, err := range map[string]error{
		"params.ID": func() error {
			_, err := c.ConfirmSwap(context.Background(), walletapi.ConfirmSwapParams{ID: ""})
			return err
		}(),
		"params.Coin": func() error {
			_, err := c.ListCoinNetworks(context.Background(), walletapi.ListCoinNetworksParams{Coin: ""})
			return err
		}(),
		"body.Password": func() error {
			_, err := c.CreateSwap(context.Background(), walletapi.CreateSwapRequest{From: "usdt", To: "ngn", Amount: 1})
			return err
		}(),
	} {
		if kindOf(err) != walletapi.KindConfiguration || !strings.Contains(err.Error(), name+" is required") && !strings.Contains(err.Error(), name+" (") {
			t.Errorf("%s: %v", name, err)
		}
	}
	for page, err := range c.TransactionPages(context.Background(), walletapi.ListTransactionsParams{Page: walletapi.Ptr(0)}) {
		if page != nil || kindOf(err) != walletapi.KindConfiguration || !strings.Contains(err.Error(), "params.Page") {
			t.Errorf("%v", err)
		}
	}
	if srv.count() != 0 {
		t.Errorf("%d requests were sent", srv.count())
	}
}
