-- pg_trgm backs every list search (GIN trigram indexes, 3 characters or more).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
