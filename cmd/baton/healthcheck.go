package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// healthcheckCmd asks the server this container runs (BATON_ADDR) for
// /healthz and fails unless it answers 200: the Docker image has no shell
// or wget, so its HEALTHCHECK runs the binary itself.
func healthcheckCmd(ctx context.Context, env environment, stdout io.Writer) error {
	url, err := healthzURL(env.get("BATON_ADDR", ":8080"))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %d %s", url, resp.StatusCode, body)
	}
	fmt.Fprintf(stdout, "%s\n", body)
	return nil
}

// healthzURL is where a server listening on addr answers /healthz: an
// address with no host (":8080") or a wildcard one is reached on loopback.
func healthzURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("BATON_ADDR: %q is not host:port: %w", addr, err)
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}
