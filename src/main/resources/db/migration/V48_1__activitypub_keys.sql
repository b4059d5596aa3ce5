-- ActivityPub (package social.activitypub, docs/activitypub.md): each person's RSA key pair, the one other servers
-- check their signed requests with. Made the first time the person's actor is read and kept for good: servers
-- cache a key by its id, so a key that changed would make every copy they hold wrong. The public key is the
-- SubjectPublicKeyInfo PEM the actor publishes; the private key PKCS#8 PEM, read only to sign deliveries.
CREATE TABLE activitypub_keys (
    user_id         BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    public_key_pem  VARCHAR(1024) NOT NULL,
    private_key_pem VARCHAR(4096) NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
