-- Places a geocoding job is asking the provider about right now (issue #25, docs/decisions/016).
-- An import's chunks are geocoded by jobs that may run at once and share places; a job asks
-- only for the places it claimed here, so each place costs one provider call. A claim is
-- released when the job has the answer, and lapses at `claimed_until` if the job died.
-- Global like geocode_cache: it lives in the directory.
CREATE TABLE geocode_claims (
  query_norm TEXT PRIMARY KEY,
  claimed_by TEXT NOT NULL,
  claimed_until TEXT NOT NULL
) WITHOUT ROWID;
