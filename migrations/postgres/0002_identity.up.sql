-- Identity, teams and sharing on PostgreSQL: teams with one owner, invitations
-- by link, share links to one object, and failed sign-ins per account.

CREATE TABLE teams (
    id         BIGSERIAL PRIMARY KEY,
    name       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE team_members (
    team_id    BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('owner', 'member', 'viewer')),
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (team_id, steward_id)
);
CREATE INDEX team_members_steward ON team_members (steward_id);
-- At most one owner per team; the store keeps it at least one (a transfer
-- demotes and promotes in one transaction, and an owner cannot leave).
CREATE UNIQUE INDEX team_members_one_owner ON team_members (team_id) WHERE role = 'owner';

-- An invitation is a link with a random token (only its hash is kept),
-- bound to one steward (invited by username) or one email address.
CREATE TABLE team_invitations (
    id          BIGSERIAL PRIMARY KEY,
    team_id     BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    steward_id  BIGINT REFERENCES stewards(id) ON DELETE CASCADE,
    email       TEXT NOT NULL DEFAULT '',
    role        TEXT NOT NULL CHECK (role IN ('member', 'viewer')),
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    accepted_at TIMESTAMPTZ,
    accepted_by BIGINT REFERENCES stewards(id) ON DELETE SET NULL,
    revoked_at  TIMESTAMPTZ
);
CREATE INDEX team_invitations_team ON team_invitations (team_id);

-- A share link grants read-only access to one object (kind + id) to anyone
-- holding its token; only the token's hash is kept.
CREATE TABLE share_links (
    id           BIGSERIAL PRIMARY KEY,
    steward_id   BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL,
    object_id    TEXT NOT NULL,
    label        TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ,
    last_used_at TIMESTAMPTZ
);
CREATE INDEX share_links_steward ON share_links (steward_id);

-- Failed local sign-ins per account, in the database so that every
-- instance behind a load balancer locks the same accounts.
CREATE TABLE sign_in_failures (
    steward_id   BIGINT PRIMARY KEY REFERENCES stewards(id) ON DELETE CASCADE,
    failures     INTEGER NOT NULL,
    window_start TIMESTAMPTZ NOT NULL,
    locked_until TIMESTAMPTZ
);

-- A first sign-in through a provider checks whether its email is in use.
CREATE INDEX stewards_email ON stewards (lower(email)) WHERE email <> '';
CREATE INDEX identities_email ON identities (lower(email)) WHERE email <> '';
