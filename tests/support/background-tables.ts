/**
 * Tables only background work writes, on its own schedule: the map's cells follow geocoding, and
 * the life-events reader moves its position and daily count as queued messages are read. A test
 * comparing an account before and after a request leaves them out, or it races the queue. The log of
 * moved scores (ADR 055) follows relationship_score, which the comparisons ignore for the same reason.
 */
export const BACKGROUND_ONLY_TABLES = ['contact_map_cells', 'life_event_reading', 'contact_score_changes'];
