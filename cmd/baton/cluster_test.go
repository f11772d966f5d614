package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// newSteward creates a steward and a token in the database at dbURL with
// the real commands, and returns the token.
func newSteward(t *testing.T, dbURL, username, password string) string {
	t.Helper()
	env := func(k string) string {
		if k == "BATON_DATABASE_URL" {
			return dbURL
		}
		return ""
	}
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte(password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := run(ctx, []string{"steward", "add", username, "--password-file", pw}, env, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := run(ctx, []string{"token", "create", username, "cluster"}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out.String())
}

// batch is n messages whose source ids start with prefix.
func batch(prefix string, n int) map[string]any {
	msgs := make([]map[string]any, n)
	for i := range msgs {
		role := "steward"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs[i] = map[string]any{"source_id": fmt.Sprintf("%s-%d", prefix, i), "role": role,
			"content": fmt.Sprintf("%s message %d: the flaky deploy script again, and why the cache warms slowly", prefix, i)}
	}
	return map[string]any{"messages": msgs}
}

// Scale-out: two `baton serve` processes against one PostgreSQL
// database, started together, serve the same steward through a mixed
// workload: sign-in on one and pages on the other, appends to one session
// through both, search and lists across them, the analysis worker on both.
func TestTwoInstancesShareOnePostgreSQL(t *testing.T) {
	dbURL, ok := storetest.Databases(t)[store.Postgres]
	if !ok {
		t.Skip("needs PostgreSQL (BATON_TEST_POSTGRES_URL)")
	}
	// Both start at once: migrations and the generated cookie secret must
	// come out the same for both.
	env := map[string]string{"BATON_DATABASE_URL": dbURL, "BATON_API_RATE_LIMIT": "off"}
	var instances [2]*process
	var wg sync.WaitGroup
	for i := range instances {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := launch(t, env)
			if err != nil {
				t.Error(err)
				return
			}
			instances[i] = p
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	a, b := instances[0].url, instances[1].url
	token := newSteward(t, dbURL, "ada", "a long enough password")

	// A cookie from one instance is good on the other.
	browser := signInAt(t, a, "ada", "a long enough password")
	moveCookies(browser, a, b)
	resp, err := browser.Get(b + "/settings")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Request.URL.Path != "/settings" || resp.StatusCode != http.StatusOK {
		t.Fatalf("instance B does not know instance A's sign-in: %s (%d)", resp.Request.URL, resp.StatusCode)
	}

	// Mixed workload across both instances.
	client := &http.Client{Timeout: 60 * time.Second}
	var shared struct{ ID string }
	if code, err := call(client, a, token, "POST", "/api/v1/sessions", map[string]any{"title": "shared across instances"}, &shared); code != http.StatusCreated || err != nil {
		t.Fatalf("create = %d, %v", code, err)
	}
	const writers, batches, perBatch = 4, 10, 20
	var serverErrors, requests atomic.Int64
	count := func(code int, err error) {
		requests.Add(1)
		if err != nil || code >= 500 {
			serverErrors.Add(1)
			t.Errorf("request failed: %d, %v", code, err)
		}
	}
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range batches {
				base := []string{a, b}[(w+n)%2]
				var res struct{ Stored, Duplicates int }
				code, err := call(client, base, token, "POST", "/api/v1/sessions/"+shared.ID+"/messages", batch(fmt.Sprintf("w%d-b%d", w, n), perBatch), &res)
				count(code, err)
				if code == http.StatusOK && res.Stored != perBatch {
					t.Errorf("batch stored %d of %d", res.Stored, perBatch)
				}
				// Every writer also sends its first batch again through the other instance.
				if n == 0 {
					other := []string{a, b}[(w+n+1)%2]
					code, err := call(client, other, token, "POST", "/api/v1/sessions/"+shared.ID+"/messages", batch(fmt.Sprintf("w%d-b%d", w, n), perBatch), &res)
					count(code, err)
					if code == http.StatusOK && res.Duplicates != perBatch {
						t.Errorf("repeated batch: %d duplicates of %d", res.Duplicates, perBatch)
					}
				}
			}
		}()
	}
	for r := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range 15 {
				base := []string{a, b}[(r+n)%2]
				code, err := call(client, base, token, "GET", "/api/v1/sessions?limit=20", nil, nil)
				count(code, err)
				code, err = call(client, base, token, "GET", "/api/v1/search?q=deploy", nil, nil)
				count(code, err)
				resp, err := browser.Get(base + "/sessions/" + shared.ID)
				if err == nil {
					resp.Body.Close()
					count(resp.StatusCode, nil)
				} else {
					count(0, err)
				}
			}
		}()
	}
	wg.Wait()

	// Both instances see every message, in one unbroken sequence.
	want := writers * batches * perBatch
	for _, base := range []string{a, b} {
		var page struct {
			Messages []struct {
				Seq int64 `json:"sequence_number"`
			}
		}
		if code, err := call(client, base, token, "GET", "/api/v1/sessions/"+shared.ID+"/messages?limit=1000", nil, &page); code != 200 || err != nil {
			t.Fatalf("transcript = %d, %v", code, err)
		}
		if len(page.Messages) != want {
			t.Errorf("%s: %d messages, want %d", base, len(page.Messages), want)
		}
		for i, m := range page.Messages {
			if m.Seq != int64(i+1) {
				t.Fatalf("%s: message %d has seq %d", base, i, m.Seq)
			}
		}
	}
	// What one instance wrote, the other finds.
	var hits struct{ Hits []any }
	if code, err := call(client, b, token, "GET", "/api/v1/search?q=flaky", nil, &hits); code != 200 || err != nil || len(hits.Hits) == 0 {
		t.Errorf("search on B = %d, %v, %d results", code, err, len(hits.Hits))
	}
	// The analysis workers of both instances finish the work between them.
	st, err := store.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var left int
		if err := st.DB().NewRaw("SELECT count(*) FROM messages WHERE NOT analyzed").Scan(context.Background(), &left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d messages still unanalysed after 60 s", left)
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("%d requests across two instances, %d failed", requests.Load(), serverErrors.Load())
	for i, p := range instances {
		if strings.Contains(p.logs.String(), "level=ERROR") {
			t.Errorf("instance %d logged errors:\n%s", i, p.logs.String())
		}
	}
}
