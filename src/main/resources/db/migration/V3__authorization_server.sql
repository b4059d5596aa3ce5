-- Spring Authorization Server's JDBC schema, written so H2 (PostgreSQL mode) and PostgreSQL both run it:
-- unbounded VARCHAR instead of BLOB (H2 cannot compare LOBs), time zones on every timestamp (as its own notes advise for PostgreSQL).
CREATE TABLE oauth2_registered_client (
    id                            VARCHAR(100)  NOT NULL PRIMARY KEY,
    client_id                     VARCHAR(100)  NOT NULL,
    client_id_issued_at           TIMESTAMP WITH TIME ZONE DEFAULT CURRENT_TIMESTAMP NOT NULL,
    client_secret                 VARCHAR(200),
    client_secret_expires_at      TIMESTAMP WITH TIME ZONE,
    client_name                   VARCHAR(200)  NOT NULL,
    client_authentication_methods VARCHAR(1000) NOT NULL,
    authorization_grant_types     VARCHAR(1000) NOT NULL,
    redirect_uris                 VARCHAR(1000),
    post_logout_redirect_uris     VARCHAR(1000),
    scopes                        VARCHAR(1000) NOT NULL,
    client_settings               VARCHAR(2000) NOT NULL,
    token_settings                VARCHAR(2000) NOT NULL,
    CONSTRAINT oauth2_registered_client_client_id_key UNIQUE (client_id)
);

CREATE TABLE oauth2_authorization (
    id                            VARCHAR(100) NOT NULL PRIMARY KEY,
    registered_client_id          VARCHAR(100) NOT NULL,
    principal_name                VARCHAR(200) NOT NULL,
    authorization_grant_type      VARCHAR(100) NOT NULL,
    authorized_scopes             VARCHAR(1000),
    attributes                    VARCHAR,
    state                         VARCHAR(500),
    authorization_code_value      VARCHAR,
    authorization_code_issued_at  TIMESTAMP WITH TIME ZONE,
    authorization_code_expires_at TIMESTAMP WITH TIME ZONE,
    authorization_code_metadata   VARCHAR,
    access_token_value            VARCHAR,
    access_token_issued_at        TIMESTAMP WITH TIME ZONE,
    access_token_expires_at       TIMESTAMP WITH TIME ZONE,
    access_token_metadata         VARCHAR,
    access_token_type             VARCHAR(100),
    access_token_scopes           VARCHAR(1000),
    oidc_id_token_value           VARCHAR,
    oidc_id_token_issued_at       TIMESTAMP WITH TIME ZONE,
    oidc_id_token_expires_at      TIMESTAMP WITH TIME ZONE,
    oidc_id_token_metadata        VARCHAR,
    refresh_token_value           VARCHAR,
    refresh_token_issued_at       TIMESTAMP WITH TIME ZONE,
    refresh_token_expires_at      TIMESTAMP WITH TIME ZONE,
    refresh_token_metadata        VARCHAR,
    user_code_value               VARCHAR,
    user_code_issued_at           TIMESTAMP WITH TIME ZONE,
    user_code_expires_at          TIMESTAMP WITH TIME ZONE,
    user_code_metadata            VARCHAR,
    device_code_value             VARCHAR,
    device_code_issued_at         TIMESTAMP WITH TIME ZONE,
    device_code_expires_at        TIMESTAMP WITH TIME ZONE,
    device_code_metadata          VARCHAR
);
-- Password changes and deletions remove a user's authorizations.
CREATE INDEX oauth2_authorization_principal_name_idx ON oauth2_authorization (principal_name);

CREATE TABLE oauth2_authorization_consent (
    registered_client_id VARCHAR(100)  NOT NULL,
    principal_name       VARCHAR(200)  NOT NULL,
    authorities          VARCHAR(1000) NOT NULL,
    PRIMARY KEY (registered_client_id, principal_name)
);
