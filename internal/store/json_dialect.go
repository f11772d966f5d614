package store

import (
	"bytes"

	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
)

// Bun's dialects write a JSON column's text with the escape \u0000 turned
// into \\u0000 (PostgreSQL's jsonb refuses \u0000), but they also do it
// to the "u0000" after an escaped backslash: text holding the six
// characters \u0000 (JSON "\\u0000") became "\\\u0000", which PostgreSQL
// refused (a 500 for a message that quotes a JSON escape) and SQLite read
// back as a backslash and a NUL. These dialects write JSON with every
// escape kept whole.
type (
	pgJSONDialect     struct{ *pgdialect.Dialect }
	sqliteJSONDialect struct{ *sqlitedialect.Dialect }
)

func (pgJSONDialect) AppendJSON(b, jsonb []byte) []byte     { return appendJSON(b, jsonb) }
func (sqliteJSONDialect) AppendJSON(b, jsonb []byte) []byte { return appendJSON(b, jsonb) }

// appendJSON writes jsonb as an SQL string literal: quotes doubled, NUL
// bytes dropped, the escape \u0000 written \\u0000 and every other escape
// copied as it is.
func appendJSON(b, jsonb []byte) []byte {
	b = append(b, '\'')
	for i := 0; i < len(jsonb); i++ {
		c := jsonb[i]
		if c == '\\' && i+1 < len(jsonb) {
			if bytes.HasPrefix(jsonb[i+1:], []byte("u0000")) {
				b = append(b, `\\u0000`...)
				i += len("u0000")
				continue
			}
			b = append(b, c)
			i++
			c = jsonb[i]
		}
		switch c {
		case 0:
		case '\'':
			b = append(b, "''"...)
		default:
			b = append(b, c)
		}
	}
	return append(b, '\'')
}
