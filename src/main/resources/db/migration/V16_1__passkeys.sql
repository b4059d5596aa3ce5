-- Passkeys (WebAuthn), in the tables Spring Security's JDBC stores read and write (JdbcPublicKeyCredentialUserEntityRepository,
-- JdbcUserCredentialRepository): their columns as the framework's schema has them, BYTEA for its blobs (valid on
-- H2 and PostgreSQL). A user entity's name is the Roost username, so deleting the user deletes their passkeys.
CREATE TABLE user_entities (
    id           VARCHAR(1000) PRIMARY KEY,
    name         VARCHAR(100)  NOT NULL REFERENCES users (username) ON DELETE CASCADE,
    display_name VARCHAR(200),
    CONSTRAINT user_entities_name_key UNIQUE (name)
);

CREATE TABLE user_credentials (
    credential_id                VARCHAR(1000) PRIMARY KEY,
    user_entity_user_id          VARCHAR(1000) NOT NULL REFERENCES user_entities (id) ON DELETE CASCADE,
    public_key                   BYTEA         NOT NULL,
    signature_count              BIGINT,
    uv_initialized               BOOLEAN,
    backup_eligible              BOOLEAN       NOT NULL,
    authenticator_transports     VARCHAR(1000),
    public_key_credential_type   VARCHAR(100),
    backup_state                 BOOLEAN       NOT NULL,
    attestation_object           BYTEA,
    attestation_client_data_json BYTEA,
    created                      TIMESTAMP,
    last_used                    TIMESTAMP,
    label                        VARCHAR(1000) NOT NULL
);
CREATE INDEX user_credentials_user_idx ON user_credentials (user_entity_user_id);
