import { newId } from '../../db/columns';
import type { MonicaLifeEvent } from '../../providers/monica/monica-types';
import type { LifeEventKind } from '../life-events/life-event-kinds';
import type { HistorySink } from './monica-history-sink';

// Monica's life event types (default_life_event_type_key) with a kind of their own in Kith;
// every other type is "Other" with Monica's type name kept in the summary.
const KIND: Record<string, LifeEventKind> = {
  new_job: 'new_job',
  retirement: 'left_company',
  published_book_or_paper: 'published',
  engagement: 'engaged_married',
  marriage: 'engaged_married',
  new_child: 'new_child',
  expecting_a_baby: 'new_child',
  moved: 'moved',
  bought_a_home: 'moved',
  new_school: 'graduated',
  study_abroad: 'graduated',
};

export const lifeEventKindOf = (key: string | null | undefined): LifeEventKind => (key && KIND[key]) || 'custom';

/** A Monica life event as a Kith life event on its contact, keyed by its Monica id. */
export function writeLifeEvent(s: HistorySink, e: MonicaLifeEvent): void {
  const contactId = s.ctx.kithIdOf(e.contact?.id);
  if (!contactId) return s.count('unplaced');
  const type = e.life_event_type?.name?.trim();
  const summary = [e.name?.trim(), type && type !== e.name?.trim() ? `(${type})` : null].filter(Boolean).join(' ') || type || 'Life event';
  s.out.lifeEvents.push({
    id: newId(),
    contact_id: contactId,
    kind: lifeEventKindOf(e.life_event_type?.default_life_event_type_key),
    summary: summary.slice(0, 200),
    happened_on: e.happened_at?.slice(0, 10) ?? null,
    evidence: e.note?.trim() ? `Monica: ${e.note.trim()}`.slice(0, 2000) : 'From Monica',
    key: s.ext('lifeevent', e.id),
    changed_at: s.changedAt,
  });
  s.count('life_events');
}
