import type { MonicaActivity } from '../../providers/monica/monica-types';
import { instant } from './monica-dates';
import { newHistorySink, type HistoryContext, type HistorySink, type HistoryWrites } from './monica-history-sink';
import { writeJournalEntry } from './monica-journal';
import { writeLifeEvent } from './monica-life-events';
import { writeReminder, writeTask } from './monica-reminders';
import type { MonicaStage } from './monica-stages';
import { writeActivity, writeCall, writeConversation, writeDebt, writeGift, writeNote } from './monica-timeline-records';

export type { HistoryContext, HistoryWrites, RefreshedEntry } from './monica-history-sink';

// The writer of each list of history (the stages after contacts, relationships and groups).
const WRITERS: Partial<Record<MonicaStage, (s: HistorySink, raw: never) => void>> = {
  notes: writeNote,
  activities: writeActivity,
  calls: writeCall,
  conversations: writeConversation,
  reminders: writeReminder,
  tasks: writeTask,
  lifeevents: writeLifeEvent,
  gifts: writeGift,
  debts: writeDebt,
  journal: writeJournalEntry,
};

/** Monica's records of one list as timeline entries, reminders and life events. */
export function historyWrites(stage: MonicaStage, items: unknown[], ctx: HistoryContext): HistoryWrites {
  const sink = newHistorySink(ctx);
  const write = WRITERS[stage];
  if (!write) return sink.out;
  for (const raw of items) {
    sink.changedAt = instant((raw as { updated_at?: string | null }).updated_at);
    write(sink, raw as never);
  }
  return sink.out;
}

/** The Monica contact ids a page of history names: their Kith contacts are looked up in one query. */
export function contactIdsNamed(stage: MonicaStage, items: unknown[]): number[] {
  return items.flatMap((raw) => {
    if (stage === 'activities') return ((raw as MonicaActivity).attendees?.contacts ?? []).map((c) => c.id);
    const contact = (raw as { contact?: { id: number } | null }).contact;
    return contact?.id !== undefined ? [contact.id] : [];
  });
}
