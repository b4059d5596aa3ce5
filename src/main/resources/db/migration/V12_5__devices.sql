-- Where each user is signed in: one row per session sign-in or first-party refresh-token family (whose family id
-- is the row's id). Rows are kept after sign-out (signed_out_at) for the audit trail; the list shows live ones.
CREATE TABLE devices (
    id            VARCHAR(64)  PRIMARY KEY,
    user_id       BIGINT       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind          VARCHAR(16)  NOT NULL,
    user_agent    VARCHAR(256),
    address       VARCHAR(64),
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    last_used_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    signed_out_at TIMESTAMP WITH TIME ZONE
);
CREATE INDEX devices_user_id_idx ON devices (user_id);
