-- First-party tokens (/auth/token) are now authorizations of the authorization server (oauth2_authorization, client
-- "roost"); their refresh tokens rotate there, and a rotated-away one presented again ends its authorization.
CREATE TABLE rotated_refresh_tokens (
    token_hash       CHAR(64)     PRIMARY KEY,
    authorization_id VARCHAR(100) NOT NULL,
    expires_at       TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX rotated_refresh_tokens_expires_at_idx ON rotated_refresh_tokens (expires_at);

-- Every refresh presents its token: found by an index, not by reading every authorization.
CREATE INDEX oauth2_authorization_refresh_token_idx ON oauth2_authorization (refresh_token_value);

-- Refresh tokens issued before this migration end (a refresh answers 401 INVALID_TOKEN; the app signs in again), and
-- the devices they were listed as are signed out. Their access tokens live out their short lifetime
-- (roost.tokens.access-token-lifetime); logout, a password change and account deletion still end them (docs/security.md).
UPDATE devices SET signed_out_at = CURRENT_TIMESTAMP WHERE kind = 'TOKEN' AND signed_out_at IS NULL;
DROP TABLE refresh_tokens;
