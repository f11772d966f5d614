package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionProposalAgreedInAConsoleReply: the steward proposes a design
// as a question ("wouldn't something like X be clearer?", "shouldn't this
// be X?") and the assistant's reply, copied from a terminal with its "⏺"
// marks, agrees ("You're absolutely right!"): the proposal is the decision.
// A proposal that is a routine step ("shouldn't we run the tests and
// commit?") is none, and neither is a reply that does not agree.
func TestDecisionProposalAgreedInAConsoleReply(t *testing.T) {
	c := newConvo()
	c.steward("The decorator name reads oddly. Wouldn't something like with_shared_flags be clearer at the call site?")
	c.assistant("⏺ You're absolutely right! A with_ prefix says what the decorator adds.\n\n⏺ Update(cli.py)")
	checkDecisions(t, c, []baton.Decision{{Decision: "with_shared_flags be clearer at the call site"}})

	c = newConvo()
	c.steward("Shouldn't this be a module-level constant instead of a literal in both functions?")
	c.assistant("✻ Thinking…\n\nThe user is right, the literal is repeated.")
	checkDecisions(t, c, []baton.Decision{{Decision: "a module-level constant instead of a literal in both functions", Alternatives: []string{"a literal in both functions"}}})

	c = newConvo()
	c.steward("Shouldn't we run the tests and commit now?")
	c.assistant("⏺ Yes! Running them.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("Wouldn't something like a global registry be simpler?")
	c.assistant("⏺ A registry would hide the dependencies; I'd keep the explicit parameters.")
	checkDecisions(t, c, nil)
}

// TestDecisionsInFrenchPortugueseJapanese: choices stated in French and
// Portuguese ("plutôt que", "em vez de", "on part sur … parce que …"), a
// recommendation accepted in Portuguese or Japanese, and Japanese
// "Xで進めてください" / "Xを採用します".
func TestDecisionsInFrenchPortugueseJapanese(t *testing.T) {
	c := newConvo()
	c.steward("Garde le cache en mémoire plutôt que Redis pour la première version.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Garde le cache en mémoire plutôt que Redis pour la première version", Alternatives: []string{"Redis pour la première version"}}})

	c = newConvo()
	c.steward("Use o SQLite em vez de Postgres nos testes locais.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Use o SQLite em vez de Postgres nos testes locais", Alternatives: []string{"Postgres nos testes locais"}}})

	c = newConvo()
	c.assistant("On part sur des fichiers YAML parce que l'équipe les édite déjà à la main.")
	checkDecisions(t, c, []baton.Decision{{Decision: "des fichiers YAML", Rationale: "l'équipe les édite déjà à la main"}})

	c = newConvo()
	c.assistant("Para a fila, recomendo o RabbitMQ — já está na infraestrutura.")
	c.steward("pode fazer")
	checkDecisions(t, c, []baton.Decision{{Decision: "o RabbitMQ", Rationale: "já está na infraestrutura"}})

	c = newConvo()
	c.assistant("選択肢は二つあります。おすすめは SQLite です。")
	c.steward("はい、それでお願いします")
	checkDecisions(t, c, []baton.Decision{{Decision: "SQLite"}})

	c = newConvo()
	c.steward("キャッシュは Redis を採用します。")
	c.steward("差分表示は unified 形式で進めてください。")
	checkDecisions(t, c, []baton.Decision{{Decision: "キャッシュは Redisを採用する"}, {Decision: "差分表示は unified 形式"}})

	// A recommendation turned down in Portuguese is none.
	c = newConvo()
	c.assistant("Recomendo o RabbitMQ.")
	c.steward("não, vamos esperar")
	checkDecisions(t, c, nil)
}

// TestDecisionNotMadeOrNotAChoice: "we haven't yet decided on X", a reply
// that turns the offered options down, a question, a past narration with
// "instead of", and a passage too long to be one choice give no decision.
func TestDecisionNotMadeOrNotAChoice(t *testing.T) {
	c := newConvo()
	c.steward("You keep running ahead, while we haven't yet decided on the rollout plan.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("Two ways forward:\n\n1. Fix the failing migration\n2. Ship without it\n\nWhich would you prefer?")
	c.steward("No, sorry. I pressed the first option by accident, go on.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("Let's use mocks, we could reach full coverage then, right?")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("I've burnt another hour on the build setup instead of the features.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("We'll use the approach where the exporter reads every table, writes every row to a temporary file, compresses the file, uploads it, verifies the checksum, notifies the team and then deletes the file from the disk afterwards.")
	checkDecisions(t, c, nil)
}

// TestDecisionApproachCarriedOutInTheShell: "the safer fix is to X", then
// a shell command that writes the setting (a Codex exec_command): the
// approach is carried out. Reading the setting is not.
func TestDecisionApproachCarriedOutInTheShell(t *testing.T) {
	c := newConvo()
	c.steward("Can the checkpoints stay private?")
	c.assistant("I’m checking the current setting now; the safer fix is to put the private remote in the local settings so it stays out of the public repo.")
	c.tool("exec_command", obj{"cmd": "entire configure --checkpoint-remote github:acme/private --local"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "put the private remote in the local settings", Rationale: "it stays out of the public repo"}})

	c = newConvo()
	c.steward("Can the checkpoints stay private?")
	c.assistant("The safer fix is to put the private remote in the local settings so it stays out of the public repo.")
	c.tool("exec_command", obj{"cmd": "git config --get remote.origin.url"}, "ok", "")
	checkDecisions(t, c, nil)
}

// TestDecisionWordingTidied: "we settled on configuring X" is the course
// "configuring X", not "use configuring X"; an "instead of" the sentence
// ends on leaves no dangling words.
func TestDecisionWordingTidied(t *testing.T) {
	c := newConvo()
	c.steward("In the end we settled on configuring the hook to stage only the files it fixed.")
	checkDecisions(t, c, []baton.Decision{{Decision: "configuring the hook to stage only the files it fixed"}})

	c = newConvo()
	c.steward("We'll keep the full command file in the repository instead of")
	checkDecisions(t, c, []baton.Decision{{Decision: "keep the full command file in the repository"}})
}

// TestDecisionOptionsPutInOrder: the assistant numbers the ways something
// can be done; the steward's short reply puts several in order ("#3
// first, then #1"): the options in that order are the decision, the rest
// the alternatives. One number alone, or numbers with no order, is not
// this rule's.
func TestDecisionOptionsPutInOrder(t *testing.T) {
	offer := "The importer can find the project root in a few ways:\n\n### 1. **Git toplevel**\n- asks git\n\n" +
		"### 2. **Nearest go.mod**\n- walks up\n\n### 3. **Config file**\n- reads .baton.toml\n\nAny of these can be the default."
	c := newConvo()
	c.assistant(offer)
	c.steward("start with #3, then #1, because the config is explicit")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "Config file, then Git toplevel",
		Rationale:    "the config is explicit",
		Alternatives: []string{"Nearest go.mod"},
	}})

	c = newConvo()
	c.assistant(offer)
	c.steward("#3 and #1 both look fragile to me")
	checkDecisions(t, c, nil)
}
