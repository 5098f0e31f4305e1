import type { NewInteraction } from '../timeline/record-interactions';
import type { ImportedReminderRow } from '../imports/imported-records-queries';
import type { LifeEventRow } from './monica-queries';

// What a page of Monica history becomes, and the sink each kind of record writes into: timeline
// entries (each also kept as a refresh, ADR 057), reminders, life events and the report's counts.

/** What a page of history becomes, and how many of each kind went where (the report's keys). */
export interface HistoryWrites {
  interactions: NewInteraction[];
  reminders: ImportedReminderRow[];
  lifeEvents: LifeEventRow[];
  /** Every timeline entry of the page as Monica has it now: one Kith already has is brought up to date (ADR 057). */
  refreshes: RefreshedEntry[];
  /** Reminders from tasks done in Monica since: marked done. */
  doneKeys: string[];
  counts: Record<string, number>;
}

/** A timeline entry as Monica has it now, with when Monica last changed it (null when it does not say). */
export interface RefreshedEntry {
  external_id: string;
  subject: string | null;
  body: string | null;
  occurred_at: string;
  changed_at: string | null;
}

export interface HistoryContext {
  apiRoot: string;
  /** The Kith contact a Monica contact id landed on. */
  kithIdOf: (monicaId: number | undefined) => string | undefined;
  /** YYYY-MM-DD today: a one-time reminder before it is history, a recurring one's next date is after it. */
  today: string;
  /** For the journal: the imported contacts by name. */
  names?: { contact_id: string; full_name: string }[];
}

/** Where the writer of one kind of record puts what it makes. */
export interface HistorySink {
  out: HistoryWrites;
  ctx: HistoryContext;
  /** When Monica last changed the record being written (its updated_at). */
  changedAt: string | null;
  count: (key: string, n?: number) => void;
  /** A key unique to the instance: `<host/path>:<kind>:<id>…`. */
  ext: (...parts: (string | number)[]) => string;
  /** A timeline entry on the Kith contact a Monica contact landed on, counted under `key`; "unplaced" when there is none. */
  entry: (monicaContactId: number | undefined, e: Omit<NewInteraction, 'contact_id' | 'source'>, key: string) => void;
  /** A timeline entry on a Kith contact already known. */
  push: (e: NewInteraction) => void;
}

export const short = (text: string | null | undefined, max = 2000) => (text ?? '').trim().slice(0, max);

export function newHistorySink(ctx: HistoryContext): HistorySink {
  const out: HistoryWrites = { interactions: [], reminders: [], lifeEvents: [], refreshes: [], doneKeys: [], counts: {} };
  const sink: HistorySink = {
    out,
    ctx,
    changedAt: null,
    count: (key, n = 1) => {
      out.counts[key] = (out.counts[key] ?? 0) + n;
    },
    ext: (...parts) => `${ctx.apiRoot.replace(/^https?:\/\//, '')}:${parts.join(':')}`,
    push: (e) => {
      out.interactions.push(e);
      out.refreshes.push({
        external_id: e.external_id!,
        subject: e.subject ?? null,
        body: e.body ?? null,
        occurred_at: new Date(e.occurred_at).toISOString(),
        changed_at: sink.changedAt,
      });
    },
    entry: (monicaContactId, e, key) => {
      const contactId = monicaContactId === undefined ? undefined : ctx.kithIdOf(monicaContactId);
      if (!contactId || !e.occurred_at) return sink.count('unplaced');
      sink.push({ ...e, contact_id: contactId, source: 'monica' });
      sink.count(key);
    },
  };
  return sink;
}
