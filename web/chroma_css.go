package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"

	"github.com/baton-dev/baton/internal/render"
	"github.com/labstack/echo/v4"
)

// chromaCSS is the code-highlighting stylesheet, built once with its hash
// and gzip copy so it is served like the embedded files.
var chromaCSS, chromaGzip, chromaHash = func() ([]byte, []byte, string) {
	body := []byte(render.ChromaCSS())
	sum := sha256.Sum256(body)
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = w.Write(body)
	_ = w.Close()
	return body, gz.Bytes(), hex.EncodeToString(sum[:6])
}()

func serveChromaCSS(c echo.Context) error {
	return serveAsset(c, chromaCSS, chromaGzip, "text/css; charset=utf-8", chromaHash)
}
