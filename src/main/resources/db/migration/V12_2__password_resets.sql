-- Password reset links, stored only as the SHA-256 of their secret; each works once, for a short time.
CREATE TABLE password_resets (
    token_hash CHAR(64) PRIMARY KEY,
    user_id    BIGINT   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at    TIMESTAMP WITH TIME ZONE
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
