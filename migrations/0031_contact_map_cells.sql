-- How many placed contacts each user has in each world grid cell, with the sums of their
-- coordinates (issue 25). The map's world view (zoom 4 and below) groups contacts by this cell
-- before supercluster merges cells 50 px apart; reading every placed contact through
-- contacts_user_map_cell took 100 ms at 500 000 contacts in node:sqlite, twice the map's budget.
-- When the view holds the whole network, the cells are now read from here: a row per cell.
--
-- `cell` is word for word the key of contacts_user_map_cell (0013_speed.sql) and WORLD_CELL
-- (worker/domain/map/placed-bounds-queries.ts): change all three together. A cell of one contact names
-- it (`sample_id`), so the view can show that contact's pin; in a larger cell it is any member.
-- Sums are floats: adding and taking away a contact may leave a last-digit error in a centre,
-- which is far below a pixel, and a cell's row goes with its last contact.
--
-- Triggers keep it, so every way a contact is written or placed keeps it too, as 0030's totals.

CREATE TABLE contact_map_cells (
  user_id TEXT NOT NULL,
  cell INTEGER NOT NULL,
  placed INTEGER NOT NULL,
  latitude_sum REAL NOT NULL,
  longitude_sum REAL NOT NULL,
  sample_id TEXT NOT NULL,
  PRIMARY KEY (user_id, cell)
) WITHOUT ROWID;

CREATE TRIGGER contact_map_cells_insert AFTER INSERT ON contacts
WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL BEGIN
  INSERT INTO contact_map_cells (user_id, cell, placed, latitude_sum, longitude_sum, sample_id)
  VALUES (NEW.user_id, CAST((NEW.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((NEW.latitude + 90) / 0.703125 AS INTEGER),
    1, NEW.latitude, NEW.longitude, NEW.id)
  ON CONFLICT (user_id, cell) DO UPDATE SET placed = placed + 1, latitude_sum = latitude_sum + excluded.latitude_sum,
    longitude_sum = longitude_sum + excluded.longitude_sum;
END;

-- Taking a contact out of its cell: the row goes with the cell's last contact, and a cell whose
-- sample left names another member, found by one seek of contacts_user_map_cell.
CREATE TRIGGER contact_map_cells_delete AFTER DELETE ON contacts
WHEN OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL BEGIN
  UPDATE contact_map_cells SET placed = placed - 1, latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER);
  DELETE FROM contact_map_cells
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
     AND placed <= 0;
  UPDATE contact_map_cells SET sample_id = coalesce((
      SELECT id FROM contacts INDEXED BY contacts_user_map_cell
       WHERE user_id = OLD.user_id AND latitude IS NOT NULL
         AND (CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER)) = contact_map_cells.cell
       LIMIT 1), sample_id)
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
     AND sample_id = OLD.id;
END;

-- A contact placed, moved or unplaced (geocoding, an edit, a merge): out of the old cell, into
-- the new one, in either order. The same statements as the two triggers above; the sample is
-- looked for after the update, so a contact that stays in its cell may stay its sample.
CREATE TRIGGER contact_map_cells_move_out AFTER UPDATE OF latitude, longitude ON contacts
WHEN OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL
 AND (NEW.latitude IS NOT OLD.latitude OR NEW.longitude IS NOT OLD.longitude) BEGIN
  UPDATE contact_map_cells SET placed = placed - 1, latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER);
  DELETE FROM contact_map_cells
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
     AND placed <= 0;
  UPDATE contact_map_cells SET sample_id = coalesce((
      SELECT id FROM contacts INDEXED BY contacts_user_map_cell
       WHERE user_id = OLD.user_id AND latitude IS NOT NULL
         AND (CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER)) = contact_map_cells.cell
       LIMIT 1), sample_id)
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
     AND sample_id = OLD.id;
END;

CREATE TRIGGER contact_map_cells_move_in AFTER UPDATE OF latitude, longitude ON contacts
WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
 AND (NEW.latitude IS NOT OLD.latitude OR NEW.longitude IS NOT OLD.longitude) BEGIN
  INSERT INTO contact_map_cells (user_id, cell, placed, latitude_sum, longitude_sum, sample_id)
  VALUES (NEW.user_id, CAST((NEW.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((NEW.latitude + 90) / 0.703125 AS INTEGER),
    1, NEW.latitude, NEW.longitude, NEW.id)
  ON CONFLICT (user_id, cell) DO UPDATE SET placed = placed + 1, latitude_sum = latitude_sum + excluded.latitude_sum,
    longitude_sum = longitude_sum + excluded.longitude_sum;
END;

-- The contacts placed before.
INSERT INTO contact_map_cells (user_id, cell, placed, latitude_sum, longitude_sum, sample_id)
SELECT user_id, CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER),
  count(*), sum(latitude), sum(longitude), min(id)
  FROM contacts WHERE latitude IS NOT NULL AND longitude IS NOT NULL
 GROUP BY 1, 2;
