package baton

import "time"

// Steward is a person who keeps sessions in Baton. Every piece of data
// belongs to exactly one steward.
type Steward struct {
	ID           int64     `json:"id" bun:"id,pk,autoincrement"`
	Username     string    `json:"username" bun:"username,notnull,unique"`
	DisplayName  string    `json:"display_name" bun:"display_name,notnull"`
	Email        string    `json:"email,omitempty" bun:"email,notnull"`
	PasswordHash string    `json:"-" bun:"password_hash,notnull"`
	CreatedAt    time.Time `json:"created_at" bun:"created_at,notnull"`
}

// Name is how pages address the steward.
func (s *Steward) Name() string {
	if s.DisplayName != "" {
		return s.DisplayName
	}
	return s.Username
}

// Identity links a steward to an outside sign-in (an OAuth or OIDC subject).
type Identity struct {
	ID        int64     `json:"id" bun:"id,pk,autoincrement"`
	StewardID int64     `json:"steward_id" bun:"steward_id,notnull"`
	Provider  string    `json:"provider" bun:"provider,notnull"`
	Subject   string    `json:"subject" bun:"subject,notnull"`
	Email     string    `json:"email,omitempty" bun:"email,notnull"`
	CreatedAt time.Time `json:"created_at" bun:"created_at,notnull"`
}

// AccessToken is a personal access token for agents. Only its hash is kept;
// the token itself is shown once, when it is created.
type AccessToken struct {
	ID         int64      `json:"id" bun:"id,pk,autoincrement"`
	StewardID  int64      `json:"-" bun:"steward_id,notnull"`
	Name       string     `json:"name" bun:"name,notnull"`
	Hash       string     `json:"-" bun:"hash,notnull,unique"`
	Prefix     string     `json:"prefix" bun:"prefix,notnull"`
	CreatedAt  time.Time  `json:"created_at" bun:"created_at,notnull"`
	LastUsedAt *time.Time `json:"last_used_at" bun:"last_used_at"`
	RevokedAt  *time.Time `json:"revoked_at" bun:"revoked_at"`
}
