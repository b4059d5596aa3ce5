-- OIDC Back-Channel Logout. Which clients hold tokens of which sign-in session: one row per ID token's sid and
-- client, written when the ID token is issued (the issuer it named is the logout token's).
CREATE TABLE backchannel_sessions (
    sid            VARCHAR(100) NOT NULL,
    client_id      VARCHAR(100) NOT NULL,
    principal_name VARCHAR(200) NOT NULL,
    issuer         VARCHAR(500) NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (sid, client_id)
);
CREATE INDEX backchannel_sessions_principal_name_idx ON backchannel_sessions (principal_name);

-- Logout tokens still to deliver, written in the same transaction as the sign-out; any instance claims a due row
-- (next_attempt_at moves past the claim's lease), delivers it, and deletes it, or retries until the deadline.
CREATE TABLE backchannel_deliveries (
    id              VARCHAR(36)   NOT NULL PRIMARY KEY,
    client_id       VARCHAR(100)  NOT NULL,
    logout_uri      VARCHAR(2000) NOT NULL,
    issuer          VARCHAR(500)  NOT NULL,
    subject         VARCHAR(200)  NOT NULL,
    sid             VARCHAR(100)  NOT NULL,
    attempts        INTEGER       NOT NULL,
    next_attempt_at TIMESTAMP WITH TIME ZONE NOT NULL,
    deadline        TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX backchannel_deliveries_next_attempt_at_idx ON backchannel_deliveries (next_attempt_at);
