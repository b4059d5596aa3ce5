-- Apps that people register in the developer console (org.roost.registration): who owns which client. The client
-- itself is a row of oauth2_registered_client (Spring's store), which also names its owner in its settings.
CREATE TABLE registered_apps (
    client_id  VARCHAR(100)             NOT NULL PRIMARY KEY,
    owner_id   BIGINT                   NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX registered_apps_owner_idx ON registered_apps (owner_id);
