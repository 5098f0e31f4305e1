import { newId } from '../../db/columns';
import type { MonicaReminder, MonicaTask } from '../../providers/monica/monica-types';
import { instant, nextOccurrence } from './monica-dates';
import type { HistorySink } from './monica-history-sink';

// Monica's reminders and tasks: a reminder still to come (or recurring, on its next date) and an
// open task become Kith reminders keyed by their Monica id; a one-time reminder gone by and a
// task done become timeline entries, and a task done marks its earlier reminder done.

const what = (r: { title?: string | null; description?: string | null }) =>
  [r.title, r.description]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(' — ');

export function writeReminder(s: HistorySink, r: MonicaReminder): void {
  const contactId = s.ctx.kithIdOf(r.contact?.id);
  const first = (r.initial_date ?? r.next_expected_date ?? '').slice(0, 10);
  if (!contactId || !first) return s.count('unplaced');
  const repeats = r.frequency_type !== 'one_time' && (r.frequency_number ?? 0) > 0;
  if (!repeats && first < s.ctx.today)
    return s.entry(
      r.contact.id,
      {
        kind: 'note',
        subject: 'Monica reminder (past)',
        body: what(r),
        external_id: s.ext('reminder', r.id),
        occurred_at: instant(first)!,
      },
      'reminders_past',
    );
  const on = repeats ? nextOccurrence(first, r.frequency_type, r.frequency_number!, s.ctx.today) : first;
  const every = repeats ? ` (repeats every ${r.frequency_number} ${r.frequency_type}${r.frequency_number! > 1 ? 's' : ''} in Monica)` : '';
  s.out.reminders.push({
    id: newId(),
    contact_id: contactId,
    on,
    note: `Monica reminder: ${what(r)}${every}`.slice(0, 2000),
    key: s.ext('reminder', r.id),
    changed_at: s.changedAt,
  });
  s.count(repeats ? 'reminders_recurring' : 'reminders');
}

export function writeTask(s: HistorySink, t: MonicaTask): void {
  const contactId = t.contact ? s.ctx.kithIdOf(t.contact.id) : undefined;
  if (!contactId) return s.count('unplaced');
  if (t.completed) {
    s.entry(
      t.contact!.id,
      {
        kind: 'note',
        subject: 'Monica task (done)',
        body: what(t),
        external_id: s.ext('task', t.id),
        occurred_at: instant(t.completed_at ?? t.created_at)!,
      },
      'tasks_done',
    );
    s.out.doneKeys.push(s.ext('task', t.id));
    return;
  }
  s.out.reminders.push({
    id: newId(),
    contact_id: contactId,
    on: s.ctx.today,
    note: `Monica task: ${what(t)}`.slice(0, 2000),
    key: s.ext('task', t.id),
    changed_at: s.changedAt,
  });
  s.count('tasks_open');
}
