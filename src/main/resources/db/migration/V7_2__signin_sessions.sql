-- The authorization server's sign-in sessions by user (its SessionRegistry), shared by every instance so that
-- the ID token's sid and /connect/logout work whichever instance a request reaches. The sessions themselves
-- stay in Spring Session's store; a row whose session is gone is ignored and purged.
CREATE TABLE signin_sessions (
    session_id     VARCHAR(128) PRIMARY KEY,
    principal_name VARCHAR(200) NOT NULL,
    last_request   TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX signin_sessions_principal_name_idx ON signin_sessions (principal_name);
