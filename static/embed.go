// Package static holds the files the server sends as they are: the design
// system stylesheet (css/), the small site script (js/) and vendored
// third-party code (vendor/: htmx 2.0.11, 0BSD, its licence beside it).
package static

import "embed"

// FS is rooted at this directory: "css/baton.css", "js/baton.js",
// "vendor/htmx.min.js".
//
//go:embed css js vendor
var FS embed.FS
