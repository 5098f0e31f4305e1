import { newId } from '../../db/columns';
import type { NewInteraction } from '../timeline/record-interactions';
import type { ImportedReminderRow } from '../imports/imported-records-queries';
import type {
  MonicaActivity,
  MonicaCall,
  MonicaConversation,
  MonicaDebt,
  MonicaGift,
  MonicaJournalEntry,
  MonicaLifeEvent,
  MonicaNote,
  MonicaReminder,
  MonicaTask,
} from '../../providers/monica/monica-types';
import { instant, nextOccurrence } from './monica-dates';
import type { LifeEventRow } from './monica-queries';
import { lifeEventKindOf } from './monica-life-events';
import type { MonicaStage } from './monica-stages';

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

const short = (text: string | null | undefined, max = 2000) => (text ?? '').trim().slice(0, max);

/** Monica's records of one list as timeline entries, reminders and life events. */
export function historyWrites(stage: MonicaStage, items: unknown[], ctx: HistoryContext): HistoryWrites {
  const out: HistoryWrites = { interactions: [], reminders: [], lifeEvents: [], refreshes: [], doneKeys: [], counts: {} };
  let changedAt: string | null = null;
  const refresh = (e: NewInteraction) =>
    out.refreshes.push({
      external_id: e.external_id!,
      subject: e.subject ?? null,
      body: e.body ?? null,
      occurred_at: new Date(e.occurred_at).toISOString(),
      changed_at: changedAt,
    });
  const count = (key: string, n = 1) => (out.counts[key] = (out.counts[key] ?? 0) + n);
  const ext = (...parts: (string | number)[]) => `${ctx.apiRoot.replace(/^https?:\/\//, '')}:${parts.join(':')}`;
  const entry = (monicaContactId: number | undefined, e: Omit<NewInteraction, 'contact_id' | 'source'>, key: string) => {
    const contactId = monicaContactId === undefined ? undefined : ctx.kithIdOf(monicaContactId);
    if (!contactId || !e.occurred_at) return count('unplaced');
    out.interactions.push({ ...e, contact_id: contactId, source: 'monica' });
    refresh(out.interactions.at(-1)!);
    count(key);
  };
  for (const raw of items) {
    changedAt = instant((raw as { updated_at?: string | null }).updated_at);
    switch (stage) {
      case 'notes': {
        const n = raw as MonicaNote;
        const subject = n.is_favorited ? 'Monica note ★ favourite' : 'Monica note';
        entry(
          n.contact?.id,
          { kind: 'note', subject, body: short(n.body, 20_000), external_id: ext('note', n.id), occurred_at: instant(n.created_at)! },
          'notes',
        );
        break;
      }
      case 'activities': {
        const a = raw as MonicaActivity;
        const type = a.activity_type?.name ? ` (${a.activity_type.name})` : '';
        for (const who of a.attendees?.contacts ?? [])
          entry(
            who.id,
            {
              kind: 'meeting',
              channel: 'meeting',
              conversation: true,
              subject: `${short(a.summary, 200)}${type}`,
              body: short(a.description) || null,
              external_id: ext('activity', a.id, who.id),
              occurred_at: instant(a.happened_at)!,
            },
            'activities',
          );
        break;
      }
      case 'calls': {
        const c = raw as MonicaCall;
        entry(
          c.contact?.id,
          {
            kind: 'call',
            channel: 'call',
            conversation: true,
            direction: c.contact_called ? 'in' : 'out',
            subject: c.contact_called ? 'Call (they called)' : 'Call (you called)',
            body: short(c.content) || null,
            external_id: ext('call', c.id),
            occurred_at: instant(c.called_at)!,
          },
          'calls',
        );
        break;
      }
      case 'conversations': {
        const c = raw as MonicaConversation;
        const channel = c.contact_field_type?.name?.trim() || 'Conversation';
        for (const m of c.messages ?? [])
          entry(
            c.contact?.id,
            {
              kind: 'message',
              channel: channel.toLowerCase().slice(0, 40),
              conversation: true,
              direction: m.written_by_me ? 'out' : 'in',
              subject: `${channel}: ${m.written_by_me ? 'you wrote' : 'they wrote'}`,
              body: short(m.content, 20_000),
              external_id: ext('message', m.id),
              occurred_at: instant(m.written_at) ?? instant(c.happened_at)!,
            },
            'messages',
          );
        break;
      }
      case 'reminders': {
        const r = raw as MonicaReminder;
        const contactId = ctx.kithIdOf(r.contact?.id);
        const first = (r.initial_date ?? r.next_expected_date ?? '').slice(0, 10);
        if (!contactId || !first) {
          count('unplaced');
          break;
        }
        const repeats = r.frequency_type !== 'one_time' && (r.frequency_number ?? 0) > 0;
        const what = [r.title, r.description]
          .map((v) => v?.trim())
          .filter(Boolean)
          .join(' — ');
        if (!repeats && first < ctx.today) {
          entry(
            r.contact.id,
            {
              kind: 'note',
              subject: 'Monica reminder (past)',
              body: what,
              external_id: ext('reminder', r.id),
              occurred_at: instant(first)!,
            },
            'reminders_past',
          );
          break;
        }
        const on = repeats ? nextOccurrence(first, r.frequency_type, r.frequency_number!, ctx.today) : first;
        const every = repeats
          ? ` (repeats every ${r.frequency_number} ${r.frequency_type}${r.frequency_number! > 1 ? 's' : ''} in Monica)`
          : '';
        out.reminders.push({
          id: newId(),
          contact_id: contactId,
          on,
          note: `Monica reminder: ${what}${every}`.slice(0, 2000),
          key: ext('reminder', r.id),
          changed_at: changedAt,
        });
        count(repeats ? 'reminders_recurring' : 'reminders');
        break;
      }
      case 'tasks': {
        const t = raw as MonicaTask;
        const what = [t.title, t.description]
          .map((v) => v?.trim())
          .filter(Boolean)
          .join(' — ');
        const contactId = t.contact ? ctx.kithIdOf(t.contact.id) : undefined;
        if (!contactId) {
          count('unplaced');
          break;
        }
        if (t.completed) {
          entry(
            t.contact!.id,
            {
              kind: 'note',
              subject: 'Monica task (done)',
              body: what,
              external_id: ext('task', t.id),
              occurred_at: instant(t.completed_at ?? t.created_at)!,
            },
            'tasks_done',
          );
          out.doneKeys.push(ext('task', t.id));
        } else {
          out.reminders.push({
            id: newId(),
            contact_id: contactId,
            on: ctx.today,
            note: `Monica task: ${what}`.slice(0, 2000),
            key: ext('task', t.id),
            changed_at: changedAt,
          });
          count('tasks_open');
        }
        break;
      }
      case 'lifeevents': {
        const e = raw as MonicaLifeEvent;
        const contactId = ctx.kithIdOf(e.contact?.id);
        if (!contactId) {
          count('unplaced');
          break;
        }
        const type = e.life_event_type?.name?.trim();
        const summary =
          [e.name?.trim(), type && type !== e.name?.trim() ? `(${type})` : null].filter(Boolean).join(' ') || type || 'Life event';
        out.lifeEvents.push({
          id: newId(),
          contact_id: contactId,
          kind: lifeEventKindOf(e.life_event_type?.default_life_event_type_key),
          summary: summary.slice(0, 200),
          happened_on: e.happened_at?.slice(0, 10) ?? null,
          evidence: e.note?.trim() ? `Monica: ${e.note.trim()}`.slice(0, 2000) : 'From Monica',
          key: ext('lifeevent', e.id),
          changed_at: changedAt,
        });
        count('life_events');
        break;
      }
      case 'gifts': {
        const g = raw as MonicaGift;
        const state = g.status === 'offered' ? 'offered' : g.status === 'received' ? 'received' : 'idea';
        const subject = { idea: 'Monica gift idea', offered: 'Monica gift offered', received: 'Monica gift received' }[state];
        const body = [g.name, g.amount_with_currency, g.comment, g.url]
          .map((v) => v?.trim())
          .filter(Boolean)
          .join(' · ');
        entry(
          g.contact?.id,
          { kind: 'note', subject, body, external_id: ext('gift', g.id), occurred_at: instant(g.date ?? g.created_at)! },
          'gifts',
        );
        break;
      }
      case 'debts': {
        const d = raw as MonicaDebt;
        const who = d.contact?.first_name?.trim() || d.contact?.complete_name?.trim() || 'them';
        const amount = d.amount_with_currency?.trim() || String(d.amount ?? '');
        const reason = d.reason?.trim() ? ` for ${d.reason.trim()}` : '';
        const line = d.in_debt === 'yes' ? `you owe ${who} ${amount}${reason}` : `${who} owes you ${amount}${reason}`;
        const settled = d.status === 'complete' ? ' (settled)' : '';
        entry(
          d.contact?.id,
          {
            kind: 'note',
            subject: 'Monica debt',
            body: `Monica debt: ${line}${settled}`,
            external_id: ext('debt', d.id),
            occurred_at: instant(d.created_at)!,
          },
          'debts',
        );
        break;
      }
      case 'journal': {
        const j = raw as MonicaJournalEntry;
        const text = `${j.title ?? ''}\n${j.post ?? ''}`.toLowerCase();
        const named = (ctx.names ?? []).filter((n) => n.full_name.includes(' ') && containsName(text, n.full_name.toLowerCase()));
        if (!named.length) {
          count('journal_unplaced');
          break;
        }
        for (const n of named) {
          out.interactions.push({
            contact_id: n.contact_id,
            kind: 'note',
            subject: `Monica journal${j.title?.trim() ? `: ${j.title.trim().slice(0, 150)}` : ''}`,
            body: short(j.post, 20_000),
            source: 'monica',
            external_id: ext('journal', j.id, n.contact_id),
            occurred_at: instant(j.created_at)!,
          });
          refresh(out.interactions.at(-1)!);
        }
        count('journal');
        break;
      }
      default:
        break;
    }
  }
  return out;
}

const containsName = (text: string, name: string) => {
  const at = text.indexOf(name);
  if (at < 0) return false;
  const before = text[at - 1];
  const after = text[at + name.length];
  return (!before || !/\p{L}/u.test(before)) && (!after || !/\p{L}/u.test(after));
};

/** The Monica contact ids a page of history names: their Kith contacts are looked up in one query. */
export function contactIdsNamed(stage: MonicaStage, items: unknown[]): number[] {
  return items.flatMap((raw) => {
    if (stage === 'activities') return ((raw as MonicaActivity).attendees?.contacts ?? []).map((c) => c.id);
    const contact = (raw as { contact?: { id: number } | null }).contact;
    return contact?.id !== undefined ? [contact.id] : [];
  });
}
