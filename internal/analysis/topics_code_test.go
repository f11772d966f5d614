package analysis

import (
	"slices"
	"testing"
)

// TestCodeLine: lines of code are told from prose by their punctuation and
// keywords, and a line with a sentence's run of words stays prose however
// it ends.
func TestCodeLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		code bool
	}{
		{`import { z } from "zod";`, true},
		{"export const InvoiceSchema = z.object({", true},
		{"  amount: z.number().nonnegative(),", false}, // ends in a comma: no block, statement or keyword
		{"});", true},
		{"}", true},
		{"const total = items.reduce((a, b) => a + b, 0)", true},
		{"x := compute(y)", true},
		{"the invoice export fails after the upgrade;", false},
		{"can you change my template so that it uses {{ value }}", false},
		{"Import the ledger before the export runs {see notes}", false},
		{"export the ledger", false},
		{"from typing import Annotated", true},
		{"from pydantic import Field, BaseModel", true},
		{"from the import step", false},
		{"from Monday the import runs", false},
		{"", false},
	} {
		if got := codeLine(tc.line); got != tc.code {
			t.Errorf("codeLine(%q) = %v, want %v", tc.line, got, tc.code)
		}
	}
}

// TestTopicsLeavePastedCodeOut: code the steward pastes without a fence is
// a program's words: its keywords ("export", "const", "type") are no
// topics, the steward's subject is.
func TestTopicsLeavePastedCodeOut(t *testing.T) {
	c := newConvo()
	c.steward("add the ledger schema to the ledger module:\n" +
		"import { z } from \"zod\";\n\n" +
		"export const LedgerSchema = z.object({\n" +
		"  ledgerId: z.string().uuid(),\n" +
		"});\n" +
		"export type Ledger = z.infer<typeof LedgerSchema>;")
	c.assistant("Added the ledger schema to the ledger module.")
	c.steward("now the refund schema:\n" +
		"import { z } from \"zod\";\n\n" +
		"export const RefundSchema = z.object({\n" +
		"  refundId: z.string().uuid(),\n" +
		"});\n" +
		"export type Refund = z.infer<typeof RefundSchema>;")
	c.assistant("Added the refund schema next to the ledger schema.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "ledger schema") {
		t.Errorf("topics %q leave out the steward's subject", got)
	}
	for _, code := range []string{"export", "const", "type", "import", "export const", "export type", "infer", "typeof"} {
		if slices.Contains(got, code) {
			t.Errorf("topics %q hold %q, a word of the pasted code", got, code)
		}
	}
}

// TestTopicsPairCodeWordWithItsNoun: an identifier written as inline code
// names a noun phrase with the noun after it ("`SessionEnd` hook"), while
// a longer literal in backticks stays apart.
func TestTopicsPairCodeWordWithItsNoun(t *testing.T) {
	if got, want := unquoteCodeWords("the `SessionEnd` hook and `go test ./...` output"), "the SessionEnd hook and `go test ./...` output"; got != want {
		t.Errorf("unquoteCodeWords = %q, want %q", got, want)
	}
	c := newConvo()
	c.steward("the exporter rejects the `retention` field in the bucket config")
	c.assistant("The upgrade renamed the `retention` field; the bucket config still uses the old name.")
	c.steward("so rename the `retention` field everywhere")
	c.assistant("Renamed the `retention` field in the bucket config and the docs.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "retention field") {
		t.Errorf("topics %q miss the identifier's noun phrase", got)
	}
}
