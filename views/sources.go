package views

// agentName is an agent's name as people write it.
func agentName(agent string) string {
	switch agent {
	case "claude-code":
		return "Claude Code"
	case "codex-cli":
		return "Codex CLI"
	case "gemini-cli":
		return "Gemini CLI"
	case "any":
		return "every format"
	}
	return agent
}
