package analysis

import (
	"slices"
	"testing"
)

// TestServerProbesRunNoCurlOfTheWork: a curl that only asks whether a
// server answers (its output thrown away, the status code alone, the
// headers, a health endpoint) checks the server the agent started; curl
// that fetches or sends data is curl in use.
func TestServerProbesRunNoCurlOfTheWork(t *testing.T) {
	for _, cmd := range []string{
		`npm run dev & sleep 3 && curl -s -o /dev/null -w "%{http_code}" http://localhost:3000/`,
		`if curl -s http://localhost:8080/healthz > /dev/null 2>&1; then echo up; fi`,
		`curl -sI https://shop.example.org/cart`,
		`curl -I https://shop.example.org/cart`,
		`curl -s -o NUL http://localhost:5173/`,
	} {
		if got := commandTechnologyNames(cmd); slices.Contains(got, "curl") {
			t.Errorf("%s: technologies %q hold curl", cmd, got)
		}
	}
	for _, cmd := range []string{
		`curl -s http://localhost:8000/api/orders | jq .`,
		`curl -X POST http://127.0.0.1:8000/orders -H "Content-Type: application/json" -d '{"id": 1}'`,
		`curl -fsSL -o /tmp/install.sh https://example.org/install.sh`,
	} {
		if got := commandTechnologyNames(cmd); !slices.Contains(got, "curl") {
			t.Errorf("%s: technologies %q lack curl", cmd, got)
		}
	}
}
