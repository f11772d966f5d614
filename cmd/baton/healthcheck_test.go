package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHealthcheckAsksTheServerAtBatonAddr(t *testing.T) {
	base, _ := startBaton(t, nil)
	addr := strings.TrimPrefix(base, "http://")
	env := func(k string) string { return map[string]string{"BATON_ADDR": addr}[k] }
	var out strings.Builder
	if err := run(context.Background(), []string{"healthcheck"}, env, nil, &out, io.Discard); err != nil || strings.TrimSpace(out.String()) != "ok" {
		t.Fatalf("healthcheck of a running server: %v %q", err, out.String())
	}
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
	}))
	defer down.Close()
	env = func(k string) string {
		return map[string]string{"BATON_ADDR": strings.TrimPrefix(down.URL, "http://")}[k]
	}
	if err := run(context.Background(), []string{"healthcheck"}, env, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("healthcheck of a server answering 503: %v", err)
	}
}

func TestHealthzURLReachesWildcardAddressesOnLoopback(t *testing.T) {
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080/healthz",
		"0.0.0.0:9000":   "http://127.0.0.1:9000/healthz",
		"[::]:9000":      "http://127.0.0.1:9000/healthz",
		"10.0.0.5:8080":  "http://10.0.0.5:8080/healthz",
		"localhost:8080": "http://localhost:8080/healthz",
	} {
		if got, err := healthzURL(addr); err != nil || got != want {
			t.Errorf("healthzURL(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
	if _, err := healthzURL("8080"); err == nil {
		t.Error("an address without a port was accepted")
	}
}
