-- Signing keys: private keys stay in the database so every instance signs and verifies with the same set,
-- and a restart does not void tokens already issued. Retired keys keep verifying until retire_after.
CREATE TABLE signing_keys (
    kid          VARCHAR(64)  PRIMARY KEY,
    algorithm    VARCHAR(16)  NOT NULL,
    jwk          VARCHAR         NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    retired_at   TIMESTAMP WITH TIME ZONE
);

-- First-party refresh tokens, stored by hash. A family is one login's chain of rotations.
CREATE TABLE refresh_tokens (
    token_hash CHAR(64)    PRIMARY KEY,
    family_id  VARCHAR(64) NOT NULL,
    user_id    BIGINT      NOT NULL,
    issued_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at    TIMESTAMP WITH TIME ZONE,
    revoked    BOOLEAN     NOT NULL DEFAULT FALSE
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);

-- Access tokens refused before their expiry (logout, revocation): the durable record behind the in-memory denylist.
CREATE TABLE denied_tokens (
    jti        VARCHAR(128) PRIMARY KEY,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    denied_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX denied_tokens_denied_at_idx ON denied_tokens (denied_at);
