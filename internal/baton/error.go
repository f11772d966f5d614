// Package baton holds Baton's domain: the types every other package speaks in,
// the error codes, and the steward carried in a request's context. It imports
// nothing of Baton's own.
package baton

import (
	"errors"
	"fmt"
)

// Error codes. The HTTP layer maps each to one status in one table.
const (
	ENOTFOUND     = "not_found"
	EINVALID      = "invalid"
	ECONFLICT     = "conflict"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ETOOLARGE     = "too_large"
	ERATELIMIT    = "rate_limited"
	EUNAVAILABLE  = "unavailable"  // the database is busy or out of reach; try again
	ESTORAGEFULL  = "storage_full" // the database's disk is full; nothing was written
	EINTERNAL     = "internal"
)

// Error is an application error a user may see: a stable code, a message that
// says what is wrong, and the field it is about when there is one.
type Error struct {
	Code    string
	Message string
	Field   string
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("baton: %s: %s (%s)", e.Code, e.Message, e.Field)
	}
	return fmt.Sprintf("baton: %s: %s", e.Code, e.Message)
}

// Errorf returns an Error with the code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns an EINVALID error about one field.
func Invalid(field, format string, args ...any) *Error {
	return &Error{Code: EINVALID, Message: fmt.Sprintf(format, args...), Field: field}
}

// NotFound returns the ENOTFOUND error for a kind of thing. It never says
// whether the thing exists for someone else.
func NotFound(what string) *Error {
	return &Error{Code: ENOTFOUND, Message: what + " not found"}
}

// ErrorCode returns the code of an application error, or EINTERNAL for any
// other error.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of an application error, or "Internal
// error." for any other: users never see a cause meant for the logs.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}

// ErrorField returns the field an application error is about, if any.
func ErrorField(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}
