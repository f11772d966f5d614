// Package migrations holds Baton's numbered up/down SQL migrations, one
// folder per dialect, embedded in the binary.
package migrations

import "embed"

// FS holds sqlite/NNNN_name.{up,down}.sql and postgres/NNNN_name.{up,down}.sql.
//
//go:embed sqlite/*.sql postgres/*.sql
var FS embed.FS
