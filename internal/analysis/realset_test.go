package analysis_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// The real evaluation set (testdata/realset): real sessions from public
// repositories (SOURCES.md, manifest.json), labelled by hand by the rubric
// in RUBRIC.md before Baton ran on them, split into dev and test.
// TestRealSet imports every labelled session through `baton import`'s own
// path (format detection, parser, analysis at import, stored in SQLite),
// reads the stored session back and scores its title, decisions, tasks,
// technologies and topics against the labels, per split. It fails only
// when a figure drops below its floor (realsetFloors, a regression guard a
// little under the figures last measured); the targets are printed beside
// the figures. Per-session differences are shown for dev only: the test
// split is not to be tuned on.

// realsetTargets are the figures the analysis should reach on the test
// split (P, R; the title uses only P: the share of acceptable titles).
var realsetTargets = map[string][2]float64{
	"title":        {0.90, 0},
	"decisions":    {0.85, 0.60},
	"tasks":        {0.85, 0.60},
	"technologies": {0.85, 0.70},
	"topics":       {0.75, 0.60},
}

// realsetFloors are the lowest figures each split may show: a little under
// those measured when they were last set, so a change that makes a field
// worse fails. Raise them when the analysis improves.
var realsetFloors = map[string]map[string][2]float64{
	// Measured 2026-11-25 on 34 dev sessions: title 0.47; decisions none
	// produced (0 of 20 found); tasks 0.00 / 0.00 (4 produced);
	// technologies 0.54 / 0.47; topics 0.51 / 0.44. Then with tasks from
	// the steward's requests: tasks 0.89 / 0.68. Then with decisions from
	// answered questions, picked options, accepted recommendations,
	// comparatives and Japanese choices: decisions 0.90 / 0.50. Then with
	// technologies from evidence of use (programs run, files edited or
	// read, packages installed or imported): technologies 0.95 / 0.79.
	// Then titles written from the session (title_session.go): title 0.85.
	// Then topics from the whole session (topics_session.go): 0.60 / 0.47.
	// Then with approaches stated against others and carried out, and
	// proposals the steward accepts: decisions 0.93 / 0.65. Then topics
	// without tool lines, session commands and technologies: 0.62 / 0.50.
	// Then with a plan's steps and review suggestions as tasks: tasks
	// 0.90 / 0.75. Then batch 4 added 14 dev sessions (oh-my-posh's
	// Claude Code transcripts, agentv's Codex rollouts): 48 sessions,
	// title 0.77; decisions 0.93 / 0.54; tasks 0.89 / 0.76; technologies
	// 0.95 / 0.64; topics 0.58 / 0.46. Then with the choices of approved
	// plans, an "either X or Y" the assistant takes, numbered options
	// picked, choices announced with a reason and carried out, and faults
	// described with "instead of" left out: decisions 0.89 / 0.65. Then
	// batch 5 added 12 dev sessions (context-evaluator's Claude Code
	// transcripts; Cursor chats in English, Portuguese and Chinese): 60
	// sessions, title 0.77; decisions 0.86 / 0.47; tasks 0.86 / 0.76;
	// technologies 0.90 / 0.59; topics 0.55 / 0.44. Then with the answer
	// to the assistant's "X or Y?", a proposal put as a question the
	// assistant agrees to, and "I want X and not Y": decisions 0.88 / 0.53.
	// Then titles from a pasted log's diagnosis, a request's verb and
	// object, commits, and Codex and Gemini CLI titles the analysis may
	// rewrite: title 0.90. Then batch 6 added 6 dev sessions (BookMinder's
	// long conversational Claude Code console transcripts): 66 sessions,
	// title 0.89; decisions 0.69 / 0.40; tasks 0.62 / 0.74; technologies
	// 0.81 / 0.55; topics 0.56 / 0.44. Then tasks without pasted output,
	// plan verification steps and requests that only point back: tasks
	// 0.65 / 0.74. Then titles past a pasted terminal, Portuguese, Spanish
	// and French request frames, and from an answer's heading when the
	// prompts name no subject: title 0.94. Then without the yes/no and
	// "why" questions asked after the first request: tasks 0.70 / 0.71.
	// Then decisions without a summary's numbered items as options or a
	// shell command as the choice: 0.74 / 0.40.
	// Then with the tool calls of every agent as evidence (Codex's
	// exec_command and apply_patch, Gemini CLI's and Cursor's tools,
	// PowerShell, code read through the shell): technologies 0.83 / 0.64.
	// Then with the calls a transcript kept as text shows (Claude Code's
	// console lines, SpecStory's record of Cursor): 0.83 / 0.70.
	// Then tasks without questions that name nothing, nor a later
	// message's remarks past its first request: 0.75 / 0.69. Then
	// technologies without operating systems or examples the steward
	// names, with code searches as reading: 0.88 / 0.73.
	// Then decisions from an approved plan's Approach section, proposals
	// agreed in a console reply, French/Portuguese/Japanese choices and
	// acceptances, without undecided, refused, questioned, narrated or
	// overlong ones: 0.81 / 0.47; with options put in order: 0.82 / 0.48.
	// Then technologies with a workflow's run steps, and only the actions
	// a rewrite added: 0.90 / 0.74.
	// Then titles by a linked issue's own title, a pasted log's diagnosis
	// over the words that introduce it, past questions checking on the
	// assistant: title 0.97; topics without pasted output: 0.57 / 0.44.
	// Then technologies with the files a steward attaches with "@":
	// 0.90 / 0.75.
	// Then tasks without constraints ("keep X", "we should be …"),
	// yes/no questions past "but"/"so", todos restating a request, and
	// with the error of output pasted before any request: 0.77 / 0.70.
	// Then decisions with the constraints the steward states ("as a
	// rule, X", "each X should be Y", "don't X, these are Y"): 0.83 /
	// 0.55; without "use X or Y" nor the assistant's own workflow picked:
	// 0.88 / 0.55.
	// Then topics with the first request's subjects only when the session
	// speaks of them again: 0.59 / 0.45; up to four topics in a short
	// session: 0.57 / 0.48.
	// Then batch 7 added 15 dev sessions nobody had tuned on (cipher-box's
	// Claude Code transcripts, process-xbrl's Cursor chats, Aider logs in
	// English and Spanish): 81 sessions, title 0.96; decisions 0.84 /
	// 0.47; tasks 0.75 / 0.65; technologies 0.89 / 0.71; topics 0.57 /
	// 0.50 (batch 7 alone: title 0.93; decisions 0.70 / 0.25; tasks 0.70 /
	// 0.52; technologies 0.86 / 0.59; topics 0.56 / 0.56).
	// Then topics' noun pairs without a word used as a verb where it
	// stands ("how to claim issues", "that contain invalid"): 0.58 / 0.50
	// (batch 7 unchanged).
	// Then batch 8 added 6 more dev sessions nobody had tuned on
	// (cipher-box's Claude Code transcripts: phase execution, review
	// rounds, todos): 87 sessions, title 0.93; decisions 0.85 / 0.47;
	// tasks 0.75 / 0.60; technologies 0.90 / 0.70; topics 0.58 / 0.50
	// (batch 8 alone: title 0.50; decisions 1.00 / 0.00; tasks 0.67 /
	// 0.08; technologies 1.00 / 0.62; topics 0.58 / 0.43).
	// Then noun pairs scored as words, not half again as much: topics
	// 0.60 / 0.53 (batch 7: 0.64 / 0.65; batch 8: 0.63 / 0.43).
	// Then decisions with no pick read from an answer written in place of
	// a question's options: 0.85 / 0.47 (batch 7: 0.70 / 0.25, it had
	// fallen to 0.64; batch 8: 1.00 / 0.00).
	// Then topics without a word the session uses mostly as a verb:
	// 0.60 / 0.52 (batch 7: 0.66 / 0.65; batch 8 unchanged).
	// Then batch 9 added 17 dev sessions nobody had tuned on (twelve new
	// repositories: Cursor, VS Code Copilot and Claude Code chats saved
	// by SpecStory, a Copilot CLI session; English, Russian, Chinese):
	// 104 sessions, title 0.89; decisions 0.81 / 0.40; tasks 0.80 /
	// 0.66; technologies 0.89 / 0.64; topics 0.59 / 0.50. The floors that
	// the new sessions took the figures under are set 0.02 below them.
	// Then titles never from a shell command typed with "!", from a slash
	// command's name when it says what was asked ("/gsd:execute-phase
	// 14" → "Execute phase 14"), from the item of the assistant's list a
	// reply picks by number, and with the steward's answers to the
	// assistant's questions weighed at half once a request named the
	// subject: title 0.93 (batch 7: 0.93 → 1.00; batch 8: 0.50 → 1.00;
	// batch 9, held out: 0.71 → 0.71).
	// Then tasks with a project's slash commands, the items of a list the
	// assistant commits to working through, and the opening message after
	// a "/clear": 0.80 / 0.66 (without them 0.78 / 0.58; batch 8 tasks
	// 0.67 / 0.08 → 1.00 / 0.83, batch 7 0.70 / 0.52 → 0.75 / 0.60,
	// held-out batch 9 unchanged at 0.90 / 0.54).
	// Then batch 10 added 6 dev sessions nobody had tuned on (Cursor
	// chats in Chinese about a driving model, a VS Code Copilot chat
	// upgrading Java): 110 sessions, title 0.93; decisions 0.81 / 0.43;
	// tasks 0.81 / 0.65; technologies 0.89 / 0.64; topics 0.58 / 0.50.
	// The topics floor they took the figure under is set 0.02 below it.
	// Then decisions from the steward's answer to a question the
	// assistant asked when it gives a reason or the alternative turned
	// down, a rule against a course with its reason ("X should not be
	// updated ever, it is a snapshot", "I don't want X, but Y"), "Instead
	// of Y, let's X" cut to its course, "why not X, so that Y", and no
	// decision from an answer that hands the choice back ("You decide")
	// or asks about the questioning ("Next area"), measured before batch
	// 10 on 104 sessions: 0.81 / 0.44 (half A 0.84 / 0.59 → 0.90 / 0.66,
	// half B 0.86 / 0.28 unchanged; batch 7 0.70 / 0.25 → 1.00 / 0.36;
	// held-out batch 9 0.00 / 0.00 unchanged); with batch 10, 0.81 / 0.43.
	// Then batch 11 added 12 dev sessions nobody had tuned on (Cursor
	// chats saved by SpecStory from five repositories of one steward:
	// Python CLIs and shell scripts): 122 sessions, title 0.90;
	// decisions 0.80 / 0.42; tasks 0.80 / 0.62; technologies 0.89 /
	// 0.62; topics 0.61 / 0.51. The floors they took the figures under
	// (title, tasks recall, technologies recall) are set 0.02 below them.
	// Then topics without the lines an exporter writes for each tool call
	// (SpecStory's "Tool use: **read_file**") and with Chinese words
	// as the runs a session's messages repeat, not whole clauses: 0.62 /
	// 0.52 (half A 0.62 / 0.54 → 0.65 / 0.57, half B 0.54 / 0.47 → 0.59 /
	// 0.50; held-out batch 11 0.56 / 0.41 → 0.59 / 0.43); the topics floor
	// is raised to 0.02 below it.
	// Then tasks without a line that only attaches files, "start over" or
	// "make sure …" after a message's first request, and technologies
	// from SpecStory's "- command:" input lines and Windows programs run
	// with "&": tasks 0.80 / 0.62, technologies 0.89 / 0.63; the tasks
	// and technologies floors are raised to 0.01 below them.
	// Then decisions from an answer pointing at an either-or question, an
	// offered option carried out without a pick, and no quoted pull
	// request titles: 0.82 / 0.44 (half A 0.84 / 0.62 → 0.86 / 0.65, half
	// B 0.75 / 0.20 unchanged); the decisions floor is raised to 0.02
	// below it.
	// Then titles from Chinese text weighed by its pairs of characters,
	// without a clause that gives the assistant a role ("You are an
	// expert on…"), a conventional commit's type, an issue number or an
	// editor's file mention: title 0.93 (half A 52/55 → 54/55, half B
	// 50/55 → 51/55; batch 9 0.71 → 0.82, batch 10 0.83 → 1.00).
	// Then the topic scorer made fair: a single produced word matches a
	// longer label only as its head ("shadow" is not "shadow branch",
	// "local" not "local settings"): topics 0.62 / 0.52 → 0.48 / 0.41
	// (half A 0.65 / 0.55 → 0.51 / 0.44, half B 0.59 / 0.49 → 0.46 /
	// 0.38; batch 11 0.59 / 0.43 → 0.46 / 0.34) with the same topics
	// produced; the topics floor is set 0.02 below it.
	// Then held-out batch 12 added 7 dev sessions nobody had tuned on
	// (Claude Code transcripts and console sessions in English and
	// Chinese, CodeRhapsody conversations): 129 sessions, tasks 0.78 /
	// 0.64; the tasks floor it took the figure under is set 0.02 below it.
	// Then topics in a short session scored for the repeats of a term
	// within a message (a chat of a few long answers): topics 0.49 /
	// 0.41 → 0.51 / 0.44 (half A 0.51 / 0.44 → 0.54 / 0.47, half B 0.46 /
	// 0.38 → 0.47 / 0.40; batch 11 0.46 / 0.34 → 0.49 / 0.38, held-out
	// batch 12 0.59 / 0.48 → 0.62 / 0.58); the topics floor is raised to
	// 0.02 below it.
	// Then decisions from a course the assistant says something needs
	// instead of what it has, with a reason, then carries out, and from a
	// course the steward puts as a question that the assistant concedes
	// and carries out: 0.81 / 0.42 → 0.82 / 0.43 (half A 0.85 / 0.67 →
	// 0.85 / 0.68, half B 0.75 / 0.19 → 0.76 / 0.21; batch 11 0.00 / 0.00
	// → 0.50 / 0.33; held-out batch 12 0.50 / 0.10 unchanged).
	// Then topics without a discourse noun alone
	// ("suggestions", "the implementation"): 0.52 / 0.45 (half A 0.54 /
	// 0.47 → 0.54 / 0.47, half B 0.47 / 0.40 → 0.48 / 0.40; batch 11
	// 0.49 / 0.38 → 0.51 / 0.39; held-out batch 12 unchanged, 0.62 /
	// 0.58); the topics floor is raised to 0.02 below it.
	// Then the todo tools of Cursor and Copilot, steps of a sequenced
	// request, the steward's words above a pasted log and Chinese requests
	// read as tasks: 0.79 / 0.61 → 0.79 / 0.65; technologies from diffs an
	// export kept without their edit line, manifests written, JSX and
	// Next.js route files edited: 0.89 / 0.62 → 0.90 / 0.67 (held-out
	// batch 12 unchanged: tasks 0.53 / 0.45, technologies 0.75 / 0.33). The
	// tasks and technologies floors are raised to 0.02 below them.
	// Then its third step added 1 dev session (a Claude Code session
	// from Entire's condensed transcript): 130 sessions, title 0.915
	// (119 of 130); the title floor it took the figure under is set
	// 0.02 below it.
	// Then titles from the assistant's restatement of the request it
	// takes on ("I'll help you create a rule for …"): title 0.94, 113 →
	// 115 of 122 (half B 54/61 → 55/61, half A 59/61 → 60/61; released
	// batch 11 8/12 → 10/12).
	// Then titles of an error pasted in a code fence after a line ending
	// in a colon (an editor's "fix this error" prompt) by the answer's
	// diagnosis: title 0.95, 123 of 130 (half B 55/61 → 56/61, half A
	// 60/61 unchanged; batch 11 10/12 → 11/12; held-out batch 12 7/8
	// unchanged); the title floor is raised to 0.02 below it.
	// Then titles in Russian (a why-question closed by a full stop) and
	// a namespaced command's heading kept over the restatement ("Security
	// review: …"): title 0.96, 125 of 130 (half B 59/65 → 61/65); the
	// title floor is raised to 0.02 below it.
	// Then decisions from an approved plan's Approach paragraph read a
	// sentence at a time, choices the steward's request sets against the
	// course it turns down ("I don't want X. I want Y.", "don't X, just
	// Y", "do not X, we don't want to lose …"), Chinese requests that keep,
	// change to or adopt a course, and "I'm leaning to X" / "I'd rather X
	// than Y": 0.81 / 0.43 → 0.83 / 0.51 (half A 0.85 / 0.63 → 0.87 /
	// 0.67, half B 0.68 / 0.20 → 0.75 / 0.31; released batch 12 0.33 /
	// 0.10 → 0.50 / 0.20); the decisions floor is raised to 0.02 below it.
	// Then a program the session runs in code spans weighs as a term
	// even when it is a common word ("`entire status`"), and "and" before
	// a verb ends a clause: title 0.97, 126 of 130 (half B 62/65;
	// released batch 12 7/8 → 8/8); the floor is raised to 0.02 below it.
	// Then held-out batch 13 added 5 dev sessions nobody had tuned on
	// (Cursor chats saved by SpecStory from twardoch/twat-cache): 135
	// sessions, decisions 0.83 / 0.51 → 0.82 / 0.48 (batch 13: 0/1,
	// 0 of 6 found), technologies 0.90 / 0.66 → 0.89 / 0.65 (batch 13:
	// 3 of 11 found); the floors they took the figures under are set
	// 0.02 below them, no rule changed.
	// Then decisions from a steward's correction ("no, I only wanted you
	// to X, not Y", "no, put it in X") and an approved plan's rules in
	// capitals ("Every entity MUST have …"): 0.82 / 0.48 → 0.82 / 0.50
	// (half B 0.75 / 0.31 → 0.77 / 0.35; held-out batch 13 unchanged at
	// 0/1, 0 of 6 found); the decisions recall floor is raised to 0.02
	// below it.
	// Then batch 13's second step added 6 more held-out dev sessions
	// (twardoch/twat-mp and twardoch/twat-image's Cursor chats): 141
	// sessions, title 0.96 → 0.93 (batch 13: 5 of 11); the title floor
	// it took the figure under is set 0.02 below it, no rule changed.
	// Then technologies from calls a transcript kept as text shows
	// further: tool calls written as JSON under "**Tool Call**:", a long
	// turn read to 64 KB, other consoles' lower-case shell tools and
	// SpecStory's command in a code span: 0.89 / 0.65 → 0.90 / 0.67
	// (half B 0.85 / 0.57 → 0.85 / 0.61, batch 12 0.80 / 0.31 → 0.83 /
	// 0.77; held-out batch 13 unchanged); the recall floor is raised to
	// 0.02 below it.
	// Then the scorer takes a file name with or without its extension as
	// the same term ("vidrenmatch.py" names "vidrenmatch"): title 0.93 →
	// 0.94 (batch 13: 5 → 6 of 11); the title floor is raised to 0.02
	// below it.
	// Then held-out batch 14 added 7 dev sessions nobody had tuned on
	// (Gemini CLI chats in English, Spanish and Chinese, Cursor chats of
	// three more of one steward's repositories): 148 sessions, decisions
	// 0.82 / 0.49 → 0.82 / 0.48 (64 of 134 found; batch 14: 0 of 5); the
	// decisions recall floor is lowered to 0.47 for them, no rule changed.
	// Then titles of an editor's @-mention as the file's name, of a
	// pasted linter report by the answer's restatement, and past a
	// request that only points at the work ("read …", "run … to see"):
	// title 0.94 → 0.95 on 141 sessions (batch 13: 6 → 7 of 11), then
	// with held-out batch 14 (150 sessions) 0.927 → 0.933 (batch 13: 7 →
	// 8 of 11; batch 14: 5 of 9 either way); the title floor is set 0.02
	// below it. Then titles of a request that points back at what the
	// sentence before had the assistant read ("Read TODO.md from 2.1.4
	// onwards. Rewrite that section") with it named: 140 → 141 of 150
	// (batch 13: 8 → 9 of 11; batch 14 unchanged); the floor is raised
	// to 0.02 below it.
	// Then technologies from SpecStory's records of Cursor and Copilot
	// (a command answered by its terminal output, a call's "Parameters:"
	// JSON), commands the steward writes out, pasted pre-commit reports,
	// Markdown documents an answer writes and pyproject.toml's tool
	// tables, and tasks from a series of comma-separated verbs:
	// technologies 0.90 / 0.65 → 0.90 / 0.73 on 150 sessions (batch 13:
	// 0.91 / 0.42 → 0.95 / 0.88; held-out batch 14: 0.75 / 0.19 → 0.83 /
	// 0.31), tasks 0.80 / 0.63 → 0.80 / 0.65 (batch 13: 0.85 / 0.46 →
	// 0.86 / 0.62; batch 14 unchanged); the technologies recall floor is
	// raised to 0.02 below it.
	// Then topics (150 sessions, batch 14 held out): a word written mostly
	// before the noun it qualifies, or in capitals before one, gives way
	// to the phrase ("shadow branch", "PR feedback", "MIT license"); a
	// numbered noun is a phrase ("phase 4.1"); short Chinese clauses,
	// predicates ("stale") and a term's second form are no topics; edited
	// documents and configuration files count: topics 0.51 / 0.43 → 0.53
	// / 0.44 (half A 0.55 / 0.45 → 0.56 / 0.47, B 0.49 / 0.43 → 0.52 /
	// 0.44; batch 13 0.55 / 0.38 → 0.53 / 0.36; held-out batch 14 0.29 /
	// 0.28 → 0.29 / 0.28); the topics precision floor is raised to 0.02
	// below it.
	// Then held-out batch 15 added 10 dev sessions (Claude Code checkpoint
	// transcripts from four new repositories, two in Korean): 160
	// sessions, title 0.94 → 0.919 (147 of 160); the title floor it took
	// the figure under is set 0.02 below it, no rule changed.
	// Then titles without an editor's attached file (<context ref=…>) or
	// output wrapped in a tag (<logs>), with a file mention a Korean or
	// Japanese particle follows as a noun, a pasted log's error read where
	// the paste stands, and a purpose clause ("para que", "so that")
	// weighing less than the request it follows: 150 → 155 of 160 (batch
	// 15: 6 → 10 of 10); with held-out batch 16's first 7 sessions, 160 of
	// 167 (0.958); the title floor is raised to 0.02 below it.
	// Then decisions from approved plans' headings and rules, answers to a
	// question tool's options and a steward's revert (0.85 / 0.55 → 0.86 /
	// 0.62), and tasks from plan titles and steps, Korean, Russian and
	// Chinese requests and pasted errors (0.81 / 0.62 → 0.82 / 0.68), on
	// 167 sessions; the two recall floors are raised to 0.02 below them.
	// Then decisions the assistant makes and carries out (an option it
	// picks from its own list, a fallback it builds in, a value changed
	// with its reason, a course conceded to the steward's question), lines
	// a console wrapped read as one sentence: 0.86 / 0.62 → 0.86 / 0.64
	// (batch 16: 0/3 → 1/3). Then a part of the assistant's offer the
	// steward turns down ("I don't need the hover effects") and a thing
	// kept for backward compatibility: 0.86 / 0.64 → 0.87 / 0.66.
	// Then the topic scorer reads a one-word file name as its name ("todo"
	// is TODO.md) and a clipped word in full ("repo", "docs"), as labels
	// spelt out in alternatives: topics 0.555 / 0.474 → 0.574 / 0.483, the
	// same topics produced.
	// Then held-out batch 18's second step added 4 dev sessions (Cursor
	// chats from a new repository) with 10 decision labels, 1 of them
	// found: 183 sessions, decisions recall 0.62 → 0.59 (99 of 168); the
	// decisions recall floor it took the figure under is set 0.02 below
	// it, no rule changed.
	// Then topics with the code symbols the steward asks about in their
	// own words ("isDefault", "ModuleNotFoundError", at most three in a
	// message): batches 1-17 0.574 / 0.483 → 0.579 / 0.487 (half A 0.577
	// / 0.489 → 0.582 / 0.495, half B 0.570 / 0.477 → 0.576 / 0.480;
	// held-out batch 18 unchanged, 0.40 / 0.32).
	// Then held-out batch 19 added 10 dev sessions (Aider sessions, VS
	// Code chat exports and a steward's Claude Code transcript from three
	// new repositories) with 9 decision labels, 1 of them found: 193
	// sessions, decisions recall 0.59 → 0.56 (100 of 177); the decisions
	// recall floor it took the figure under is set 0.02 below it, no rule
	// changed.
	// Then decisions from the means a steward's request names for the work
	// ("create the server using Qdrant and mem0"), when the session uses
	// them: 0.91 / 0.56 → 0.91 / 0.57 (103 → 105 of 183 found, 116 → 118
	// made); the recall floor raised to 0.02 below it.
	// Then technologies from SpecStory's Cursor records (a command's
	// output fence in a message that records the agent's calls, a
	// citation of a project file's lines) and no steward's naming in a
	// list of values in code spans: 0.90 / 0.78 → 0.91 / 0.79 (released
	// batch 20 0.56 / 0.47 → 0.88 / 0.74); the technologies floors are
	// raised to 0.02 below them.
	// Then tasks from the numbered list the assistant introduces as what
	// it is about to do ("I need to: 1. Remove … 2. …"): tasks 0.84 /
	// 0.69 → 0.84 / 0.71 (found 469 → 479); the tasks recall floor is
	// raised to 0.02 below it.
	// Then held-out batch 21's first step added 5 dev sessions (Claude Code
	// sessions of two new stewards, kept as Markdown transcripts) with 22
	// decision, 54 task and 25 technology labels, of which 2, 16 and 2
	// were found: 206 sessions, decisions recall 0.57 → 0.52 (106 of
	// 205), tasks recall 0.71 → 0.68 (495 of 729), technologies recall
	// 0.79 → 0.76 (377 of 498); the recall floors they took the figures
	// under are set 0.02 below them, no rule changed.
	// Then tasks from the answer's opening that takes on a message asking
	// in no form the request rules read ("I'll convert the fd commands …
	// to use find instead"): 0.84 / 0.68 → 0.84 / 0.69 (206 sessions,
	// found 495 → 500; held-out batch 21 unchanged); the tasks recall
	// floor is raised to 0.02 below it.
	// Then topics from the phrase a generic head names ("phase test") and
	// without the talk about the work alone (context, requirements,
	// updates): 0.61 / 0.49 → 0.62 / 0.50 (206 sessions; held-out batch 21
	// unchanged); the topics floors, far under, are raised to 0.58 / 0.46,
	// room left for held-out batch 21's later steps (0.52 / 0.33 now).
	// Then held-out batch 21's second step added 2 dev sessions (Claude
	// Code logs of a third new steward): 208 sessions, title 0.93,
	// decisions 0.90 / 0.51, tasks 0.84 / 0.69, technologies 0.91 / 0.76,
	// topics 0.62 / 0.50; no floor crossed, no rule changed.
	// Then held-out batch 22's first step added 3 dev sessions (Aider
	// sessions in Chinese of a new steward): 211 sessions, title 0.93 →
	// 0.92, decisions 0.90 / 0.51 → 0.88 / 0.50, tasks 0.84 / 0.69,
	// technologies 0.91 / 0.76 → 0.91 / 0.75, topics 0.62 / 0.50; the
	// title floor they took the figure under is set 0.02 below it, no
	// rule changed.
	// Then technologies from a Markdown export's bracketed notes of the
	// calls ("**[Bash: …]**" over the command's fence, "**[Write: f]**",
	// "**[Ran dbus-send …]**", the files beside "_[tools: Bash]_") and the
	// Linux desktop's packaging and bus programs: 0.91 / 0.75 → 0.91 /
	// 0.77 (211 sessions, found 385 → 394 of 510; released batch 21 5 → 14
	// of 29; half A 0.81 → 0.82, B 0.71 → 0.73; held-out batch 22
	// unchanged); the technologies recall floor is raised to 0.02 below it.
	// Then held-out batch 22's second step added 3 dev sessions (OpenCode
	// sessions of a second new steward): 214 sessions, title 0.92,
	// decisions 0.88 / 0.50 → 0.88 / 0.49 (107 of 219, just under its
	// floor), tasks 0.84 / 0.69, technologies 0.91 / 0.77 → 0.91 / 0.76,
	// topics 0.62 / 0.50; the decisions recall floor is set 0.02 below
	// it, no rule changed.
	// Then technologies from the files Claude Code's summary of the
	// conversation before names, and the Linux desktop's names (Wayland,
	// GNOME, GTK, COSMIC, …) and Rust's GUI toolkits in the dictionary:
	// 0.91 / 0.76 → 0.91 / 0.77 (214 sessions, found 398 → 402 of 521;
	// released batch 21 14 → 17 of 29; half A 205 → 206, B 185 → 188 of
	// 252; held-out batch 22 unchanged); the technologies floors stay, 0.02
	// below.
	// Then titles past prompts that name no subject (a bare slash command,
	// "where we left off") and from a restatement read past its
	// acknowledgement ("Certainly! I'll add …"), the steward's own request
	// kept over it: 0.921 → 0.930 (197 → 199 of 214; half A 96/104
	// unchanged, B 98 → 100/104; released batch 21 3 → 4 of 7; held-out
	// batch 22 3 of 6 unchanged); the title floor is raised to 0.02 below.
	// Then titles from the error a log pasted in a code fence reports
	// (199 → 200 of 214, half B 100 → 101), and from the answer's account
	// of where the work stands when the prompt only asks to go on where it
	// left off: 0.935 → 0.939 (200 → 201 of 214; half A 96 → 97/104, B
	// 101/104; released batch 21 4 → 5 of 7; held-out batch 22 3 of 6
	// unchanged); the title floor is raised to 0.02 below it.
	// Then technologies from what SEARCH/REPLACE blocks import (aider),
	// from the files an OpenCode export's "⏺ apply_patch(…)" lines edit
	// (.proto files are Protocol Buffers), from Latin names written into
	// Chinese or Japanese text without spaces ("给github的仓库"), and coding
	// agents, product analytics and Elysia in the dictionary: 0.91 / 0.77
	// → 0.91 / 0.79 (218 sessions, found 410 → 418 of 530; half A 211 →
	// 217/260, B 193 → 195/261; released batches 19 15 → 17 of 22, 22 8 →
	// 14 of 19; held-out batch 23 6 of 9 unchanged); the technologies
	// recall floor is raised to 0.02 below it.
	// Then cloud CLIs' sub-commands as their services ("aws stepfunctions",
	// "gcloud run") and deployment CLIs (serverless, sam, cdk, pulumi, …):
	// 0.91 / 0.79 unchanged (found 418 → 420 of 530; half A 217/260
	// unchanged, B 195 → 197/261; released batch 17 14 → 16 of 25; held-out
	// batch 23 6 of 9 unchanged); the floors stay.
	// Then no technology from the files an agent keeps for itself outside
	// the project (~/.cursor/plans, ~/.claude/plans and todos, Copilot
	// CLI's session state): 0.91 / 0.79 unchanged (made 463 → 462, the
	// one dropped an extra; half A 217/234 unchanged, B 198/222 →
	// 198/221; held-out batch 23 6 of 7 made unchanged); the floors stay.
	// Then held-out batch 24's second step added 2 dev sessions (IBM Bob
	// tasks of a second new steward; with the first step's 3, 223
	// sessions): decisions recall 0.47 → 0.46 (107 of 226 → 233 found: the
	// 7 decisions labelled in the new sessions, none found); the decisions
	// recall floor is set 0.02 below it, no rule changed.
	// Then tasks from requests in traditional Chinese ("請…", "幫我…"),
	// from "有哪些" questions without a mark and from Korean plain
	// imperatives ("분석하라") and question endings ("어떠한가"); a request
	// in CJK text is the same as a known one only when its CJK words are
	// too; no task from an editor's "/add" of bare file names ("/add
	// LICENSE"): 0.84 / 0.67 → 0.85 / 0.69 (223 sessions, made 667 → 675,
	// found 546 → 560 of 810; half A 314/371 → 319/371, B 236/287 →
	// 245/295; released batches 22 27/38 → 25/29, 23 1/5 → 17/22 made,
	// 1 → 15 of 21 found; held-out batch 24 1.00 / 0.76 and test totals
	// 0.74 / 0.59 unchanged); the tasks precision floor is raised to 0.02
	// below it.
	// Then technologies from the code files a steward names (not a
	// listing, an installed package's or a build's), from a language an
	// answer names two files of and writes a fence in, and Markdown from a
	// document the steward asks to have written or changed (not one
	// attached with "@"): 0.91 / 0.79 → 0.91 / 0.80 (made 467 → 476, found
	// 427 → 434 of 543; half A 218/235 → 222/239, found 218 → 222 of 261,
	// B 203/227 → 206/230, found 202 → 205 of 269; released batch 20 14 →
	// 15 of 19; held-out batch 24 1.00 / 0.54 unchanged); the technologies
	// recall floor is raised to 0.02 below it.
	"dev": {
		"title":        {0.92, 0},
		"decisions":    {0.80, 0.44},
		"tasks":        {0.83, 0.67},
		"technologies": {0.89, 0.78},
		"topics":       {0.58, 0.46},
	},
	// Measured 2026-11-25 on 23 test sessions: title 0.43; decisions none
	// produced (0 of 28 found); tasks 0.56 / 0.10; technologies
	// 0.61 / 0.46; topics 0.57 / 0.49. Then decisions 0.73 / 0.29. Then
	// technologies 0.86 / 0.75 (tasks then 0.83 / 0.62). Then titles 0.52;
	// topics 0.66 / 0.53, then 0.70 / 0.54. Titles named by their topics
	// when no prompt names a subject: 0.57. Then tasks 0.85 / 0.67. Then
	// batch 4 added 10 test sessions: 33 sessions, title 0.52; decisions
	// 0.73 / 0.24; tasks 0.79 / 0.70; technologies 0.85 / 0.65; topics
	// 0.65 / 0.51. Then decisions 0.89 / 0.24. Then batch 5 added 7 test
	// sessions: 40 sessions, title 0.57; decisions 0.80 / 0.21; tasks
	// 0.72 / 0.73; technologies 0.85 / 0.60; topics 0.64 / 0.51. Then
	// titles 0.68. Then batch 6 added 4 test sessions: 44 sessions,
	// title 0.68; decisions 0.70 / 0.21; tasks 0.63 / 0.74; technologies
	// 0.71 / 0.55; topics 0.61 / 0.50. Then tasks 0.63 / 0.72, then
	// 0.66 / 0.70. Then technologies 0.74 / 0.62, then 0.75 / 0.68.
	// Then tasks 0.69 / 0.67: recall traded for precision, still above
	// its target. Then technologies 0.76 / 0.69.
	// Then decisions 0.67 / 0.23. Then title 0.70; topics 0.63 / 0.51.
	// Then topics 0.62 / 0.49, then 0.61 / 0.54.
	// Then batch 7 added 9 test sessions: 53 sessions, title 0.70;
	// decisions 0.68 / 0.22; tasks 0.76 / 0.64; technologies 0.76 / 0.66;
	// topics 0.60 / 0.53. Then batch 8 added 4 test sessions: 57
	// sessions, title 0.70; decisions 0.68 / 0.22; tasks 0.77 / 0.62;
	// technologies 0.77 / 0.66; topics 0.60 / 0.53. Then topics
	// 0.63 / 0.55. Then technologies without those the steward asks
	// about, weighs against another or does without: 0.79 / 0.66; tasks
	// as whole phrases (a code span naming something kept, a colon's
	// object kept): 0.79 / 0.64. Then topics 0.64 / 0.56.
	// Then batch 9 added 6 test sessions: 63 sessions, title 0.68;
	// decisions 0.63 / 0.20; tasks 0.78 / 0.67; technologies 0.80 / 0.63;
	// topics 0.64 / 0.56. The floors the new sessions took the figures
	// under are set 0.02 below them.
	// Then batch 10 added 3 test sessions: 66 sessions, title 0.67;
	// decisions 0.64 / 0.20; tasks 0.78 / 0.65; technologies 0.80 / 0.63;
	// topics 0.62 / 0.53. The floors they took the figures under (title,
	// topics) are set 0.02 below them. Then the decisions floors are
	// raised to 0.02 below the figures the decision rules reach.
	// Then batch 11 added 9 test sessions: 75 sessions, title 0.67;
	// decisions 0.64 / 0.19; tasks 0.78 / 0.63; technologies 0.81 /
	// 0.59; topics 0.63 / 0.53. The floors they took the figures under
	// (tasks, technologies recall) are set 0.02 below them.
	// Then topics 0.64 / 0.54; its floor is raised to 0.02 below it.
	// Then the topic scorer made fair (a single word matches a longer
	// label only as its head): topics 0.45 / 0.39, the same topics
	// produced; its floor is set 0.02 below it.
	// Then batch 12 added 3 test sessions: 78 sessions, decisions 0.64 /
	// 0.18 (14 of 78 found); the decisions recall floor it took the
	// figure under is set 0.02 below it.
	// Then topics scored for their repeats within a message in a short
	// session: 0.46 / 0.41; its floor is raised to 0.02 below it.
	// Then topics without a discourse noun alone: 0.45 / 0.41.
	// Then the same task and technology rules as on dev: tasks 0.78 / 0.61
	// → 0.78 / 0.64, technologies 0.81 / 0.59 → 0.82 / 0.62; their floors
	// are raised to 0.02 below them.
	// Then titles without the asking that opens a Chinese request
	// ("我想知道", "请你"): title 0.68 → 0.70; its floor is raised to 0.02
	// below it.
	// Then held-out batch 13 added 4 test sessions (twardoch/twat-cache's
	// Cursor chats): 83 sessions, tasks 0.77 / 0.62 → 0.76 / 0.60,
	// technologies 0.82 / 0.61 → 0.82 / 0.58; the recall floors they took
	// the figures under are set 0.02 below them, no rule changed.
	// Then batch 13's second step added 4 more test sessions: 87
	// sessions, topics 0.46 / 0.40 → 0.45 / 0.39 (recall under 0.39); the
	// topics recall floor is set 0.02 below it, no rule changed.
	// Then the decision rules of dev's request choices, corrections and
	// plan rules, and no routine step as a decision without another
	// course: decisions 0.66 / 0.17 → 0.67 / 0.17; the decisions
	// precision floor is raised to 0.02 below it.
	// Then the scorer takes a file name with or without its extension as
	// the same term: title 0.70 → 0.74; its floor is raised to 0.02 below
	// it. Then the same title rules as on dev (editor's mentions, pasted
	// linter reports, pointing requests): 0.74 → 0.76 (91 sessions with
	// batch 14's first step); its floor is raised to 0.02 below it.
	// Then the same technologies and tasks rules as on dev (SpecStory's
	// records, the steward's commands, series of verbs): technologies
	// 0.83 / 0.57 → 0.82 / 0.64, tasks 0.77 / 0.59 → 0.77 / 0.60; the
	// technologies recall floor is raised to 0.02 below it.
	// Then the same topic rules as on dev: topics 0.44 / 0.39 → 0.47 /
	// 0.42; the topics floors are raised to 0.02 below them.
	// Then held-out batch 15 added 5 test sessions (Claude Code checkpoint
	// transcripts from three new repositories, two in Korean): 96
	// sessions, title 0.745 → 0.740 (71 of 96); the title floor it took
	// the figure under is set 0.02 below it, no rule changed.
	// Then the same title rules as on dev (attached files, wrapped output,
	// mentions before a particle, a log's error where pasted, purpose
	// clauses): 0.74 → 0.76 on 98 sessions, 0.767 on 103 with batch 16's
	// first step; the title floor is raised to 0.02 below it.
	// Then held-out batch 17 added 5 test sessions (chats saved by
	// SpecStory from four new repositories, two in Chinese): 108 sessions,
	// decisions 0.66 / 0.17 → 0.65 / 0.15 (22 of 34 right, 18 of 119
	// found); the decisions floors it took the figures under are set 0.02
	// below them, no rule changed.
	// Then the topic scorer reads a one-word file name as its name and a
	// clipped word in full (as on dev): topics 0.48 / 0.42 → 0.52 / 0.45,
	// the same topics produced, no rule changed.
	// Then held-out batch 18 added 4 test sessions (Cursor chats saved by
	// SpecStory from a new repository, prompts in Polish): 113 sessions,
	// tasks precision 0.77 → 0.73 (247 of 340 right), technologies recall
	// 0.63 → 0.61 (174 of 284 found); the floors they took the figures
	// under are set 0.02 below them, no rule changed.
	// Then the same topic rule as on dev (the code symbols the steward
	// asks about): topics 0.51 / 0.43 → 0.52 / 0.43.
	// Then held-out batch 19's first step added 3 test sessions (Aider
	// sessions of a new repository): 118 sessions, title 0.77 → 0.76,
	// decisions 0.68 / 0.17 → 0.68 / 0.16, tasks 0.73 / 0.60 → 0.74 /
	// 0.60, technologies 0.82 / 0.65 → 0.83 / 0.65, topics 0.52 / 0.43 →
	// 0.53 / 0.44; no floor crossed, no rule changed. Its second step
	// added 2 more (VS Code Copilot chat exports from another new
	// repository): 120 sessions, title 0.77, decisions 0.68 / 0.16, tasks
	// 0.74 / 0.60, technologies 0.83 / 0.64, topics 0.53 / 0.45; no floor
	// crossed, no rule changed. Its third step added 1 more (a steward's
	// Markdown transcript of Claude Code sessions from a third new
	// repository): 121 sessions, the same figures; no floor crossed.
	// Then held-out batch 20's first step added 4 test sessions (Cursor
	// chats from two more of one steward's repositories): 125 sessions,
	// title 0.76, decisions 0.77 / 0.15, tasks 0.73 / 0.60, technologies
	// 0.83 / 0.66, topics 0.55 / 0.45; no floor crossed, no rule changed.
	// Its second step added 2 more (Cursor chats from a third repository of
	// that steward): 127 sessions, the same figures; no floor crossed.
	// Its third step added 1 more (a Cursor chat of a second new
	// steward): 128 sessions, title 0.77, the rest the same; no floor
	// crossed.
	// Then held-out batch 21's first step added 4 test sessions (Claude
	// Code sessions of two new stewards): 132 sessions, title 0.77,
	// decisions 0.76 / 0.13, tasks 0.73 / 0.59, technologies 0.83 / 0.64,
	// topics 0.55 / 0.46; no floor crossed, no rule changed.
	// Its second step added 2 more (Claude Code logs of a third new
	// steward): 134 sessions, title 0.76, decisions 0.76 / 0.13, tasks
	// 0.73 / 0.60, technologies 0.83 / 0.64, topics 0.55 / 0.46; no floor
	// crossed, no rule changed.
	// Then held-out batch 22's first step added 2 test sessions (Aider
	// sessions in Chinese of a new steward): 136 sessions, title 0.76,
	// decisions 0.76 / 0.13 (just under the 0.13 floor), tasks 0.73 / 0.60
	// → 0.74 / 0.61, technologies 0.83 / 0.64, topics 0.55 / 0.46 → 0.55 /
	// 0.47; the decisions recall floor is set 0.02 below it, no rule
	// changed. Its second step added 2 more (OpenCode sessions of a second
	// new steward): 138 sessions, title 0.76, decisions 0.76 / 0.13, tasks
	// 0.74 / 0.61 → 0.74 / 0.60, technologies 0.83 / 0.64, topics 0.55 /
	// 0.47 → 0.56 / 0.47; no floor crossed, no rule changed.
	// Then held-out batch 24's first step added 2 test sessions (Cline
	// tasks exported to Markdown by a new steward): 140 → 142 sessions,
	// title 0.76, decisions 0.76 / 0.13 → 0.76 / 0.12, tasks 0.74 / 0.59,
	// technologies 0.84 / 0.64, topics 0.55 / 0.47 → 0.56 / 0.47; no floor
	// crossed, no rule changed. Its second step added 1 more (an IBM Bob
	// task of a second new steward): 143 sessions, the same figures; no
	// floor crossed.
	// Then technologies with the code files a steward names and the
	// languages answers name two files of and write code in: 0.84 / 0.64
	// → 0.84 / 0.65; the technologies recall floor is raised to 0.02 below.
	// Then Markdown from a document the steward asks to have written or
	// changed: 0.84 / 0.65 → 0.84 / 0.66; the floor is raised likewise.
	"test": {
		"title":        {0.74, 0},
		"decisions":    {0.63, 0.11},
		"tasks":        {0.71, 0.58},
		"technologies": {0.80, 0.64},
		"topics":       {0.45, 0.40},
	},
}

// realsetTestLabelsSHA256 freezes the test split's labels, file by file
// (each batch of sessions adds its own file, frozen when it is added): any
// change to them fails TestRealSetFrozen, so it is visible in review.
var realsetTestLabelsSHA256 = map[string]string{
	"labels-test.json":      "bf2b5154535219ca516070a9bfd86a0f87f1229aad2c8fc6c9ec452e7013fef0",
	"labels-test-2.json":    "386f261c6533a0ba9e8e0842b720a2aba35530744e98460f03021bfc323a4191",
	"labels-test-3.json":    "55f07953370465918d5f9574285b63cb958c8b5b7d98d018ee7e0c050d3dbedf",
	"labels-test-4.json":    "1db05d1738fc07cc2a4cf954a8648eabba8a07ceb2cacb0d3f8ca800e66176bb",
	"labels-test-5.json":    "1b380ceb2a8ab646bde8a79629b1bedce71abaaffcfbfca17bdc8d5a5bff0e9b",
	"labels-test-6.json":    "4f66cbcef5eaad2778050a6f83819ad7e88dc0c713633ada9653f56cc9820e25",
	"labels-test-7.json":    "5d0627c1619e2d771882058e317c5df2db5826139ca1d5bf362da455be52906f",
	"labels-test-8.json":    "8819b7a75e73fbf35e380e8a8803c331e5bdbdbf02048ca5a2d77585ac788718",
	"labels-test-9.json":    "49179124a5e6c341e5ebf820689698740850439009269c1751d574160d49b363",
	"labels-test-10.json":   "09629d130ba612f407c196bab8278676a1cbd5742d86d1d5871ea7ad2a1572fb",
	"labels-test-11.json":   "6f11a1dbf1de3a8a28e90fa490fac0b45665e4a07ae6ff2b8b04c0cf54a6555e",
	"labels-test-12.json":   "81c908385abea0e4054507541b7604c7e471d36ef9b6796b12d02f717010877a",
	"labels-test-12-2.json": "bc5b276b96305949aeadaad186e515d5af90c36e756cce310edd928e0248819a",
	"labels-test-12-3.json": "62190781678f78ed15d7cf8c554cba939d436f89950d9fa0a8e03b407d12b685",
	"labels-test-13.json":   "a3aabdb492249b4af29841d077034348ae36fcc44a44cd0c687de217c64fbdf7",
	"labels-test-13-2.json": "88fa713e4fb96093232a35152db872b6ad1e1b601643068036893ee0c484f367",
	"labels-test-14.json":   "041b46d3e989ed40e134990b6071156c2224ffd5e1e253beac9c66a25cf9b9bb",
	"labels-test-15.json":   "8c0d7fc4aeb85dc6de307a6d56a5ae05351548212d0e89851a526b524d8a468c",
	"labels-test-15-2.json": "a308dbf0a6c50960f5203ad4228e21ea23d8c4760697516879f8ba00d2b42c77",
	"labels-test-15-3.json": "ace850e3a43ce24c83c6937bf506e20a08f85c854dd511db8eea001524444564",
	"labels-test-16.json":   "b494c408c29553986f05462d6a42ea3427bfacabbf025964d976a311440fde4c",
	"labels-test-16-2.json": "0031cf87262fe35079c209edcccc8d55140ea9e50060480914ad12e4f69209e0",
	"labels-test-17.json":   "4b98c1090b8a2b7544c148f9a6d5b05b8ae4f5f778ccdf65218325a4cd74c9d7",
	"labels-test-17-2.json": "ba048ad1c8f45faff7f040ea36bec391b19ad68cc5974e603660b40d9a242035",
	"labels-test-17-3.json": "93aa75b45c2a0ede2eb4b28bc437a578d59c4992043577c7d96a49a05b28c6dc",
	"labels-test-18.json":   "499530f848c2ef1672e87268ecc4e1b06e8c982fc1b598d4f4f6a26cd5ca929a",
	"labels-test-18-2.json": "60144394af83d21a4ffb859a39c2083b3c831bf6bccadfb01390ecf72367f867",
	"labels-test-19.json":   "25104a351d2731d1ed785aab83581478d3ebe413d1849a6484053e8035afb2bb",
	"labels-test-19-2.json": "7dd0cbb49345990e92148e013464f20c2c432c346187750945409230d6cdf700",
	"labels-test-19-3.json": "b4b31d9922ba89f9582bd01cbbafd63a9ebdcca67565258f82db6f8779961c69",
	"labels-test-20.json":   "7868444d55005154390c45897b3810e384d014e2119617df2480a00f3f09a76a",
	"labels-test-20-2.json": "711575600024af39f3adfa49bf3f507c07923ef24d80cf4bbf94744eed0c43b5",
	"labels-test-20-3.json": "248e139c7b62f4e175bfdb0c12a161b51f7c2dd948d7db70ebc6aec0704bef27",
	"labels-test-21.json":   "80396328662973a8a891fe0fcaf29b25a392bc43068be6862432f56265605b80",
	"labels-test-21-2.json": "ef491c70f9920a16b86e44d451696f83ca7b0ed40464b9347d9fc8bbc1f086ad",
	"labels-test-22.json":   "b00db6e0f0727ec4a7d53d2e6b1c7d62303d106ae7001b3f6caa2f5e883aef92",
	"labels-test-22-2.json": "b575f46616eec05451466f8d866380213eb3fd4da988f1014e526cd37808737b",
	"labels-test-23.json":   "f99629e362882f008e487a66031f1043cb5599cb8846a31bedb96fdcc5570446",
	"labels-test-24.json":   "30516fe278f2c8d5a0aafa184484fd9b0ae006bf71dfe31eee277f3d22b57770",
	"labels-test-24-2.json": "8354714f51a310946c6be9ec0208328523f4378ff3cb3207fc197361ef2b4d08",
	"labels-test-25.json":   "f02d383153db114c2a05c0d061f6f33cd7dd2eda86d3581195ff79a77e07d2dc",
	"labels-test-25-2.json": "e8560493ab1cd48767ba9378e7688b4c96d813b1213ee1064c52610a3d7dd409",
}

// realsetExt is the file name each format is imported under.
var realsetExt = map[string]string{"claude-code": ".jsonl", "codex": ".jsonl", "chatgpt": ".json", "structured": ".json"}

var realsetFields = []string{"title", "decisions", "tasks", "technologies", "topics"}

type realsetSession struct {
	ID       string `json:"id"`
	File     string `json:"file"`
	Format   string `json:"format"`
	Repo     string `json:"repo"`
	Commit   string `json:"commit"`
	Path     string `json:"path"`
	Licence  string `json:"licence"`
	Kind     string `json:"kind"`
	Language string `json:"language"`
	Split    string `json:"split"`
	Batch    int    `json:"batch"`
	SHA256   string `json:"sha256"`
}

// realsetItem is one labelled item: its text and the other phrasings a
// careful human accepts as the same item. A label file may also give an
// item as a plain string.
type realsetItem struct {
	Text string   `json:"text"`
	Alt  []string `json:"alt"`
}

func (it *realsetItem) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &it.Text)
	}
	type plain realsetItem
	return json.Unmarshal(b, (*plain)(it))
}

func (it realsetItem) phrasings() []string { return append([]string{it.Text}, it.Alt...) }

type realsetLabels struct {
	ID    string `json:"id"`
	Title struct {
		Subject  [][]string `json:"subject"`
		Examples []string   `json:"examples"`
	} `json:"title"`
	Decisions            []realsetItem `json:"decisions"`
	Tasks                []realsetItem `json:"tasks"`
	Technologies         []realsetItem `json:"technologies"`
	OptionalTechnologies []realsetItem `json:"optional_technologies"`
	Topics               []realsetItem `json:"topics"`
	OptionalTopics       []realsetItem `json:"optional_topics"`
}

func realsetDir() string { return filepath.Join("testdata", "realset") }

func readRealsetManifest(t *testing.T) []realsetSession {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(realsetDir(), "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m []realsetSession
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	return m
}

// readRealsetLabels reads the labels of a split: labels-<split>.json and
// the files later batches added (labels-<split>-2.json, …). A split not
// labelled yet has none.
func readRealsetLabels(t *testing.T, split string) map[string]realsetLabels {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(realsetDir(), "labels-"+split+"*.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]realsetLabels{}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var list []realsetLabels
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&list); err != nil {
			t.Fatalf("%s: %v", filepath.Base(file), err)
		}
		for _, l := range list {
			if _, dup := out[l.ID]; dup {
				t.Fatalf("%s: %s labelled twice", filepath.Base(file), l.ID)
			}
			out[l.ID] = l
		}
	}
	return out
}

func readRealsetSession(t *testing.T, s realsetSession) []byte {
	t.Helper()
	f, err := os.Open(filepath.Join(realsetDir(), s.File))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", s.File, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", s.File, err)
	}
	return data
}

// TestRealSetFrozen checks what the evaluation's honesty rests on: every
// session file is the one the manifest names, the split follows its fixed
// rule, every label belongs to a session of its split, and the test
// split's labels are the frozen ones.
func TestRealSetFrozen(t *testing.T) {
	manifest := readRealsetManifest(t)
	byID := map[string]realsetSession{}
	strata := map[string][]string{}
	for _, s := range manifest {
		if _, dup := byID[s.ID]; dup {
			t.Fatalf("manifest: %s twice", s.ID)
		}
		byID[s.ID] = s
		if s.Repo == "" || s.Commit == "" || s.Path == "" || s.Licence == "" || s.Kind == "" || s.Language == "" || s.Batch < 1 {
			t.Errorf("manifest: %s lacks its source, licence, kind, language or batch", s.ID)
		}
		if _, ok := realsetExt[s.Format]; !ok {
			t.Errorf("manifest: %s has the unknown format %q", s.ID, s.Format)
		}
		sum := sha256.Sum256(readRealsetSession(t, s))
		if hex.EncodeToString(sum[:]) != s.SHA256 {
			t.Errorf("%s: content differs from the manifest's sha256", s.File)
		}
		stratum := fmt.Sprintf("batch %d, %s", s.Batch, s.Repo)
		strata[stratum] = append(strata[stratum], s.ID)
	}
	// Each batch was split per source repository when it was added: ordered
	// by the sha256 of the session id, the first 60% (rounded) are dev.
	for stratum, ids := range strata {
		sort.Slice(ids, func(i, j int) bool { return realsetHash(ids[i]) < realsetHash(ids[j]) })
		dev := int(math.Round(float64(len(ids)) * 0.6))
		for i, id := range ids {
			want := "test"
			if i < dev {
				want = "dev"
			}
			if byID[id].Split != want {
				t.Errorf("%s (%s): split %q, the rule gives %q", id, stratum, byID[id].Split, want)
			}
		}
	}
	for _, split := range []string{"dev", "test"} {
		for id := range readRealsetLabels(t, split) {
			if s, ok := byID[id]; !ok || s.Split != split {
				t.Errorf("labels-%s.json labels %s, which is not a %s session", split, id, split)
			}
		}
	}
	files, err := filepath.Glob(filepath.Join(realsetDir(), "labels-test*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(realsetTestLabelsSHA256) {
		t.Errorf("test label files %q, frozen: %v", files, realsetTestLabelsSHA256)
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(raw)
		if got, want := hex.EncodeToString(sum[:]), realsetTestLabelsSHA256[filepath.Base(file)]; got != want {
			t.Errorf("%s has sha256 %s, frozen as %q: the test split's labels are frozen", filepath.Base(file), got, want)
		}
	}
}

func realsetHash(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

// realsetScore counts matches for one field of one split.
type realsetScore struct{ produced, matchedProduced, expected, matchedExpected int }

func (s realsetScore) precision() float64 { return ratio(s.matchedProduced, s.produced) }
func (s realsetScore) recall() float64    { return ratio(s.matchedExpected, s.expected) }

// add scores one session's produced items against its labels: a produced
// item matching a label counts for precision, one matching only an
// optional label is left out, and each label found counts for recall.
func (s *realsetScore) add(produced []string, labels, optional []realsetItem, match func(a, b string) bool) (missed, extra []string) {
	matches := func(p string, it realsetItem) bool {
		for _, ph := range it.phrasings() {
			if match(p, ph) {
				return true
			}
		}
		return false
	}
	found := make([]bool, len(labels))
	for _, p := range produced {
		hit := false
		for i, l := range labels {
			if matches(p, l) {
				hit, found[i] = true, true
			}
		}
		if !hit {
			opt := false
			for _, o := range optional {
				opt = opt || matches(p, o)
			}
			if opt {
				continue
			}
			extra = append(extra, p)
		} else {
			s.matchedProduced++
		}
		s.produced++
	}
	s.expected += len(labels)
	for i, l := range labels {
		if found[i] {
			s.matchedExpected++
		} else {
			missed = append(missed, l.Text)
		}
	}
	return missed, extra
}

// merge adds another score's counts to s.
func (s *realsetScore) merge(o *realsetScore) {
	s.produced += o.produced
	s.matchedProduced += o.matchedProduced
	s.expected += o.expected
	s.matchedExpected += o.matchedExpected
}

// realsetHalves prints the dev split's halves side by side, P / R per field.
func realsetHalves(halves map[string]realsetFieldScores) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n## dev halves (alternate sessions by manifest order, held-out batches left out; per-session lines are marked [A] or [B])\n")
	fmt.Fprintf(&b, "%-13s %-32s %s\n", "field", "A: P / R (hit/made, found/exp)", "B: P / R (hit/made, found/exp)")
	for _, f := range realsetFields {
		fmt.Fprintf(&b, "%-13s", f)
		for _, h := range []string{"A", "B"} {
			sc, cell := halves[h][f], ""
			if f == "title" {
				cell = fmt.Sprintf("%.2f (%d/%d)", sc.precision(), sc.matchedProduced, sc.produced)
			} else {
				cell = fmt.Sprintf("%.2f / %.2f (%d/%d, %d/%d)", sc.precision(), sc.recall(), sc.matchedProduced, sc.produced, sc.matchedExpected, sc.expected)
			}
			if h == "A" {
				cell = fmt.Sprintf("%-32s", cell)
			}
			fmt.Fprintf(&b, " %s", cell)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// realsetFieldScores are one group's scores, field by field.
type realsetFieldScores map[string]*realsetScore

func newRealsetFieldScores() realsetFieldScores {
	out := realsetFieldScores{}
	for _, f := range realsetFields {
		out[f] = &realsetScore{}
	}
	return out
}

func (fs realsetFieldScores) merge(o realsetFieldScores) {
	for _, f := range realsetFields {
		fs[f].merge(o[f])
	}
}

// realsetScoreSession scores one stored session against its labels and
// says, line by line, what it missed and what it produced beyond them.
func realsetScoreSession(sess *baton.Session, lab realsetLabels) (realsetFieldScores, []string) {
	sc := newRealsetFieldScores()
	var lines []string
	titleOK, why := realsetTitleAcceptable(sess.Title, lab.Title.Subject)
	sc["title"].produced++
	sc["title"].expected++
	if titleOK {
		sc["title"].matchedProduced++
		sc["title"].matchedExpected++
	} else {
		lines = append(lines, fmt.Sprintf("  title %q not acceptable: %s (e.g. %q)", sess.Title, why, strings.Join(lab.Title.Examples, `", "`)))
	}
	var decisions []string
	for _, d := range sess.Summary.Decisions {
		decisions = append(decisions, d.Decision)
	}
	report := func(field string, missed, extra []string) {
		if len(missed)+len(extra) > 0 {
			lines = append(lines, fmt.Sprintf("  %s: missed %q, extra %q", field, missed, extra))
		}
	}
	m, e := sc["decisions"].add(decisions, lab.Decisions, nil, realsetPhraseMatch)
	report("decisions", m, e)
	m, e = sc["tasks"].add(sess.Progress.TasksDiscussed, lab.Tasks, nil, realsetPhraseMatch)
	report("tasks", m, e)
	m, e = sc["technologies"].add(sess.Technical.Technologies, lab.Technologies, lab.OptionalTechnologies, realsetTermMatch)
	report("technologies", m, e)
	m, e = sc["topics"].add(sess.Summary.KeyTopics, lab.Topics, lab.OptionalTopics, realsetTopicMatch)
	report("topics", m, e)
	return sc, lines
}

// realsetRun is what one pass over the real set gathered: the scores and
// counts per split, the dev split's halves and batches, and the dev
// split's per-session differences.
type realsetRun struct {
	scores       map[string]realsetFieldScores
	counts       map[string]map[string]int
	titleFaults  map[string]map[string]int
	titleSources map[string]map[string]*realsetScore
	// subjectPlaces counts the failing titles by where the session
	// names their subject (realsetSubjectPlace).
	subjectPlaces map[string]map[string]int
	halves        map[string]realsetFieldScores
	batches       map[int]realsetFieldScores
	devDetail     strings.Builder
}

func newRealsetRun() *realsetRun {
	r := &realsetRun{
		scores:        map[string]realsetFieldScores{},
		counts:        map[string]map[string]int{},
		titleFaults:   map[string]map[string]int{},
		titleSources:  map[string]map[string]*realsetScore{},
		subjectPlaces: map[string]map[string]int{},
		halves:        map[string]realsetFieldScores{"A": newRealsetFieldScores(), "B": newRealsetFieldScores()},
		batches:       map[int]realsetFieldScores{},
	}
	for _, split := range []string{"dev", "test"} {
		r.scores[split] = newRealsetFieldScores()
		r.counts[split] = map[string]int{}
		r.titleFaults[split] = map[string]int{}
		r.titleSources[split] = map[string]*realsetScore{}
		r.subjectPlaces[split] = map[string]int{}
	}
	return r
}

// addTitleFaults counts the checks one session's title fails in its split.
func (r *realsetRun) addTitleFaults(split string, faults []realsetTitleFault) {
	if len(faults) == 0 {
		return
	}
	r.titleFaults[split]["not acceptable"]++
	for _, f := range faults {
		r.titleFaults[split][f.check]++
	}
}

// addTitleSource counts one session's title under where it came from,
// and whether it was acceptable.
func (r *realsetRun) addTitleSource(split, source string, acceptable bool) {
	sc := r.titleSources[split][source]
	if sc == nil {
		sc = &realsetScore{}
		r.titleSources[split][source] = sc
	}
	sc.produced++
	if acceptable {
		sc.matchedProduced++
	}
}

// realsetTitleSource says where a stored session's title came from: the
// importer's own title kept (a steward's or a CLI's name, a summary
// line), the key topics when no prompt gave one, or the way the analysis
// found it (analysis.TitleSource).
func realsetTitleSource(t *testing.T, imp *realsetImporter, sess *baton.Session) string {
	t.Helper()
	if src, _ := sess.Attributes[analysis.TitleSourceKey].(string); src != analysis.TitleFromPrompt {
		return "importer's own title"
	}
	msgs, err := imp.st.SessionMessages(imp.ctx, imp.stewardID, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	title, source := analysis.TitleSource(msgs)
	if title == "" {
		return "key topics"
	}
	return source
}

// The places a failing title's subject may be named in, in the order
// realsetSubjectPlace tries them: the first prompt's sentence the title
// was cut from (its window left the subject out), another of its
// sentences (another sentence was chosen), the first answer, the
// steward's later prompts a title is read from (another prompt was
// chosen), those of them that answer the assistant's question (their
// score halved), the steward's messages after those or outside them (no
// title reads them), or none of them (elsewhere in the answers,
// or the labels name it in words of their own).
const (
	subjectInTitleSentence = "the title's own sentence"
	subjectInOtherSentence = "another sentence of the first prompt"
	subjectInFirstAnswer   = "the first answer"
	subjectInLaterPrompt   = "a later prompt a title is read from"
	subjectInLaterReply    = "a later prompt that answers a question"
	subjectInLaterUnread   = "a steward message after those"
	subjectNowhereRead     = "none of these"
)

var realsetSubjectPlaces = []string{subjectInTitleSentence, subjectInOtherSentence, subjectInFirstAnswer,
	subjectInLaterPrompt, subjectInLaterReply, subjectInLaterUnread, subjectNowhereRead}

// realsetSubjectPlace says where a session names the subject its title
// left out: the first of realsetSubjectPlaces whose text names a term of
// every group. The title's own sentence is the first prompt's sentence
// that holds all of the title's words.
func realsetSubjectPlace(title string, subject [][]string, texts analysis.SubjectTexts) string {
	names := func(text string) bool {
		for _, group := range subject {
			if !slices.ContainsFunc(group, func(term string) bool { return realsetHasTerm(text, term) }) {
				return false
			}
		}
		return true
	}
	own := func(sentence string) bool {
		words := realsetTokens(sentence)
		tw := realsetTokens(title)
		return len(tw) > 0 && !slices.ContainsFunc(tw, func(w string) bool { return !slices.Contains(words, w) })
	}
	other := false
	for _, s := range texts.Sentences {
		if !names(s) {
			continue
		}
		if own(s) {
			return subjectInTitleSentence
		}
		other = true
	}
	switch {
	case other:
		return subjectInOtherSentence
	case names(texts.Answer):
		return subjectInFirstAnswer
	case names(texts.Later):
		return subjectInLaterPrompt
	case names(texts.LaterReply):
		return subjectInLaterReply
	case names(texts.Unread):
		return subjectInLaterUnread
	}
	return subjectNowhereRead
}

// realsetStoredSubjectPlace is realsetSubjectPlace for a stored session.
func realsetStoredSubjectPlace(t *testing.T, imp *realsetImporter, sess *baton.Session, subject [][]string) string {
	t.Helper()
	msgs, err := imp.st.SessionMessages(imp.ctx, imp.stewardID, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	return realsetSubjectPlace(sess.Title, subject, analysis.TitleSubjectTexts(msgs))
}

// realsetSubjectPlaceLine is one split's failing titles by where the
// session names their subject, counts only: the test split's line must
// name no session.
func realsetSubjectPlaceLine(places map[string]int) string {
	parts := make([]string, 0, len(realsetSubjectPlaces))
	for _, p := range realsetSubjectPlaces {
		parts = append(parts, fmt.Sprintf("%s %d", p, places[p]))
	}
	return fmt.Sprintf("failing titles by where the session names their subject: %s\n", strings.Join(parts, "; "))
}

// realsetTitleSourceLine is one split's titles by where they came from,
// each with how many of them fail, counts only: the test split's line
// must name no session.
func realsetTitleSourceLine(sources map[string]*realsetScore) string {
	names := make([]string, 0, len(sources))
	for name := range sources {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, 0, len(names))
	for _, name := range names {
		sc := sources[name]
		parts = append(parts, fmt.Sprintf("%s %d of %d", name, sc.produced-sc.matchedProduced, sc.produced))
	}
	return fmt.Sprintf("titles failing by where they came from: %s\n", strings.Join(parts, "; "))
}

// realsetHalf names the half a dev session belongs to: alternately A and
// B by manifest order, except a held-out batch's sessions, which belong to
// neither (choosing between rules by a half that holds them would tune on
// the check).
func realsetHalf(s realsetSession, devIndex int) string {
	if s.Batch >= realsetHeldOutBatch {
		return "held out"
	}
	return string(rune('A' + devIndex%2))
}

// add counts one scored session. The dev split's sessions also go to their
// half (alternately A and B by manifest order: a rule written while
// reading one half's differences is kept when the other half does not
// fall; a held-out batch's sessions go to neither) and to their batch (a
// batch added after the rules were tuned is the check that they
// generalise).
func (r *realsetRun) add(s realsetSession, half string, sc realsetFieldScores, lines []string) {
	r.counts[s.Split]["sessions"]++
	r.counts[s.Split]["kind "+s.Kind]++
	r.counts[s.Split]["lang "+s.Language]++
	r.counts[s.Split]["format "+s.Format]++
	r.scores[s.Split].merge(sc)
	if s.Split != "dev" {
		return
	}
	if h, ok := r.halves[half]; ok {
		h.merge(sc)
	}
	if r.batches[s.Batch] == nil {
		r.batches[s.Batch] = newRealsetFieldScores()
	}
	r.batches[s.Batch].merge(sc)
	// A held-out batch's per-session lines are not written at all: a
	// tuner who prints the dev file must not see them by accident; its
	// batch line is the whole check.
	if len(lines) > 0 && half != "held out" {
		fmt.Fprintf(&r.devDetail, "%s [%s] (batch %d, %s, %s, %s)\n%s\n", s.ID, half, s.Batch, s.Kind, s.Language, s.Repo, strings.Join(lines, "\n"))
	}
}

// releasedDevSessions imports, one by one, every dev session the rules may
// be tuned on and hands it to read with its half (A or B) and its labels:
// the test split and a held-out batch are never imported, so a harness
// built on it cannot show them by accident.
func releasedDevSessions(t *testing.T, imp *realsetImporter, read func(s realsetSession, sess *baton.Session, half string, lab realsetLabels)) {
	t.Helper()
	labels := readRealsetLabels(t, "dev")
	devIndex := 0
	for _, s := range readRealsetManifest(t) {
		lab, ok := labels[s.ID]
		if s.Split != "dev" || !ok {
			continue
		}
		half := realsetHalf(s, devIndex)
		devIndex++
		if half == "held out" {
			continue
		}
		read(s, imp.importSession(t, s), half, lab)
	}
}

// realsetImporter imports the set's sessions as `baton import FILE` does:
// each file written to disk and read through ImportPath, into a fresh
// SQLite store of one steward, with the analysis's clock fixed so that the
// figures do not depend on the day they are run.
type realsetImporter struct {
	ctx       context.Context
	st        *store.Store
	im        *ingest.Importer
	stewardID int64
	dir       string
}

func newRealsetImporter(t *testing.T) *realsetImporter {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "realset.db"))
	steward := &baton.Steward{Username: "eval"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	im := ingest.New(st)
	im.Analysis().SetClock(func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) })
	return &realsetImporter{ctx: ctx, st: st, im: im, stewardID: steward.ID, dir: t.TempDir()}
}

// importSession imports one session of the set and reads it back analysed.
func (r *realsetImporter) importSession(t *testing.T, s realsetSession) *baton.Session {
	t.Helper()
	file := filepath.Join(r.dir, s.ID+realsetExt[s.Format])
	if err := os.WriteFile(file, readRealsetSession(t, s), 0o644); err != nil {
		t.Fatal(err)
	}
	results, err := r.im.ImportPath(r.ctx, r.stewardID, file, nil)
	if err != nil || len(results) == 0 || results[0].SessionID == "" {
		t.Fatalf("%s: import = %+v, %v", s.ID, results, err)
	}
	sess, err := r.st.Session(r.ctx, r.stewardID, results[0].SessionID)
	if err != nil {
		t.Fatalf("%s: %v", s.ID, err)
	}
	return sess
}

func TestRealSet(t *testing.T) {
	manifest := readRealsetManifest(t)
	labels := map[string]map[string]realsetLabels{"dev": readRealsetLabels(t, "dev"), "test": readRealsetLabels(t, "test")}

	imp := newRealsetImporter(t)
	model := newEvalModel(t, imp.st, imp.im, imp.stewardID) // BATON_EVAL_MODEL=1: realset_model_test.go

	run := newRealsetRun()
	devIndex := 0
	for _, s := range manifest {
		lab, ok := labels[s.Split][s.ID]
		if !ok {
			continue
		}
		half := ""
		if s.Split == "dev" {
			half = realsetHalf(s, devIndex)
			devIndex++
		}
		sess := imp.importSession(t, s)
		model.note(t, sess.ID)
		sc, lines := realsetScoreSession(sess, lab)
		run.add(s, half, sc, lines)
		faults := realsetTitleFaults(sess.Title, lab.Title.Subject)
		run.addTitleFaults(s.Split, faults)
		run.addTitleSource(s.Split, realsetTitleSource(t, imp, sess), len(faults) == 0)
		if len(faults) > 0 {
			run.subjectPlaces[s.Split][realsetStoredSubjectPlace(t, imp, sess, lab.Title.Subject)]++
		}
	}

	var report strings.Builder
	fmt.Fprintf(&report, "# Real evaluation set (internal/analysis/testdata/realset): real sessions labelled before Baton ran on them\n")
	fmt.Fprintf(&report, "# go test ./internal/analysis/ -run '^TestRealSet$' -v; micro-averaged; title = share of acceptable titles\n")
	report.WriteString(model.header())
	failed := false
	for _, split := range []string{"dev", "test"} {
		for _, fell := range realsetSplitTable(&report, split, run.scores[split], run.counts[split]) {
			failed = true
			t.Error(realsetFellMessage(split, fell, run.scores[split][fell]))
		}
		report.WriteString(realsetTitleFaultLine(run.titleFaults[split]))
		report.WriteString(realsetTitleSourceLine(run.titleSources[split]))
		report.WriteString(realsetSubjectPlaceLine(run.subjectPlaces[split]))
	}
	report.WriteString(realsetHalves(run.halves))
	report.WriteString(realsetBatches(run.batches))
	t.Log("\n" + report.String())
	if testing.Verbose() || failed {
		t.Log("dev split, per session (the test split's are not shown: do not tune on it):\n" + run.devDetail.String())
	}
	if out := os.Getenv("BATON_REALSET_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(report.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out := os.Getenv("BATON_REALSET_DEV_OUT"); out != "" {
		if err := os.WriteFile(out, []byte("# dev split, per session: what the analysis missed and what it produced beyond the labels\n"+run.devDetail.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// realsetFellMessage says that a field fell below its floor. On the dev
// split it gives the figures; on the test split only the field: the test
// split is not to be tuned on, not even through a failure's figures.
func realsetFellMessage(split, field string, sc *realsetScore) string {
	if split == "test" {
		return fmt.Sprintf("test split: %s fell below its floor", field)
	}
	floor := realsetFloors[split][field]
	return fmt.Sprintf("%s %s: precision %.2f recall %.2f, below the floor %.2f / %.2f", split, field, sc.precision(), sc.recall(), floor[0], floor[1])
}

// realsetSplitTable writes one split's figures beside their targets and
// floors, and returns the fields that fell below their floors.
func realsetSplitTable(report *strings.Builder, split string, scores realsetFieldScores, counts map[string]int) []string {
	fmt.Fprintf(report, "\n## %s split: %s\n", split, realsetCounts(counts))
	if counts["sessions"] == 0 {
		fmt.Fprintf(report, "(not labelled yet)\n")
		return nil
	}
	var fell []string
	fmt.Fprintf(report, "%-13s %9s %9s %9s %9s %14s %14s\n", "field", "precision", "recall", "produced", "expected", "target (P / R)", "floor (P / R)")
	for _, f := range realsetFields {
		sc, target, floor := scores[f], realsetTargets[f], realsetFloors[split][f]
		precision := fmt.Sprintf("%.2f", sc.precision())
		if sc.produced == 0 {
			precision = "-" // nothing produced: no precision to speak of
		}
		if f == "title" {
			fmt.Fprintf(report, "%-13s %9s %9s %9d %9d %8.2f       %8.2f\n", f, precision, "", sc.produced, sc.expected, target[0], floor[0])
		} else {
			fmt.Fprintf(report, "%-13s %9s %9.2f %9d %9d %8.2f / %.2f %8.2f / %.2f\n", f, precision, sc.recall(), sc.produced, sc.expected, target[0], target[1], floor[0], floor[1])
		}
		if sc.precision() < floor[0]-1e-9 || (f != "title" && sc.recall() < floor[1]-1e-9) {
			fell = append(fell, f)
		}
	}
	return fell
}

// realsetHeldOutBatch is the first batch nobody has tuned on: from it on, a
// batch is a held-out check of the rules tuned on the batches before it.
// Batches 7 to 25 were that check until they were released for tuning.
const realsetHeldOutBatch = 26

// realsetBatches prints the dev split batch by batch, one line each, P / R
// per field with the counts behind them (a batch holds few sessions, so a
// ratio alone can rest on one item); "-" when nothing was produced. A
// held-out batch's line is the check that rules tuned on the earlier
// batches generalise, so long as its per-session lines (marked "batch N")
// are left unread.
func realsetBatches(batches map[int]realsetFieldScores) string {
	nums := make([]int, 0, len(batches))
	for n := range batches {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	var b strings.Builder
	fmt.Fprintf(&b, "\n## dev split by batch (P / R (hit/made, found/exp); a held-out batch is the check that the rules generalise: do not read its per-session lines)\n")
	header := fmt.Sprintf("%-15s %8s %-12s", "batch", "sessions", "title")
	for _, f := range realsetFields[1:] {
		header += fmt.Sprintf(" %-26s", f)
	}
	b.WriteString(strings.TrimRight(header, " ") + "\n")
	for _, n := range nums {
		sc := batches[n]
		name := fmt.Sprintf("%d", n)
		if n >= realsetHeldOutBatch {
			name += " (held out)"
		}
		title := sc["title"]
		line := fmt.Sprintf("%-15s %8d %-12s", name, title.produced, fmt.Sprintf("%s (%d/%d)", realsetPrecisionCell(title), title.matchedProduced, title.produced))
		for _, f := range realsetFields[1:] {
			c := sc[f]
			line += fmt.Sprintf(" %-26s", fmt.Sprintf("%s / %.2f (%d/%d, %d/%d)", realsetPrecisionCell(c), c.recall(), c.matchedProduced, c.produced, c.matchedExpected, c.expected))
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}

// realsetPrecisionCell is a score's precision, or "-" when nothing was
// produced (there is no precision to speak of).
func realsetPrecisionCell(s *realsetScore) string {
	if s.produced == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", s.precision())
}

func realsetCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		if k != "sessions" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	parts := []string{fmt.Sprintf("%d sessions", m["sessions"])}
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// Title checks (RUBRIC.md, "Title").
var (
	realsetCommandInTitle = regexp.MustCompile("(^|\\s)/[a-z]|~/|\\./|/Users/|/home/|https?://|<[a-z-]+>|`|(^|\\s)--?[a-z]|\\$ |&&|\\|\\|")
)

// The checks of a title (RUBRIC.md, "Title"), in the order the eval
// reports them: each split's report counts the titles that fail each one,
// so that the test split says why its titles fail without naming a
// session.
const (
	realsetTitleTooLong   = "too long"
	realsetTitleCommand   = "command/path/URL/markup"
	realsetTitleCut       = "cut or …"
	realsetTitleNoSubject = "subject term missing"
	realsetTitleOther     = "other"
)

var realsetTitleChecks = []string{realsetTitleTooLong, realsetTitleCommand, realsetTitleCut, realsetTitleNoSubject, realsetTitleOther}

// realsetTitleFault is one check a title fails, and what it found.
type realsetTitleFault struct{ check, why string }

// realsetTitleFaults lists every check a title fails: at most 8 words (30
// characters of CJK text), no command, path, URL or markup, not cut, and
// a term of every subject group (only the first group it misses is named).
func realsetTitleFaults(title string, subject [][]string) []realsetTitleFault {
	title = strings.TrimSpace(title)
	if title == "" {
		return []realsetTitleFault{{realsetTitleOther, "empty"}}
	}
	var faults []realsetTitleFault
	if cjkShare(title) > 0.3 {
		if utf8.RuneCountInString(title) > 30 {
			faults = append(faults, realsetTitleFault{realsetTitleTooLong, "longer than 30 characters"})
		}
	} else if n := len(strings.Fields(title)); n > 8 {
		faults = append(faults, realsetTitleFault{realsetTitleTooLong, fmt.Sprintf("%d words", n)})
	}
	if realsetCommandInTitle.MatchString(title) {
		faults = append(faults, realsetTitleFault{realsetTitleCommand, "holds a command, path, URL or markup"})
	}
	if strings.HasSuffix(title, "…") || strings.HasSuffix(title, "...") {
		faults = append(faults, realsetTitleFault{realsetTitleCut, "cut"})
	}
	for _, group := range subject {
		ok := false
		for _, term := range group {
			ok = ok || realsetHasTerm(title, term)
		}
		if !ok {
			faults = append(faults, realsetTitleFault{realsetTitleNoSubject, fmt.Sprintf("names none of %q", group)})
			break
		}
	}
	return faults
}

// realsetTitleAcceptable says whether a title passes the rubric, and if
// not, the first check it fails.
func realsetTitleAcceptable(title string, subject [][]string) (bool, string) {
	faults := realsetTitleFaults(title, subject)
	if len(faults) == 0 {
		return true, ""
	}
	return false, faults[0].why
}

// realsetTitleFaultLine is one split's count of the titles that fail each
// check (a title can fail more than one), counts only: the test split's
// line must name no session.
func realsetTitleFaultLine(faults map[string]int) string {
	parts := make([]string, 0, len(realsetTitleChecks))
	for _, check := range realsetTitleChecks {
		parts = append(parts, fmt.Sprintf("%s %d", check, faults[check]))
	}
	return fmt.Sprintf("title failures by check (a title can fail more than one): %d not acceptable; %s\n", faults["not acceptable"], strings.Join(parts, ", "))
}

func cjkShare(s string) float64 {
	n, c := 0, 0
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		n++
		if isCJK(r) {
			c++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(c) / float64(n)
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || r == 'ー'
}

// realsetAliases map a normalised name to the one it is counted as.
var realsetAliases = map[string]string{
	"postgres": "postgresql", "pg": "postgresql", "js": "javascript", "ts": "typescript", "golang": "go",
	"k8": "kubernetes", "k8s": "kubernetes", "gh": "github cli", "gh cli": "github cli", "github action": "github actions",
	"gh action": "github actions", "node": "node.js", "nodejs": "node.js", "node js": "node.js", "py": "python",
	"python3": "python", "sqlite3": "sqlite", "md": "markdown", "yml": "yaml", "npm registry": "npm",
	"claude": "claude code", "docker compose": "docker compose", "docker-compose": "docker compose",
}

// realsetTokens normalises a phrase: lower case, punctuation dropped,
// English words lightly stemmed; runs of CJK text are split at hiragana
// (particles and inflections) and kept whole.
func realsetTokens(s string) []string {
	var out []string
	var cur []rune
	curCJK := false
	flush := func() {
		if len(cur) == 0 {
			return
		}
		w := string(cur)
		if !curCJK {
			w = realsetStem(strings.ToLower(w))
		}
		out = append(out, w)
		cur = cur[:0]
	}
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Hiragana, r):
			flush()
		case isCJK(r):
			if !curCJK {
				flush()
			}
			curCJK = true
			cur = append(cur, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '+' || r == '#':
			if curCJK {
				flush()
			}
			curCJK = false
			cur = append(cur, unicode.ToLower(r))
		case r == '.' && len(cur) > 0 && !curCJK:
			// keep "node.js", "1.25.6", "go.mod" whole; a final dot is dropped below
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	for i, w := range out {
		out[i] = strings.TrimRight(w, ".")
	}
	return out
}

func realsetStem(w string) string {
	w = strings.TrimSuffix(w, "'s")
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "xes")):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	case len(w) > 5 && strings.HasSuffix(w, "ing"):
		return w[:len(w)-3]
	case len(w) > 4 && strings.HasSuffix(w, "ed"):
		return w[:len(w)-2]
	}
	return w
}

// realsetCanonical is the normalised form of a name, aliases applied (to
// the name as written or once stemmed).
func realsetCanonical(s string) string {
	raw := strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '+' && r != '#' && r != '.'
	}), " ")
	if a, ok := realsetAliases[raw]; ok {
		return strings.Join(realsetTokens(a), " ")
	}
	c := strings.Join(realsetTokens(s), " ")
	if a, ok := realsetAliases[c]; ok {
		return strings.Join(realsetTokens(a), " ")
	}
	return c
}

// realsetTermMatch compares technologies: the same name once normalised,
// aliases included.
func realsetTermMatch(a, b string) bool {
	ca, cb := realsetCanonical(a), realsetCanonical(b)
	return ca != "" && ca == cb
}

// realsetTopicMatch compares a produced topic a with a labelled one b: the
// same term, or one holds the other as whole words (the shorter having a
// word that is not a stop word); CJK text: one holds the other (at least
// two characters). A single produced word matches a longer label only as
// its head (realsetHeads): "branch" is the "shadow branch" a careful human
// indexed the session by, "shadow" alone is not.
func realsetTopicMatch(a, b string) bool {
	if realsetTermMatch(a, b) {
		return true
	}
	ta, tb := realsetTopicWords(a), realsetTopicWords(b)
	if len(ta) == 1 && len(tb) > 1 && !isCJK([]rune(ta[0])[0]) && !realsetHeads(tb)[ta[0]] {
		return false
	}
	if len(ta) > len(tb) {
		ta, tb = tb, ta
	}
	if len(ta) == 0 {
		return false
	}
	content := false
	for _, w := range ta {
		content = content || (!realsetStop[w] && (utf8.RuneCountInString(w) > 2 || isCJK([]rune(w)[0]) || realsetHangulWord(w)))
	}
	if !content {
		return false
	}
	for i := 0; i+len(ta) <= len(tb); i++ {
		same := true
		for j := range ta {
			same = same && tb[i+j] == ta[j]
		}
		if same {
			return true
		}
	}
	return realsetCJKContains(a, b)
}

// realsetTopicWords are a topic's normalised words (realsetTokens), a
// file name of one word as that word and each clipped word of software
// work in full: "revtask" names "revtask.txt" as a title does
// (realsetFileStem), and a careful human reads "private repo" as the
// "private repository" and "docs" as the "documentation" (labels had to
// spell such forms out as alternatives). A name of several words keeps its
// extension: "updates" is no head of "profile-state-update.md".
func realsetTopicWords(s string) []string {
	fields := strings.Fields(s)
	for i, f := range fields {
		w := strings.ToLower(strings.Trim(f, "`\"'()[],;:"))
		if stem := realsetFileStem(w); stem != "" && !strings.ContainsAny(w, "-_") {
			fields[i] = stem
		}
	}
	words := realsetTokens(strings.Join(fields, " "))
	for i, w := range words {
		if full, ok := realsetClipped[w]; ok {
			words[i] = full
		}
	}
	return words
}

// realsetClipped are the clipped words of software work (as realsetTokens
// leaves them: stemmed) and the word each stands for.
var realsetClipped = map[string]string{
	"repo": "repository", "config": "configuration", "doc": "documentation", "auth": "authentication",
	"env": "environment", "dir": "directory", "dep": "dependency", "spec": "specification",
	"impl": "implementation", "init": "initialization", "perf": "performance", "lib": "library", "pkg": "package",
	"param": "parameter", "arg": "argument", "var": "variable", "info": "information", "eval": "evaluation",
}

// realsetHangulWord reports a Korean word of two syllables or more: a
// syllable block is a syllable, not a letter, so "필드" (field) or "모델"
// (model) is a content word as a two-character kanji word is, where two
// Latin letters ("of", "to") are not.
func realsetHangulWord(w string) bool {
	n := 0
	for _, r := range w {
		if r < 0xAC00 || r > 0xD7A3 {
			return false
		}
		n++
	}
	return n >= 2
}

// realsetHeads are the heads of a phrase's noun phrases: each content word
// that ends the phrase or comes before a stop word ("values" in "negative
// values", "signing" and "release" in "signing of the macOS release").
func realsetHeads(tokens []string) map[string]bool {
	heads := map[string]bool{}
	for i, w := range tokens {
		if !realsetStop[w] && (i+1 == len(tokens) || realsetStop[tokens[i+1]]) {
			heads[w] = true
		}
	}
	return heads
}

// realsetHasTerm says whether text names term: its normalised words appear
// in text in a row (aliases included), or for CJK text, text holds it.
func realsetHasTerm(text, term string) bool {
	tt, tw := realsetTokens(text), realsetTokens(term)
	if len(tw) == 0 {
		return false
	}
	canon := func(w string) string {
		if a, ok := realsetAliases[w]; ok {
			return a
		}
		return w
	}
	for i := 0; i+len(tw) <= len(tt); i++ {
		same := true
		for j := range tw {
			a, b := tt[i+j], tw[j]
			same = same && (canon(a) == canon(b) || realsetFileStem(a) == b || realsetFileStem(b) == a)
		}
		if same {
			return true
		}
	}
	return realsetCJKContains(text, term)
}

// realsetFileStem is a file name's word without its extension
// ("vidrenmatch.py" → "vidrenmatch", stemmed as a word is): a title that
// names the file names the tool or document the label names without one,
// and the other way round. "" for a word that is not such a name (the
// stem must be three letters or more: "go.mod" is not "go").
func realsetFileStem(w string) string {
	dot := strings.LastIndexByte(w, '.')
	if dot < 3 || dot == len(w)-1 || len(w)-dot-1 > 5 {
		return ""
	}
	ext := w[dot+1:]
	if ext[0] < 'a' || ext[0] > 'z' || strings.IndexFunc(ext, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
		return ""
	}
	return realsetStem(w[:dot])
}

// realsetCJKContains: for text with CJK characters, one string (spaces
// removed, lower case) holds the other of at least two characters.
func realsetCJKContains(a, b string) bool {
	if cjkShare(a) == 0 && cjkShare(b) == 0 {
		return false
	}
	squash := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }
	sa, sb := squash(a), squash(b)
	if utf8.RuneCountInString(sa) > utf8.RuneCountInString(sb) {
		sa, sb = sb, sa
	}
	return utf8.RuneCountInString(sa) >= 2 && strings.Contains(sb, sa)
}

var realsetStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the and or but of to in on at by for with from into onto as is are be been was were
		it its this that these those there here we i you he she they me my our your their us them
		can could should would will shall may might must do doe did done have ha had not no yes so if then than
		also just only all any some each every other more most much many very too again now up down out over
		about what which who whom whose when where why how let let' please ok okay use using make new like
		what' it' that' don't doesn't can't i'm we'll i'll get got going want need`) {
		realsetStop[realsetStem(w)] = true
		realsetStop[w] = true
	}
}

// realsetWords are a phrase's content words: stemmed, stop words dropped;
// CJK runs give their character bigrams (a single character alone).
func realsetWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range realsetTokens(s) {
		r := []rune(w)
		if isCJK(r[0]) {
			if len(r) == 1 {
				out[w] = true
			}
			for i := 0; i+1 < len(r); i++ {
				out[string(r[i:i+2])] = true
			}
			continue
		}
		if realsetStop[w] || (len(r) < 2 && !unicode.IsDigit(r[0])) {
			continue
		}
		if a, ok := realsetAliases[w]; ok {
			w = a
		}
		out[w] = true
	}
	return out
}

// realsetPhraseMatch compares tasks and decisions by meaning: at least
// half the content words of the shorter phrase are in the longer (and at
// least two, unless the shorter has only one), and they are at least a
// fifth of the longer's (a pasted page that happens to hold the words is
// not the task).
func realsetPhraseMatch(a, b string) bool {
	wa, wb := realsetWords(a), realsetWords(b)
	if len(wa) == 0 || len(wb) == 0 {
		return false
	}
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	hit := 0
	for w := range wa {
		if wb[w] || realsetMisspelt(w, wb) {
			hit++
		}
	}
	if hit < 2 && len(wa) > 1 {
		return false
	}
	return float64(hit) >= 0.5*float64(len(wa)) && float64(hit) >= 0.2*float64(len(wb))
}

// realsetMisspelt reports whether a long word of one phrase is in the
// other misspelt by one letter (one added, dropped, changed, or two
// swapped): a careful reader reads "placehodlder" as "placeholder". A
// session's text keeps its author's typos, a label is spelt right. Short
// words are left exact: one letter tells "parse" from "parser".
func realsetMisspelt(w string, words map[string]bool) bool {
	if utf8.RuneCountInString(w) < realsetMisspeltMin {
		return false
	}
	for o := range words {
		if utf8.RuneCountInString(o) >= realsetMisspeltMin && realsetOneEdit([]rune(w), []rune(o)) {
			return true
		}
	}
	return false
}

// realsetMisspeltMin is the shortest word read through a typo.
const realsetMisspeltMin = 7

// realsetOneEdit reports whether a and b differ by exactly one edit: a
// letter added, dropped or changed, or two neighbours swapped.
func realsetOneEdit(a, b []rune) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i == len(a) {
		return len(b) == len(a)+1 // one letter added at the end; equal words are no edit
	}
	if len(a) == len(b) {
		if string(a[i+1:]) == string(b[i+1:]) {
			return true // one letter changed
		}
		// two neighbours swapped
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && string(a[i+2:]) == string(b[i+2:])
	}
	return string(a[i:]) == string(b[i+1:]) // one letter added inside
}

// TestRealSetReporting pins what the eval's output may say: a field that
// falls on the test split is named without its figures, while the dev
// split's failure gives them; each dev batch has its own line, the held-out
// ones marked.
func TestRealSetReporting(t *testing.T) {
	sc := &realsetScore{produced: 10, matchedProduced: 3, expected: 8, matchedExpected: 2}
	if got := realsetFellMessage("test", "tasks", sc); got != "test split: tasks fell below its floor" || strings.ContainsAny(got, "0123456789") {
		t.Errorf("test split failure = %q, want the field only", got)
	}
	if got := realsetFellMessage("dev", "tasks", sc); !strings.Contains(got, "precision 0.30 recall 0.25") {
		t.Errorf("dev split failure = %q, want its figures", got)
	}
	held := realsetHeldOutBatch
	batches := map[int]realsetFieldScores{1: newRealsetFieldScores(), 7: newRealsetFieldScores(), held: newRealsetFieldScores()}
	batches[held]["title"] = &realsetScore{produced: 4, matchedProduced: 3, expected: 4, matchedExpected: 3}
	batches[held]["tasks"] = sc
	out := realsetBatches(batches)
	var line9 string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, fmt.Sprint(held, " (held out)")) {
			line9 = line
		}
		if strings.HasPrefix(line, "1 (held out)") || strings.HasPrefix(line, "7 (held out)") {
			t.Errorf("a batch released for tuning marked held out: %q", line)
		}
	}
	if !strings.Contains(line9, "0.75 (3/4)") || !strings.Contains(line9, "0.30 / 0.25 (3/10, 2/8)") {
		t.Errorf("held-out batch %d's line = %q in\n%s", held, line9, out)
	}
	// A field with labels but nothing produced has no precision, not 1.00.
	batches[held]["decisions"] = &realsetScore{expected: 4}
	if out := realsetBatches(batches); !strings.Contains(out, "- / 0.00 (0/0, 0/4)") || strings.Contains(out, "1.00 / 0.00") {
		t.Errorf("a field with nothing produced reads\n%s", out)
	}

	// A held-out batch's sessions count in their batch and split, never in
	// the halves rules are chosen by.
	run := newRealsetRun()
	scored := newRealsetFieldScores()
	scored["tasks"] = &realsetScore{produced: 2, matchedProduced: 1, expected: 2, matchedExpected: 1}
	for i, batch := range []int{1, 1, realsetHeldOutBatch} {
		s := realsetSession{ID: fmt.Sprint("s", i), Split: "dev", Batch: batch}
		run.add(s, realsetHalf(s, i), scored, []string{fmt.Sprint("  line of s", i)})
	}
	if detail := run.devDetail.String(); !strings.Contains(detail, "line of s0") || strings.Contains(detail, "line of s2") {
		t.Errorf("the dev file must hold released batches' lines and never a held-out batch's:\n%s", detail)
	}
	if got := realsetHalf(realsetSession{Batch: realsetHeldOutBatch}, 0); got != "held out" {
		t.Errorf("a held-out session's half = %q", got)
	}
	a, b := run.halves["A"]["tasks"].produced, run.halves["B"]["tasks"].produced
	if a != 2 || b != 2 || run.scores["dev"]["tasks"].produced != 6 || run.batches[realsetHeldOutBatch]["tasks"].produced != 2 {
		t.Errorf("halves A %d, B %d (want 2, 2); dev %d (want 6); held-out batch %d (want 2)", a, b, run.scores["dev"]["tasks"].produced, run.batches[realsetHeldOutBatch]["tasks"].produced)
	}

	// Each split counts the titles failing each check, a title once per
	// check it fails, and the line says nothing but counts.
	subject := [][]string{{"backup"}}
	for _, title := range []string{
		"Schedule the nightly backup",                         // acceptable
		"Please could you help me set up the nightly job now", // too long, no subject
		"Run restic backup --dry-run",                         // a flag
		"Rotate the backup keys…",                             // cut
		"Hello there",                                         // no subject
		"",                                                    // empty
	} {
		run.addTitleFaults("test", realsetTitleFaults(title, subject))
	}
	want := "title failures by check (a title can fail more than one): 5 not acceptable; too long 1, command/path/URL/markup 1, cut or … 1, subject term missing 2, other 1\n"
	if got := realsetTitleFaultLine(run.titleFaults["test"]); got != want {
		t.Errorf("test split's title failures =\n%q, want\n%q", got, want)
	}
	if got := realsetTitleFaultLine(run.titleFaults["dev"]); !strings.Contains(got, ": 0 not acceptable; too long 0,") {
		t.Errorf("a split with no failing title reads %q", got)
	}

	// And by where each title came from, with how many of them fail.
	for _, c := range []struct {
		source string
		ok     bool
	}{{"first prompt", true}, {"first prompt", false}, {"first prompt", true}, {"commit", false}} {
		run.addTitleSource("test", c.source, c.ok)
	}
	if got, want := realsetTitleSourceLine(run.titleSources["test"]), "titles failing by where they came from: commit 1 of 1; first prompt 1 of 3\n"; got != want {
		t.Errorf("test split's title sources =\n%q, want\n%q", got, want)
	}

	// And the failing titles by where the session names their subject.
	slow := "It has been slow since Tuesday."
	named := "The nightly job writes a backup of the database to S3."
	for _, c := range []struct {
		title string
		texts analysis.SubjectTexts
		want  string
	}{
		{"Nightly job writes database to S3", analysis.SubjectTexts{Sentences: []string{slow, named}}, subjectInTitleSentence},
		{"Slow since Tuesday", analysis.SubjectTexts{Sentences: []string{slow, named}}, subjectInOtherSentence},
		{"Slow since Tuesday", analysis.SubjectTexts{Sentences: []string{slow}, Answer: "The backup step copies every table."}, subjectInFirstAnswer},
		{"Slow since Tuesday", analysis.SubjectTexts{Sentences: []string{slow}, Answer: "Let me look.", Later: "Only the backup matters."}, subjectInLaterPrompt},
		{"Slow since Tuesday", analysis.SubjectTexts{Sentences: []string{slow}, Answer: "Which one?", LaterReply: "The backup."}, subjectInLaterReply},
		{"Slow since Tuesday", analysis.SubjectTexts{Sentences: []string{slow}, Answer: "Let me look.", Later: "Thanks.", Unread: "Only the backup matters."}, subjectInLaterUnread},
		{"Slow since Tuesday", analysis.SubjectTexts{Sentences: []string{slow}, Answer: "Let me look.", Later: "Thanks."}, subjectNowhereRead},
	} {
		got := realsetSubjectPlace(c.title, subject, c.texts)
		if got != c.want {
			t.Errorf("subject of %q in %+v is in %q, want %q", c.title, c.texts, got, c.want)
		}
		run.subjectPlaces["test"][got]++
	}
	want = "failing titles by where the session names their subject: the title's own sentence 1; another sentence of the first prompt 1; the first answer 1; a later prompt a title is read from 1; a later prompt that answers a question 1; a steward message after those 1; none of these 1\n"
	if got := realsetSubjectPlaceLine(run.subjectPlaces["test"]); got != want {
		t.Errorf("test split's subject places =\n%q, want\n%q", got, want)
	}
}

// TestRealSetMatching pins the matching rule the figures rest on (RUBRIC.md,
// "Matching"): what a careful human accepts as the same item, and what not.
func TestRealSetMatching(t *testing.T) {
	for _, c := range []struct {
		name  string
		match func(a, b string) bool
		a, b  string
		want  bool
	}{
		{"alias", realsetTermMatch, "Postgres", "PostgreSQL", true},
		{"case and punctuation", realsetTermMatch, "golangci-lint", "GolangCI Lint", true},
		{"another technology", realsetTermMatch, "Go", "Git", false},
		{"topic plural", realsetTopicMatch, "checkpoints", "checkpoint", true},
		{"topic within a longer one", realsetTopicMatch, "release workflow", "the release workflow file", true},
		{"topic of stop words only", realsetTopicMatch, "the", "the release", false},
		{"CJK topic contained", realsetTopicMatch, "出力フォーマット", "デフォルトの出力フォーマット", true},
		{"topic word the head of a label", realsetTopicMatch, "branch", "shadow branch", true},
		{"topic word the head before of", realsetTopicMatch, "signing", "signing of the macOS release", true},
		{"topic word only a modifier of a label", realsetTopicMatch, "shadow", "shadow branch", false},
		{"Korean two-syllable topic the head of a label", realsetTopicMatch, "필드", "필수 필드", true},
		{"Korean two-syllable topic only a modifier of a label", realsetTopicMatch, "필수", "필수 필드", false},
		{"topic word a modifier before a head", realsetTopicMatch, "user", "--user parameter", false},
		{"label word within a produced phrase", realsetTopicMatch, "shadow branch", "shadow", true},
		{"topic a file's name without its extension", realsetTopicMatch, "revtask", "revtask.txt", true},
		{"topic a word of a file's name", realsetTopicMatch, "updates", "profile-state-update.md", false},
		{"topic a clipped word", realsetTopicMatch, "private repo", "private repository", true},
		{"topic a clipped plural", realsetTopicMatch, "docs", "documentation", true},
		{"topic a clipped word only a modifier", realsetTopicMatch, "config", "config file", false},
		{"task reworded", realsetPhraseMatch, "fix the failing integration tests", "Fix failing integration test assertions", true},
		{"task of another subject", realsetPhraseMatch, "fix the failing integration tests", "update the changelog for 0.4.4", false},
		{"decision with a typo in the session's text", realsetPhraseMatch, "create an empty placehodlder for the EPUB file", "start with only the GOOS book and an empty placeholder EPUB", true},
		{"task in British spelling", realsetPhraseMatch, "make specialized functions", "flatten its structure and make specialised functions", true},
		{"short words stay exact", realsetPhraseMatch, "parse the config", "parser of the configs", false},
		{"long words two edits apart", realsetPhraseMatch, "migrate the database", "migration of the databank", false},
		{"pasted page holding the words", realsetPhraseMatch, "fix the lint errors",
			"fix lint errors: cmd/entire/cli/strategy/common.go:1279:10: string main has 5 occurrences, make it a constant (goconst) return main and 40 more lines of linter output about unrelated files and packages", false},
		{"Japanese task", realsetPhraseMatch, "デフォルトの出力フォーマットを Markdown に変更", "出力フォーマットのデフォルトを Markdown に変更する", true},
	} {
		if got := c.match(c.a, c.b); got != c.want {
			t.Errorf("%s: match(%q, %q) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
	}
	for _, c := range []struct {
		title   string
		subject [][]string
		want    bool
	}{
		{"Update Go to 1.25.6", [][]string{{"go"}, {"1.25.6", "version"}}, true},
		{"Fix macOS notarization timeout in release", [][]string{{"notarization", "release"}}, true},
		{"Test repo skill with manual and auto-commit strategies", [][]string{{"notarization", "release"}}, false},
		{"/prime & check out our recent work /Users/dev/project", [][]string{{"work"}}, false},
		{"I'd like to generate a changelog in the repository for the release", [][]string{{"changelog"}}, false},
		{"Spaw sub-agents for the review…", [][]string{{"review"}}, false},
		{"デフォルト出力を Markdown に変更", [][]string{{"Markdown"}, {"デフォルト"}}, true},
		{"Write vidrenmatch.py for matching", [][]string{{"vidrenmatch"}}, true},
		{"Update the README", [][]string{{"README.md"}}, true},
		{"Bump the go.mod toolchain", [][]string{{"go"}}, false},
		{"Release 1.25.6", [][]string{{"1.25"}}, false},
	} {
		if got, why := realsetTitleAcceptable(c.title, c.subject); got != c.want {
			t.Errorf("title %q acceptable = %v (%s), want %v", c.title, got, why, c.want)
		}
	}
}
