-- 0031's delete and move-out triggers look for a cell's next sample with the cell named by the
-- cells row's own column. SQLite's planner does not match that correlated column against
-- contacts_user_map_cell's cell expression, so each lookup walked all of the user's placed
-- contacts from the start: a bulk delete of 10 000 contacts spent 0.5-1.0 s of its ~3 s in
-- them (node:sqlite, the bench's 50 000 contacts). Naming the cell from OLD's coordinates,
-- which is the same cell, makes it one seek. The statements are otherwise 0031's.

DROP TRIGGER contact_map_cells_delete;
DROP TRIGGER contact_map_cells_move_out;

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
         AND (CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER))
           = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
       LIMIT 1), sample_id)
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
     AND sample_id = OLD.id;
END;

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
         AND (CAST((longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((latitude + 90) / 0.703125 AS INTEGER))
           = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
       LIMIT 1), sample_id)
   WHERE user_id = OLD.user_id
     AND cell = CAST((OLD.longitude + 180) / 0.703125 AS INTEGER) * 512 + CAST((OLD.latitude + 90) / 0.703125 AS INTEGER)
     AND sample_id = OLD.id;
END;
