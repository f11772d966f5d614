package auth

// NewShareToken returns a share link's token, 128 random bits, and the
// hash to store. The token is in the link and shown once.
func NewShareToken() (token, hash string) {
	token = RandomString(16)
	return token, HashToken(token)
}

// NewInvitationToken returns a team invitation's token and the hash to store.
func NewInvitationToken() (token, hash string) {
	token = RandomString(24)
	return token, HashToken(token)
}

// LooksLikeLinkToken reports whether s could be a share or invitation
// token, so a malformed one is refused without a database lookup.
func LooksLikeLinkToken(s string) bool {
	if len(s) < 16 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
