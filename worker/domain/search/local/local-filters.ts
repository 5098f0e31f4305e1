import { foldedWords, foldText } from '../../folding';
import { parseSearch } from '../search-terms';
import type { SearchRow } from './search-row';

/**
 * The list's filters a local index can apply, because its rows carry what they read
 * (docs/decisions/068): tags, the place, priorities, the score's bounds and the due date.
 * Sources, a map box and "related to" are not kept on the device: a search with one of them
 * is the server's alone.
 */
export interface LocalFilters {
  tags: string[];
  /** The place filter's text ("Lisbon", "Berlin, Germany"). */
  place: string;
  priorities: SearchRow['priority'][];
  scoreMin: number | null;
  scoreMax: number | null;
  /** The last due date let through (the API's `due_by`, in the user's calendar). */
  dueBy: string | null;
}

/** What a local search asks of each match beside the words: whether archived contacts may answer, and the rest. */
export interface RowFilter {
  archived: boolean;
  keeps: (row: SearchRow) => boolean;
}

// The server compares tags by tag_norm (worker/domain/contacts/normalize.ts tagNorm, which the
// browser cannot import: its module pulls zod): trimmed and lower-cased.
const tagKey = (tag: string) => tag.trim().toLowerCase();

/**
 * The filters as the server applies them (contact-list-filter-queries.ts): any of the tags;
 * every word of the place a prefix of a word of the row's places; the priorities, archived
 * only when asked for; the score within its bounds; due on or before `dueBy` (no cadence is
 * never due).
 */
export function rowFilterOf(filters: LocalFilters): RowFilter {
  const tags = new Set(filters.tags.map(tagKey).filter(Boolean));
  const placeWords = parseSearch(filters.place)?.words ?? [];
  const priorities = new Set(filters.priorities);
  const { scoreMin, scoreMax, dueBy } = filters;
  return {
    archived: priorities.has('archived'),
    keeps: (row) => {
      if (priorities.size > 0 && !priorities.has(row.priority)) return false;
      if (scoreMin !== null && row.relationship_score < scoreMin) return false;
      if (scoreMax !== null && row.relationship_score > scoreMax) return false;
      if (dueBy !== null && (row.next_due ?? '9999-12-31') > dueBy) return false;
      if (tags.size > 0 && !row.tags.some((tag) => tags.has(tagKey(tag)))) return false;
      if (placeWords.length > 0) {
        const words = foldedWords(foldText(row.places ?? ''));
        if (!placeWords.every((wanted) => words.some((word) => word.startsWith(wanted)))) return false;
      }
      return true;
    },
  };
}
