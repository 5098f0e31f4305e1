import type { MonicaJournalEntry } from '../../providers/monica/monica-types';
import { instant } from './monica-dates';
import { short, type HistorySink } from './monica-history-sink';

// Kith has no journal: an entry lands on the timeline of every imported contact it names by
// full name (whole words), and is counted as unplaced when it names none.

export function writeJournalEntry(s: HistorySink, j: MonicaJournalEntry): void {
  const text = `${j.title ?? ''}\n${j.post ?? ''}`.toLowerCase();
  const named = (s.ctx.names ?? []).filter((n) => n.full_name.includes(' ') && containsName(text, n.full_name.toLowerCase()));
  if (!named.length) return s.count('journal_unplaced');
  for (const n of named)
    s.push({
      contact_id: n.contact_id,
      kind: 'note',
      subject: `Monica journal${j.title?.trim() ? `: ${j.title.trim().slice(0, 150)}` : ''}`,
      body: short(j.post, 20_000),
      source: 'monica',
      external_id: s.ext('journal', j.id, n.contact_id),
      occurred_at: instant(j.created_at)!,
    });
  s.count('journal');
}

const containsName = (text: string, name: string) => {
  const at = text.indexOf(name);
  if (at < 0) return false;
  const before = text[at - 1];
  const after = text[at + name.length];
  return (!before || !/\p{L}/u.test(before)) && (!after || !/\p{L}/u.test(after));
};
