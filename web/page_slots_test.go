package web

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// limitedPages serves GET /p/:n through pageSlot with n slots; each
// request says it entered, then waits for its gate (and, with release,
// frees its slot first, as renderHTML does once the page is drawn). The
// request is steward n's, or the ?as= steward's.
func limitedPages(t *testing.T, slots int, release bool) (s *Server, url string, entered chan string, gates map[string]chan struct{}) {
	s = &Server{pages: newPageLimiter(slots)}
	entered = make(chan string, 10)
	gates = map[string]chan struct{}{}
	for _, n := range []string{"1", "2", "3"} {
		gates[n] = make(chan struct{})
	}
	e := echo.New()
	e.GET("/p/:n", func(c echo.Context) error {
		if release {
			httpx.ReleasePageSlot(c)
		}
		entered <- c.Param("n")
		<-gates[c.Param("n")]
		return c.String(http.StatusOK, "drawn")
	}, asSteward, s.pageSlot)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return s, srv.URL, entered, gates
}

// asSteward signs the request in as steward ?as=, or :n without it.
func asSteward(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		as := c.QueryParam("as")
		if as == "" {
			as = c.Param("n")
		}
		id, _ := strconv.ParseInt(as, 10, 64)
		r := c.Request()
		c.SetRequest(r.WithContext(baton.NewContextWithSteward(r.Context(), &baton.Steward{ID: id})))
		return next(c)
	}
}

func getAsync(t *testing.T, url string) chan int {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return doAsync(t, req)
}

// doAsync sends req on its own goroutine; the channel answers its status
// (0 when it failed).
func doAsync(t *testing.T, req *http.Request) chan int {
	done := make(chan int, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	return done
}

// With two slots, a third page waits until one of the two is drawn.
func TestPageSlotsBoundPagesDrawnAtOnce(t *testing.T) {
	s, url, entered, gates := limitedPages(t, 2, false)
	done := map[string]chan int{}
	for _, n := range []string{"1", "2"} {
		done[n] = getAsync(t, url+"/p/"+n)
	}
	got := map[string]bool{<-entered: true, <-entered: true}
	if !got["1"] || !got["2"] {
		t.Fatalf("entered %v", got)
	}
	done["3"] = getAsync(t, url+"/p/3")
	for s.pages.waiting.Load() < 1 {
		runtime.Gosched()
	}
	select {
	case n := <-entered:
		t.Fatalf("page %s was drawn with both slots taken", n)
	default:
	}
	close(gates["1"])
	if n := <-entered; n != "3" {
		t.Fatalf("entered %s; want 3", n)
	}
	close(gates["2"])
	close(gates["3"])
	for n, d := range done {
		if code := <-d; code != http.StatusOK {
			t.Errorf("page %s: %d", n, code)
		}
	}
}

// A page frees its slot once drawn (renderHTML): the next one is drawn
// while the first is still being written out.
func TestPageSlotFreedOnceDrawn(t *testing.T) {
	_, url, entered, gates := limitedPages(t, 1, true)
	first := getAsync(t, url+"/p/1")
	if n := <-entered; n != "1" {
		t.Fatalf("entered %s", n)
	}
	second := getAsync(t, url+"/p/2")
	if n := <-entered; n != "2" { // hangs (test timeout) if the slot were still held
		t.Fatalf("entered %s", n)
	}
	close(gates["1"])
	close(gates["2"])
	if <-first != http.StatusOK || <-second != http.StatusOK {
		t.Error("a page failed")
	}
}

// Page reads are bounded on SQLite only: on PostgreSQL a page mostly
// waits for the database (another process), and the bound only queued them.
func TestPageSlotsBoundSQLiteOnly(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		st := storetest.Open(t, url)
		got := newPageLimiter(pageSlotsFor(st, 0)).slots != nil
		if want := dialect == store.SQLite; got != want {
			t.Errorf("%s: page reads bounded %v; want %v", dialect, got, want)
		}
		if newPageLimiter(pageSlotsFor(st, 3)).slots == nil || cap(newPageLimiter(pageSlotsFor(st, 3)).slots) != 3 {
			t.Errorf("%s: a configured bound of 3 is not kept", dialect)
		}
	}
}

// One steward holds at most half the slots: with four, steward 1's third
// page waits while steward 3's is drawn, and is drawn once one of its own
// is.
func TestPageSlotsShareOfOneSteward(t *testing.T) {
	s, url, entered, gates := limitedPages(t, 4, false)
	gates["4"] = make(chan struct{})
	done := map[string]chan int{}
	for _, n := range []string{"1", "2"} {
		done[n] = getAsync(t, url+"/p/"+n+"?as=1")
	}
	<-entered
	<-entered
	done["4"] = getAsync(t, url+"/p/4?as=1")
	for s.pages.waiting.Load() < 1 {
		select {
		case n := <-entered:
			t.Fatalf("page %s drawn: steward 1 holds three of four slots", n)
		default:
			runtime.Gosched()
		}
	}
	done["3"] = getAsync(t, url+"/p/3")
	if n := <-entered; n != "3" { // two slots are free, but not for steward 1
		t.Fatalf("entered %s; want steward 3's page", n)
	}
	close(gates["1"])
	if n := <-entered; n != "4" {
		t.Fatalf("entered %s; want 4", n)
	}
	for _, n := range []string{"2", "3", "4"} {
		close(gates[n])
	}
	for n, d := range done {
		if code := <-d; code != http.StatusOK {
			t.Errorf("page %s: %d", n, code)
		}
	}
	if len(s.pages.owners) != 0 {
		t.Errorf("owners left after every page ended: %d", len(s.pages.owners))
	}
}

// A page writing its answer holds no slot: the write may wait as long as
// the client does not read, so the slot is freed before the first byte.
func TestPageSlotFreedBeforeWriting(t *testing.T) {
	s := &Server{pages: newPageLimiter(1)}
	var heldWhileWriting int
	e := echo.New()
	e.GET("/p/:n", func(c echo.Context) error {
		if len(s.pages.slots) != 1 {
			t.Error("the handler runs without its slot")
		}
		c.Response().WriteHeader(http.StatusOK)
		_, err := c.Response().Write([]byte("x"))
		heldWhileWriting = len(s.pages.slots)
		if err := httpx.AcquirePageSlot(c); err != nil { // the next batch of a download
			return err
		}
		if len(s.pages.slots) != 1 {
			t.Error("AcquirePageSlot did not take the slot again")
		}
		return err
	}, asSteward, s.pageSlot)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	if code := <-getAsync(t, srv.URL+"/p/1"); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if heldWhileWriting != 0 {
		t.Error("the slot was held after the answer was written")
	}
	if len(s.pages.slots) != 0 {
		t.Error("the slot was not given back when the handler returned")
	}
}

// A search through the API takes a page slot on SQLite (it is CPU beside
// the one writer, as a page is): with every slot held it waits, and it is
// answered once one is free.
func TestAPISearchTakesAPageSlot(t *testing.T) {
	st := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "baton.db"))
	ctx := context.Background()
	ada := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, ada); err != nil {
		t.Fatal(err)
	}
	token, hash, prefix := auth.NewToken()
	if _, err := st.CreateToken(ctx, ada.ID, "agent", hash, prefix); err != nil {
		t.Fatal(err)
	}
	s := New(st, NewServices(st, ingest.New(st), nil), "secret", slog.New(slog.DiscardHandler), Config{PageSlots: 1})
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)

	s.pages.slots <- struct{}{} // the one slot is held
	req, err := http.NewRequest(http.MethodGet, srv.URL+"/api/v1/search?q=deploy", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	done := doAsync(t, req)
	for s.pages.waiting.Load() == 0 {
		select {
		case code := <-done:
			t.Fatalf("search answered %d without a page slot", code)
		case <-time.After(time.Millisecond):
		}
	}
	<-s.pages.slots
	if code := <-done; code != http.StatusOK {
		t.Fatalf("search answered %d once a slot was free; want 200", code)
	}
}
