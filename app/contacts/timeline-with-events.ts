import type { LifeEventView } from '../../worker/domain/life-events/life-event-view';
import type { InteractionView } from '../../worker/domain/timeline/interaction-view';

export type TimelineEntry = { type: 'interaction'; item: InteractionView } | { type: 'event'; event: LifeEventView };

/** The day an event sits at on the timeline: its date (a year or month at its start), else the day it was recorded. */
export const eventDay = (e: LifeEventView) => e.happened_on ?? e.created_at.slice(0, 10);

/**
 * The contact's accepted life events placed among its interactions by day, newest first. An
 * event older than the oldest interaction loaded waits until the older pages are in
 * (`complete`), so it never shows above interactions that come before it.
 */
export function withLifeEvents(items: InteractionView[], events: LifeEventView[], complete: boolean): TimelineEntry[] {
  const pending = events.filter((e) => e.status === 'accepted').sort((a, b) => eventDay(b).localeCompare(eventDay(a)));
  const entries: TimelineEntry[] = [];
  let next = 0;
  for (const item of items) {
    const day = item.occurred_at.slice(0, 10);
    // The same day: the event first (a day's news above that day's messages).
    while (next < pending.length && eventDay(pending[next]!) >= day) entries.push({ type: 'event', event: pending[next++]! });
    entries.push({ type: 'interaction', item });
  }
  if (complete) while (next < pending.length) entries.push({ type: 'event', event: pending[next++]! });
  return entries;
}
