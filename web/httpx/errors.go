package httpx

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
)

// APIError is the JSON shape of every API error.
type APIError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Field   string `json:"field,omitempty"`
	} `json:"error"`
}

// StatusByCode is the one table from error codes to HTTP statuses.
var StatusByCode = map[string]int{
	baton.ENOTFOUND:     http.StatusNotFound,
	baton.EINVALID:      http.StatusBadRequest,
	baton.ECONFLICT:     http.StatusConflict,
	baton.EUNAUTHORIZED: http.StatusUnauthorized,
	baton.EFORBIDDEN:    http.StatusForbidden,
	baton.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	baton.ERATELIMIT:    http.StatusTooManyRequests,
	baton.EUNAVAILABLE:  http.StatusServiceUnavailable,
	baton.ESTORAGEFULL:  http.StatusInsufficientStorage,
	baton.EINTERNAL:     http.StatusInternalServerError,
}
