// Package modelanalysis has a model write parts of a session's analysis
// (its title, summary, decisions and tasks) after the deterministic
// extraction, from a bounded prompt (prompt.go) with an answer in a JSON
// schema (answer.go) that is validated field by field. It is optional: it
// runs only when a model endpoint is configured and model analysis is
// turned on. Whatever goes wrong (a timeout, an HTTP error, an answer
// that is not the JSON asked for, a field that breaks its limits, the
// steward's daily budget spent) leaves the extraction's value and records
// why. Answers are cached by content, so analysing an unchanged session
// again sends nothing.
package modelanalysis

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/baton-dev/baton/internal/store"
)

// Config is how the model writes analyses.
type Config struct {
	Client *llm.Client
	// Model is the model asked; empty is the client's.
	Model string
	// DailyTokens and DailyUSD bound what one steward's analyses spend on
	// the model in a day (UTC): once either is reached, no request is sent
	// until the next day. 0 is no bound. A request in flight may pass the
	// bound by its own size.
	DailyTokens int64
	DailyUSD    float64
	// Now is the clock the day is read from.
	Now func() time.Time
}

// Writer writes analyses with a model. It is safe for concurrent use.
type Writer struct {
	store *store.Store
	cfg   Config
}

// New returns a Writer over the store.
func New(st *store.Store, cfg Config) *Writer {
	if cfg.Model == "" && cfg.Client != nil {
		cfg.Model = cfg.Client.Model()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Writer{store: st, cfg: cfg}
}

// Model is the model the writer asks.
func (w *Writer) Model() string { return w.cfg.Model }

// Write has the model write the title, summary, decisions and tasks of
// one of the steward's sessions, into sess, over the extraction's values,
// for the fields whose answer passes its checks. msgs are the session's
// main conversation, in order. It returns what produced each field and
// what the answer cost; a failure is recorded there, never returned.
func (w *Writer) Write(ctx context.Context, stewardID int64, sess *baton.Session, msgs []*baton.Message, analysedAt time.Time) *baton.ModelAnalysis {
	rec := &baton.ModelAnalysis{
		SessionID: sess.ID, AnalysedAt: analysedAt, Model: w.cfg.Model,
		PromptVersion: PromptVersion, Fields: extracted(""),
	}
	fallback := func(status, reason string) *baton.ModelAnalysis {
		rec.Status, rec.Reason, rec.Fields = status, reason, extracted(reason)
		return rec
	}
	if w.cfg.Client == nil {
		return fallback(baton.ModelSkipped, "no model endpoint is configured")
	}
	if sess.Open() {
		return fallback(baton.ModelSkipped, "the session is still open: the model writes its analysis once it ends")
	}
	prompt, included := Prompt(sess, msgs)
	if included == 0 {
		return fallback(baton.ModelSkipped, "the session has no messages to analyse")
	}
	rec.CacheKey = cacheKey(w.cfg.Model, systemPrompt, prompt)

	cached, ok, err := w.store.CachedModelAnswer(ctx, stewardID, rec.CacheKey)
	if err != nil {
		return fallback(baton.ModelFallback, "the cache could not be read: "+err.Error())
	}
	if ok {
		var a answer
		if err := json.Unmarshal(cached.Output, &a); err != nil {
			return fallback(baton.ModelFallback, "the cached answer could not be read: "+err.Error())
		}
		rec.Status, rec.Model = baton.ModelCached, cached.Model
		rec.Usage, rec.CostUSD, rec.Priced = cached.Usage, cached.CostUSD, cached.Priced
		rec.Fields = a.apply(sess, msgs, cached.Model)
		return rec
	}

	day := w.cfg.Now().UTC().Format(time.DateOnly)
	used, err := w.store.ModelUsageOn(ctx, stewardID, day)
	if err != nil {
		return fallback(baton.ModelFallback, "the day's model use could not be read: "+err.Error())
	}
	if reason := w.overBudget(used); reason != "" {
		return fallback(baton.ModelSkipped, reason)
	}

	temp := 0.0
	resp, err := w.cfg.Client.Complete(ctx, llm.Request{
		Model: w.cfg.Model, System: systemPrompt, Temperature: &temp, MaxTokens: MaxAnswerTokens,
		Messages: []llm.Message{{Role: llm.RoleUser, Content: prompt}},
		Schema:   &llm.Schema{Name: "session_analysis", Description: "Record the session's analysis.", Schema: answerSchema},
	})
	if resp != nil {
		// The tokens were spent whether or not the answer is usable.
		rec.Model = resp.Model
		rec.Usage = resp.Usage
		rec.CostUSD, rec.Priced = pricing.Cost(resp.Model, resp.Usage)
		if !rec.Priced {
			rec.CostUSD, rec.Priced = pricing.Cost(w.cfg.Model, resp.Usage)
		}
		if uerr := w.store.AddModelUsage(ctx, stewardID, baton.ModelUsage{
			Day: day, Requests: 1, Tokens: resp.Usage.Total(), CostUSD: rec.CostUSD,
		}); uerr != nil && err == nil {
			err = fmt.Errorf("the model's use could not be counted: %w", uerr)
		}
	}
	if err != nil {
		return fallback(baton.ModelFallback, err.Error())
	}
	var a answer
	if err := json.Unmarshal(resp.JSON, &a); err != nil {
		return fallback(baton.ModelFallback, "the model's answer could not be read: "+err.Error())
	}
	// Cached as validated against the schema; the per-field checks run
	// again on every use, so a cached answer gives the same fields.
	if err := w.store.CacheModelAnswer(ctx, stewardID, &baton.CachedAnswer{
		Key: rec.CacheKey, Model: resp.Model, Output: resp.JSON, Usage: resp.Usage, CostUSD: rec.CostUSD, Priced: rec.Priced,
	}); err != nil {
		return fallback(baton.ModelFallback, "the model's answer could not be cached: "+err.Error())
	}
	rec.Status = baton.ModelWritten
	rec.Fields = a.apply(sess, msgs, resp.Model)
	return rec
}

// overBudget says why the steward's use of the day leaves no room for
// another request, or "".
func (w *Writer) overBudget(u baton.ModelUsage) string {
	if w.cfg.DailyTokens > 0 && u.Tokens >= w.cfg.DailyTokens {
		return fmt.Sprintf("the daily model budget is spent: %d of %d tokens used on %s (UTC)", u.Tokens, w.cfg.DailyTokens, u.Day)
	}
	if w.cfg.DailyUSD > 0 && u.CostUSD >= w.cfg.DailyUSD {
		return fmt.Sprintf("the daily model budget is spent: $%.4f of $%.2f used on %s (UTC)", u.CostUSD, w.cfg.DailyUSD, u.Day)
	}
	return ""
}

// extracted is every field as the extraction wrote it.
func extracted(reason string) []baton.FieldSource {
	out := make([]baton.FieldSource, len(baton.ModelFields))
	for i, f := range baton.ModelFields {
		out[i] = baton.FieldSource{Field: f, Source: baton.SourceExtracted, Reason: reason}
	}
	return out
}
