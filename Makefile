# Baton. `make run` starts the app with demo data; `make test` runs every test.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.ONESHELL:
.DEFAULT_GOAL := help

VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
BENCHTIME ?= 1s
# Extra flags for the load test, e.g. LOADTEST_FLAGS="-scale 0.1" for a quick look.
LOADTEST_FLAGS ?=
# Extra flags for the watch benchmark, e.g. WATCHBENCH_FLAGS="-duration 10m -sync-mb 500" for the long run.
WATCHBENCH_FLAGS ?=
# Extra flags for the frames benchmark, e.g. FRAMESBENCH_FLAGS="-frames 10000 -requests 50" for a short look.
FRAMESBENCH_FLAGS ?=
export BATON_CHROMIUM ?= /usr/bin/chromium

# Go files that gofmt checks: all but testdata and caches.
GO_FILES = find . -name '*.go' -not -path './.git/*' -not -path './.cache/*' -not -path '*/testdata/*' -print0
TEMPL_FILES = find . -name '*_templ.go' -not -path './.git/*' -not -path './.cache/*' -print0

.PHONY: help run build generate lint test bench load eval screenshots clean

help:
	@echo "make run       start Baton with the demo steward on http://localhost:8080 (SQLite in data/)"
	echo "make build     build bin/baton (static, CGO_ENABLED=0)"
	echo "make generate  regenerate templ code (go tool templ generate)"
	echo "make lint      gofmt, go mod tidy, go vet, staticcheck, generated code up to date"
	echo "make test      install missing test deps, start a throwaway PostgreSQL, lint, go test ./..."
	echo "make bench     Go benchmarks, load test, mix and growth: one report, bench/results/latest.md (about 15 min on an idle"
	echo "                2-core machine; LOADTEST_FLAGS='-scale 0.02 -mix-seconds 3' BENCHTIME=1x for a short look)"
	echo "make load      the realistic mix at 8/32/64 clients (SQLite; PostgreSQL with BATON_TEST_POSTGRES_URL)"
	echo "make eval      analysis precision/recall on the real set (dev, test) and the in-house set; bench/results/analysis-eval.txt"
	echo "                BATON_EVAL_MODEL=1 make eval: the real set through the configured model (BATON_LLM_*)"
	echo "make screenshots  every page of the demo at 1400 and 390 px, in .cache/screenshots/"
	echo "make clean     remove bin/ and .cache/ (keeps data/)"

run:
	@mkdir -p data
	addr="$${BATON_ADDR:-:8080}"
	url="http://$${addr}"
	[[ "$$addr" != :* ]] || url="http://localhost$${addr}"
	echo "Baton: open $$url and sign in as demo / demo-steward (database: data/baton.db)"
	echo "Baton: to keep your own Claude Code, Codex CLI and Gemini CLI sessions, run 'BATON_DATABASE_URL=sqlite:data/baton.db go run ./cmd/baton watch --steward demo' beside it (README: baton watch)"
	BATON_ADDR="$$addr" BATON_DEMO=1 BATON_DATABASE_URL=sqlite:data/baton.db exec go run ./cmd/baton serve

build:
	CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o bin/baton ./cmd/baton

generate:
	go tool templ generate

lint:
	@echo "lint: go tool templ generate leaves the generated code unchanged"
	before="$$($(TEMPL_FILES) | sort -z | xargs -0r sha256sum)"
	go tool templ generate
	after="$$($(TEMPL_FILES) | sort -z | xargs -0r sha256sum)"
	if [[ "$$before" != "$$after" ]]; then
		echo "lint: *_templ.go files were out of date with their .templ sources; 'go tool templ generate' has now rewritten them:" >&2
		diff <(echo "$$before") <(echo "$$after") >&2 || true
		if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then git diff --stat -- '*_templ.go' >&2 || true; fi
		exit 1
	fi
	echo "lint: gofmt"
	unformatted="$$($(GO_FILES) | xargs -0r gofmt -l)"
	if [[ -n "$$unformatted" ]]; then
		echo "lint: these files need gofmt -w:" >&2
		echo "$$unformatted" >&2
		exit 1
	fi
	echo "lint: go mod tidy"
	if ! tidy_diff="$$(go mod tidy -diff)"; then
		echo "lint: go.mod / go.sum are not tidy; run 'go mod tidy' and commit the result:" >&2
		echo "$$tidy_diff" >&2
		exit 1
	fi
	echo "lint: go vet"
	go vet ./...
	echo "lint: staticcheck"
	go tool staticcheck ./...
	echo "lint: the usage text, the README and the BATON_ variables the code reads agree"
	go test -count=1 -run '^TestUsageReadmeAndEnvironmentAgree$$' ./cmd/baton/

# test works on a fresh Debian 12 machine: lint first (it needs only Go),
# then deps.sh installs Chromium and PostgreSQL when missing, postgres.sh
# starts a throwaway server (unless BATON_TEST_POSTGRES_URL is set), and the
# trap always stops it. The exit status is go test's, and its summary lines
# are the last thing printed.
test: lint
	@.ci/deps.sh
	pg_dir=""
	trap '[[ -z "$$pg_dir" ]] || .ci/postgres.sh stop -q "$$pg_dir"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	if [[ -z "$${BATON_TEST_POSTGRES_URL:-}" ]]; then
		pg_env="$$(.ci/postgres.sh start)"
		eval "$$pg_env"
		pg_dir="$$BATON_TEST_PG_DIR"
	else
		echo "test: using the PostgreSQL server in BATON_TEST_POSTGRES_URL"
	fi
	export BATON_TEST_POSTGRES_URL BATON_CHROMIUM
	echo "test: go test -count=1 -timeout 15m ./...  (PostgreSQL: $$BATON_TEST_POSTGRES_URL, Chromium: $$BATON_CHROMIUM)"
	go test -count=1 -timeout 15m ./...

# bench runs one package at a time (-p 1) so benchmarks do not share the 2
# cores, then the load test, and writes one report: every aim with its
# figure, the raw baseline of the same run, the ratio and the load average
# at the start. make test does not run it. On an idle 2-core machine it
# takes about 15 minutes (the load test ~10, the Go benchmarks ~5); the
# report ends with how long the run took.
bench:
	@mkdir -p bench/results
	gobench="$$(mktemp)"
	trap 'rm -f "$$gobench"' EXIT
	echo "bench: go test -bench (every package, one at a time) ..."
	go test -p 1 -run '^$$' -bench . -benchtime=$(BENCHTIME) -benchmem ./... 2>&1 | tee "$$gobench"
	echo "bench: load test, realistic mix and growth ..."
	go run ./bench/cmd/loadtest -out bench/results -gobench "$$gobench" $(LOADTEST_FLAGS)
	echo "bench: baton watch (live appends, idle CPU, first sync; WATCHBENCH_FLAGS='-duration 10m -sync-mb 500' for the long run) ..."
	go run ./bench/cmd/watchbench -out bench/results $(WATCHBENCH_FLAGS)
	echo "bench: frames, Baton beside Lex (BATON_LEX_DIR names a Lex checkout; without it Lex is left out and the report says so) ..."
	go run ./bench/cmd/framesbench -out bench/results $(FRAMESBENCH_FLAGS)
	echo "bench: one report in bench/results/latest.md (and bench/results/report-*.md)"

# load runs only the realistic mix (8, 32, 64 clients; SQLite, and
# PostgreSQL when BATON_TEST_POSTGRES_URL names a server) into a report.
load:
	@mkdir -p bench/results
	go run ./bench/cmd/loadtest -out bench/results -only mix $(LOADTEST_FLAGS)

# eval scores the analysis against the real evaluation set
# (internal/analysis/testdata/realset: real sessions, dev and test splits,
# figures beside their targets) and the in-house labelled set
# (internal/analysis/testdata/evalset.json, a regression suite); each
# fails below its floors. The figures go to bench/results/analysis-eval.txt;
# the dev split's per-session differences (for tuning; the test split's are
# never shown) to .cache/eval/realset-dev.txt. The inter-labeller
# agreement table (a second labeller on 24 dev sessions, beside Baton on
# them) follows the figures; its per-session lines go to
# .cache/eval/agreement-dev.txt.
# With BATON_EVAL_MODEL=1 the real set is imported with model-written
# analysis against the BATON_LLM_* endpoint, and the figures go to
# bench/results/analysis-eval-model.txt instead.
EVAL_RESULTS := bench/results/analysis-eval$(if $(filter 1,$(BATON_EVAL_MODEL)),-model).txt
eval:
	@mkdir -p bench/results .cache/eval
	status=0
	BATON_REALSET_OUT="$$PWD/.cache/eval/realset.txt" BATON_REALSET_DEV_OUT="$$PWD/.cache/eval/realset-dev.txt" \
		BATON_EVAL_OUT="$$PWD/.cache/eval/inhouse.txt" \
		BATON_AGREEMENT_OUT="$$PWD/.cache/eval/agreement.txt" BATON_AGREEMENT_DEV_OUT="$$PWD/.cache/eval/agreement-dev.txt" \
		go test -count=1 -run '^(TestRealSet|TestRealSetFrozen|TestEvaluationSet|TestRealSetAgreement)$$' -v ./internal/analysis/ \
		| grep -v '^=== RUN' | sed '/^    realset_test.go:[0-9]*: dev split, per session/,/^--- /{/^--- /!d}' || status=$$?
	cat .cache/eval/realset.txt <(echo) .cache/eval/inhouse.txt <(echo) .cache/eval/agreement.txt > $(EVAL_RESULTS)
	echo "eval: figures in $(EVAL_RESULTS); dev split per session in .cache/eval/realset-dev.txt"
	exit $$status

# screenshots boots Baton with the demo data and has headless Chromium save
# every page at 1400 and 390 px (first screen and full page) as PNG files
# in .cache/screenshots/ (ignored), for a person to look at.
screenshots:
	@rm -rf .cache/screenshots && mkdir -p .cache/screenshots
	BATON_SCREENSHOTS="$$PWD/.cache/screenshots" go test -count=1 -run '^TestScreenshots$$' -v ./cmd/baton/ | grep -E '^(---|ok|FAIL)|screenshots in'
	echo "screenshots: $$(ls .cache/screenshots | wc -l) files in .cache/screenshots/"

clean:
	rm -rf bin .cache
	go clean -testcache
