-- How the user signed in when the family began (space-separated RFC 8176 values): access tokens refreshed from it
-- say the same in their `amr` claim.
ALTER TABLE refresh_tokens ADD COLUMN amr VARCHAR(64) DEFAULT 'pwd' NOT NULL;
