-- The map page names the contacts whose location could not be placed (issue 22), counting them
-- and listing the first 50 by name (worker/domain/map/network-view.ts). Without an index for
-- them SQLite read every contact of the user: 36 ms to count and 211 ms to list at 100 000
-- contacts (node:sqlite, the bench data), on every load of /map. This partial index holds only
-- those contacts, usually none or a few, so both reads are an index range; its WHERE is the
-- query's condition word for word, which is how SQLite knows it may use it.
CREATE INDEX contacts_user_unplaced ON contacts(user_id, name_sort, id)
  WHERE location IS NOT NULL AND latitude IS NULL AND geocoded_location IS location;
