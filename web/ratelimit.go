package web

import (
	"container/list"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"
)

// Rate is a token bucket: Burst requests at once, refilled at PerSecond.
// A negative Burst turns the limit off.
type Rate struct {
	PerSecond float64
	Burst     int
}

// Limits are Baton's rate limits. A zero Rate takes the default.
type Limits struct {
	// SignIn limits local sign-in attempts per client address and username.
	SignIn Rate
	// SignInAddress limits local sign-in attempts per client address across
	// every username, so one address cannot try a password on many accounts.
	SignInAddress Rate
	// API limits API requests per personal access token.
	API Rate
	// BadToken limits failed API authentications per client address.
	BadToken Rate
	// Links limits opening share and invitation links per client address.
	Links Rate
}

// DefaultLimits are generous for people and agents, and slow down guessing.
var DefaultLimits = Limits{
	SignIn:        Rate{PerSecond: 1.0 / 6, Burst: 10},
	SignInAddress: Rate{PerSecond: 1.0 / 2, Burst: 30},
	API:           Rate{PerSecond: 50, Burst: 600},
	BadToken:      Rate{PerSecond: 1.0 / 3, Burst: 20},
	Links:         Rate{PerSecond: 1, Burst: 60},
}

// limiters holds the buckets. They are in memory: each instance behind a
// load balancer counts on its own, so N instances allow up to N times the
// rate. That is fine for slowing down guessing; the account lockout, which
// must hold across instances, is counted in the database instead.
type limiters struct {
	signIn, signInAddress, api, badToken, links *limiter
}

func newLimiters(l Limits) *limiters {
	pick := func(r, def Rate) *limiter {
		if r == (Rate{}) {
			r = def
		}
		return newLimiter(r)
	}
	return &limiters{
		signIn:        pick(l.SignIn, DefaultLimits.SignIn),
		signInAddress: pick(l.SignInAddress, DefaultLimits.SignInAddress),
		api:           pick(l.API, DefaultLimits.API),
		badToken:      pick(l.BadToken, DefaultLimits.BadToken),
		links:         pick(l.Links, DefaultLimits.Links),
	}
}

// limiter is a set of token buckets by key, at most maxBuckets of them:
// past that, the least recently used bucket goes (an attacker who sends
// many keys cannot reset everyone else's buckets).
type limiter struct {
	rate    Rate
	mu      sync.Mutex
	buckets map[string]*list.Element // of *bucket; front is the most recently used
	order   *list.List
	max     int
}

type bucket struct {
	key string
	lim *rate.Limiter
}

// maxBuckets bounds a limiter's memory.
const maxBuckets = 100_000

func newLimiter(r Rate) *limiter {
	return &limiter{rate: r, buckets: map[string]*list.Element{}, order: list.New(), max: maxBuckets}
}

func (l *limiter) get(key string) *rate.Limiter {
	if e := l.buckets[key]; e != nil {
		l.order.MoveToFront(e)
		return e.Value.(*bucket).lim
	}
	for l.order.Len() >= l.max {
		oldest := l.order.Back()
		delete(l.buckets, oldest.Value.(*bucket).key)
		l.order.Remove(oldest)
	}
	b := &bucket{key: key, lim: rate.NewLimiter(rate.Limit(l.rate.PerSecond), l.rate.Burst)}
	l.buckets[key] = l.order.PushFront(b)
	return b.lim
}

// allow takes one request from key's bucket, or says how long to wait.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l.rate.Burst < 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	r := l.get(key).ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// tooMany is the 429 answer: a Retry-After header in whole seconds and an
// error the one error handler turns into a page or, under /api, JSON with
// code "rate_limited".
func tooMany(c echo.Context, wait time.Duration, what string) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
	return baton.Errorf(baton.ERATELIMIT, "Too many %s. Wait %d seconds and try again.", what, secs)
}

// limitSignIn counts one local sign-in attempt for this address and username.
func (s *Server) limitSignIn(c echo.Context, username string) error {
	key := c.RealIP() + "\x00" + strings.ToLower(username)
	if ok, wait := s.limits.signIn.allow(key); !ok {
		return tooMany(c, wait, "sign-in attempts")
	}
	if ok, wait := s.limits.signInAddress.allow(c.RealIP()); !ok {
		return tooMany(c, wait, "sign-in attempts from this address")
	}
	return nil
}

// limitLinks counts one opening of a share or invitation link by this address.
func (s *Server) limitLinks(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ok, wait := s.limits.links.allow(c.RealIP()); !ok {
			return tooMany(c, wait, "requests for shared links")
		}
		return next(c)
	}
}

// limitAPI limits API requests per token, and failed authentications per
// client address, so guessing tokens is slow and one runaway agent cannot
// crowd out the rest. It runs before requireToken. The token is checked
// first and only failures count, so an address that sent bad tokens (one
// misconfigured agent behind a shared NAT) does not block the valid tokens
// sent from it.
func (s *Server) limitAPI(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		token, _ := strings.CutPrefix(c.Request().Header.Get("Authorization"), "Bearer ")
		if token = strings.TrimSpace(token); auth.LooksLikeToken(token) {
			if ok, wait := s.limits.api.allow(auth.HashToken(token)); !ok {
				return tooMany(c, wait, "API requests for this token")
			}
		}
		err := next(c)
		if baton.ErrorCode(err) == baton.EUNAUTHORIZED {
			ip := c.RealIP()
			if ok, wait := s.limits.badToken.allow(ip); !ok {
				return tooMany(c, wait, "requests with an unknown token")
			}
		}
		return err
	}
}
