-- Idempotency-Key records: the first response to a POST, kept so that a retry (on any instance) gets it back.
-- status IS NULL while the first request is still running.
CREATE TABLE idempotency_keys (
    caller        VARCHAR(200)  NOT NULL,
    idem_key      VARCHAR(255)  NOT NULL,
    fingerprint   CHAR(64)      NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    status        INTEGER,
    content_type  VARCHAR(200),
    location      VARCHAR(2000),
    etag          VARCHAR(200),
    body          VARCHAR,
    PRIMARY KEY (caller, idem_key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

-- One row, locked while the first signing key is created, so instances starting together agree on it.
CREATE TABLE signing_key_lock (
    id SMALLINT PRIMARY KEY
);
INSERT INTO signing_key_lock (id) VALUES (1);
