package main

// Helpers that run `baton` as a real separate process: the test binary
// itself, re-executed with BATON_TEST_RUN_AS_BATON=1 (see TestMain), so
// nothing has to be built and each instance has its own memory, workers and
// locks, as two servers behind a load balancer would.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if os.Getenv("BATON_TEST_RUN_AS_BATON") == "1" {
		os.Exit(runAsBaton())
	}
	os.Exit(m.Run())
}

// runAsBaton is main() for a re-executed test binary. BATON_TEST_FSIZE
// limits the size of any file the process writes (RLIMIT_FSIZE): the
// disk-full fault.
func runAsBaton() int {
	if v := os.Getenv("BATON_TEST_FSIZE"); v != "" {
		var n uint64
		fmt.Sscan(v, &n)
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
			fmt.Fprintln(os.Stderr, "setrlimit:", err)
			return 2
		}
	}
	args := strings.Fields(os.Getenv("BATON_TEST_ARGS"))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, args, os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "baton:", err)
		return 1
	}
	return 0
}

// process is one `baton serve` in a process of its own.
type process struct {
	cmd    *exec.Cmd
	url    string
	logs   *lockedBuffer
	exited chan struct{} // closed when the process has ended
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startProcess starts `baton serve` with env (on top of a clean one) and
// waits until it answers /healthz.
func startProcess(t *testing.T, env map[string]string) *process {
	t.Helper()
	p, err := launch(t, env)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func launch(t *testing.T, env map[string]string) (*process, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = []string{"BATON_TEST_RUN_AS_BATON=1", "BATON_TEST_ARGS=serve", "BATON_ADDR=127.0.0.1:0", "PATH=" + os.Getenv("PATH"), "TMPDIR=" + os.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	logs := &lockedBuffer{}
	cmd.Stderr = logs
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, logs: logs, exited: make(chan struct{})}
	found := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if _, addr, ok := strings.Cut(lines.Text(), "listening on "); ok {
				found <- addr
			}
		}
		close(found)
		_ = cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() { p.kill() })
	select {
	case addr, ok := <-found:
		if !ok {
			return nil, fmt.Errorf("baton serve exited before listening: %s", logs.String())
		}
		p.url = addr
	case <-time.After(60 * time.Second):
		return nil, fmt.Errorf("baton serve did not say where it listens: %s", logs.String())
	}
	for range 300 {
		if resp, err := http.Get(p.url + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p, nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil, fmt.Errorf("healthz never answered 200: %s", logs.String())
}

// kill ends the process with SIGKILL: no shutdown, no flush.
func (p *process) kill() {
	_ = p.cmd.Process.Kill()
	<-p.exited
}

// call sends one API request and decodes the JSON answer into out (when not nil).
func call(client *http.Client, base, token, method, path string, body any, out any) (int, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, base+path, r)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			return resp.StatusCode, err
		}
	} else {
		_, _ = io.Copy(io.Discard, resp.Body)
	}
	return resp.StatusCode, nil
}

// signInAt signs a browser in at one instance and returns its client.
func signInAt(t *testing.T, base, username, password string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	resp, err := client.Get(base + "/login")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	_, rest, _ := strings.Cut(string(body), `name="_csrf" value="`)
	csrf, _, _ := strings.Cut(rest, `"`)
	resp, err = client.PostForm(base+"/login", url.Values{"_csrf": {csrf}, "username": {username}, "password": {password}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Request.URL.Path != "/sessions" {
		t.Fatalf("sign-in at %s ended at %s (%d)", base, resp.Request.URL, resp.StatusCode)
	}
	return client
}

// moveCookies makes a client send its cookies for one instance to another,
// as a browser does behind a load balancer (one host name).
func moveCookies(client *http.Client, from, to string) {
	f, _ := url.Parse(from)
	dst, _ := url.Parse(to)
	client.Jar.SetCookies(dst, client.Jar.Cookies(f))
}
