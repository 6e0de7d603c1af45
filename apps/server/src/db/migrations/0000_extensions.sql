-- Trigram matching for typo-tolerant search of the catalogue.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
