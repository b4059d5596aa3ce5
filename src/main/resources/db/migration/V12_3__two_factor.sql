-- Two-factor sign-in (TOTP). `enabled_at` is NULL while an enrolment waits for its first code. `last_step` is the
-- 30-second step of the last code accepted: a code of that step or an earlier one is refused (accepted once).
-- `failures` wrong codes since `failures_since` throttle guessing for the account.
CREATE TABLE two_factor (
    user_id        BIGINT      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret         VARCHAR(64) NOT NULL,
    enabled_at     TIMESTAMP WITH TIME ZONE,
    last_step      BIGINT      NOT NULL DEFAULT 0,
    failures       INT         NOT NULL DEFAULT 0,
    failures_since TIMESTAMP WITH TIME ZONE
);

-- Single-use recovery codes, stored only as the SHA-256 of the code.
CREATE TABLE two_factor_recovery_codes (
    user_id   BIGINT   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash CHAR(64) NOT NULL,
    used_at   TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (user_id, code_hash)
);

-- Step tokens: the password was right, a code is still due. Stored by hash; short-lived; a few attempts each.
CREATE TABLE two_factor_steps (
    token_hash CHAR(64) PRIMARY KEY,
    user_id    BIGINT   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    attempts   INT      NOT NULL DEFAULT 0
);
CREATE INDEX two_factor_steps_user_id_idx ON two_factor_steps (user_id);
