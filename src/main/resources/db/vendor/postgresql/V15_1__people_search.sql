-- People search (GET /api/v1/users?q=…) matches a substring of the lowered username or name. Trigram (pg_trgm) GIN
-- indexes serve such LIKE conditions whatever the position of the text; the two conditions are ORed, so there is
-- one index per column and the planner combines them (BitmapOr), then keeps the page's ids in order.
-- pg_trgm ships with PostgreSQL and is a trusted extension (PostgreSQL 13+: a database owner may create it). Where
-- it cannot be created (no privilege, or it lives in another schema), the search still works, scanning users:
-- nothing fails, and a notice says why.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
    CREATE INDEX users_username_trgm_idx ON users USING gin (LOWER(username) public.gin_trgm_ops);
    CREATE INDEX users_name_trgm_idx ON users USING gin (LOWER(name) public.gin_trgm_ops);
EXCEPTION WHEN insufficient_privilege OR undefined_file OR undefined_object OR feature_not_supported THEN
    RAISE NOTICE 'people search without trigram indexes: %', SQLERRM;
END $$;
