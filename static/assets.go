package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"path"
	"sync"
)

// Asset is one static file ready to send: its bytes, a gzip copy when that
// is smaller, its content type and a hash of its content (the version in
// its URL and its ETag).
type Asset struct {
	Body, Gzip  []byte
	ContentType string
	Hash        string
}

var (
	assetsOnce sync.Once
	assets     map[string]*Asset
)

// index reads every embedded file once: hashing and compressing at start
// keeps each request to a map lookup.
func index() map[string]*Asset {
	assetsOnce.Do(func() {
		assets = map[string]*Asset{}
		_ = fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			body, err := fs.ReadFile(FS, p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(body)
			a := &Asset{Body: body, Hash: hex.EncodeToString(sum[:6]), ContentType: mime.TypeByExtension(path.Ext(p))}
			if a.ContentType == "" {
				a.ContentType = "application/octet-stream"
			}
			var gz bytes.Buffer
			w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
			_, _ = w.Write(body)
			_ = w.Close()
			if gz.Len() < len(body)*9/10 {
				a.Gzip = gz.Bytes()
			}
			assets[p] = a
			return nil
		})
	})
	return assets
}

// Lookup returns the asset at p ("css/baton.css"), or nil.
func Lookup(p string) *Asset { return index()[p] }

// URL is the address of the asset at p with its content hash as version
// ("/static/css/baton.css?v=3f2a…"): it changes whenever the file does, so
// browsers may keep it for a year.
func URL(p string) string {
	if a := Lookup(p); a != nil {
		return "/static/" + p + "?v=" + a.Hash
	}
	return "/static/" + p
}
