DROP INDEX identities_email;
DROP INDEX stewards_email;
DROP TABLE sign_in_failures;
DROP TABLE share_links;
DROP TABLE team_invitations;
DROP TABLE team_members;
DROP TABLE teams;
