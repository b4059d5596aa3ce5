-- A short text about the user, shown on their profile (NULL: none). At most 300 characters (checked by the API).
ALTER TABLE users ADD COLUMN bio VARCHAR(1200);
