import { rowFilterOf, type RowFilter } from '../../../worker/domain/search/local/local-filters';
import { dueByOf } from './due-by';
import type { ListState } from './list-state';

/**
 * The list's filters as this device's index applies them (docs/decisions/068), or null when
 * one of them reads what the index does not keep (the source, a map box, "related to"): that
 * search is the server's alone.
 */
export function localListFilter(state: ListState, timeZone: string, now = new Date()): RowFilter | null {
  if (state.sources.length > 0 || state.bbox || state.relatedTo) return null;
  return rowFilterOf({
    tags: state.tags,
    place: state.place,
    priorities: state.priorities,
    scoreMin: state.scoreMin,
    scoreMax: state.scoreMax,
    dueBy: dueByOf(state.due, timeZone, now) ?? null,
  });
}
