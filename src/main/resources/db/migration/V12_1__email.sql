-- An optional email address per user, seen only by its owner. `email` is the address as the owner typed it;
-- `verified_email` is its lower-case form once the owner followed the link mailed to it (NULL until then, and
-- again after every change). One verified address belongs to one account: two accounts may type the same
-- address, only one can prove it.
ALTER TABLE users ADD COLUMN email VARCHAR(254);
ALTER TABLE users ADD COLUMN verified_email VARCHAR(254);
ALTER TABLE users ADD CONSTRAINT users_verified_email_key UNIQUE (verified_email);

-- Links mailed to prove an address, stored only as the SHA-256 of their secret. A link proves the address it
-- was sent to and no other: changing the address again makes earlier links worthless.
CREATE TABLE email_verifications (
    token_hash CHAR(64)     PRIMARY KEY,
    user_id    BIGINT       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      VARCHAR(254) NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at    TIMESTAMP WITH TIME ZONE
);
CREATE INDEX email_verifications_user_id_idx ON email_verifications (user_id);
