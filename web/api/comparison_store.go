package api

import "github.com/baton-dev/baton/web/httpx"

// comparisonStore is what the comparison handlers read and write: saved
// comparisons, their comments, human scores and team shares, as the
// pages do too.
type comparisonStore = httpx.ComparisonRecords
