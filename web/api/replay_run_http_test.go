package api_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/web/webtest"
)

// Three Run requests sent at once over a real socket while the model has
// not answered: all three are answered (one 202, two 409) before the model
// says a word, so a run of any length gets its HTTP answer; the clients
// then leave, and the one run still ends, completed, with one model call.
// (Each request started a run; a run held its request until it ended; a
// run whose client left stayed running.)
func TestReplayRunRequestsAnswerBeforeTheModel(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		gate := make(chan struct{})
		var calls atomic.Int32
		model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
			_, _ = w.Write([]byte(`{"model":"slow","choices":[{"message":{"role":"assistant","content":"The tokenizer drops the last token."}}]}`))
		}))
		t.Cleanup(model.Close)
		released := false
		release := func() {
			if !released {
				released = true
				close(gate)
			}
		}
		t.Cleanup(release)
		client, err := llm.New(llm.Config{Provider: llm.ProviderOpenAI, BaseURL: model.URL + "/v1"})
		if err != nil {
			t.Fatal(err)
		}
		a.RunReplaysWith(&replay.Runner{Model: client})
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		var rp baton.Replay
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/replays", map[string]any{"at_message_id": ids[0], "model": "slow"}, &rp); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}

		leaving := &http.Client{Transport: &http.Transport{}}
		codes := make([]int, 3)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("POST", a.Srv.URL+"/api/v1/replays/"+rp.ID+"/run", nil)
				req.Header.Set("Authorization", "Bearer "+a.AdaToken)
				resp, err := leaving.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				codes[i] = resp.StatusCode
			}()
		}
		wg.Wait() // the model has not answered: the gate is shut
		started, refused := 0, 0
		for _, c := range codes {
			switch c {
			case http.StatusAccepted:
				started++
			case http.StatusConflict:
				refused++
			}
		}
		if started != 1 || refused != 2 {
			t.Fatalf("three Run requests answered %v; want one 202 and two 409", codes)
		}
		var got struct{ Replay baton.Replay }
		now := &got.Replay
		a.API(a.AdaToken, "GET", "/api/v1/replays/"+rp.ID, nil, &got)
		if now.Status != baton.ReplayRunning {
			t.Fatalf("while the model thinks the replay is %s", now.Status)
		}
		// The clients leave; the run goes on without them.
		leaving.CloseIdleConnections()
		release()
		for i := 0; i < 1000; i++ {
			a.API(a.AdaToken, "GET", "/api/v1/replays/"+rp.ID, nil, &got)
			if now.Status != baton.ReplayRunning {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if now.Status != baton.ReplayCompleted || now.Runs != 1 || calls.Load() != 1 {
			t.Fatalf("the run ended %s (%s), %d runs, %d model calls; want completed, 1, 1", now.Status, now.FailureReason, now.Runs, calls.Load())
		}
	})
}
