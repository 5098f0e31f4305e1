import type {
  MonicaActivity,
  MonicaCall,
  MonicaConversation,
  MonicaDebt,
  MonicaGift,
  MonicaNote,
} from '../../providers/monica/monica-types';
import { instant } from './monica-dates';
import { short, type HistorySink } from './monica-history-sink';

// Monica records that become timeline entries on their contacts: notes, activities (on every
// attendee), calls, conversations' messages, and gifts and debts (no place of their own in Kith).

export function writeNote(s: HistorySink, n: MonicaNote): void {
  const subject = n.is_favorited ? 'Monica note ★ favourite' : 'Monica note';
  s.entry(
    n.contact?.id,
    { kind: 'note', subject, body: short(n.body, 20_000), external_id: s.ext('note', n.id), occurred_at: instant(n.created_at)! },
    'notes',
  );
}

export function writeActivity(s: HistorySink, a: MonicaActivity): void {
  const type = a.activity_type?.name ? ` (${a.activity_type.name})` : '';
  for (const who of a.attendees?.contacts ?? [])
    s.entry(
      who.id,
      {
        kind: 'meeting',
        channel: 'meeting',
        conversation: true,
        subject: `${short(a.summary, 200)}${type}`,
        body: short(a.description) || null,
        external_id: s.ext('activity', a.id, who.id),
        occurred_at: instant(a.happened_at)!,
      },
      'activities',
    );
}

export function writeCall(s: HistorySink, c: MonicaCall): void {
  s.entry(
    c.contact?.id,
    {
      kind: 'call',
      channel: 'call',
      conversation: true,
      direction: c.contact_called ? 'in' : 'out',
      subject: c.contact_called ? 'Call (they called)' : 'Call (you called)',
      body: short(c.content) || null,
      external_id: s.ext('call', c.id),
      occurred_at: instant(c.called_at)!,
    },
    'calls',
  );
}

export function writeConversation(s: HistorySink, c: MonicaConversation): void {
  const channel = c.contact_field_type?.name?.trim() || 'Conversation';
  for (const m of c.messages ?? [])
    s.entry(
      c.contact?.id,
      {
        kind: 'message',
        channel: channel.toLowerCase().slice(0, 40),
        conversation: true,
        direction: m.written_by_me ? 'out' : 'in',
        subject: `${channel}: ${m.written_by_me ? 'you wrote' : 'they wrote'}`,
        body: short(m.content, 20_000),
        external_id: s.ext('message', m.id),
        occurred_at: instant(m.written_at) ?? instant(c.happened_at)!,
      },
      'messages',
    );
}

export function writeGift(s: HistorySink, g: MonicaGift): void {
  const state = g.status === 'offered' ? 'offered' : g.status === 'received' ? 'received' : 'idea';
  const subject = { idea: 'Monica gift idea', offered: 'Monica gift offered', received: 'Monica gift received' }[state];
  const body = [g.name, g.amount_with_currency, g.comment, g.url]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(' · ');
  s.entry(
    g.contact?.id,
    { kind: 'note', subject, body, external_id: s.ext('gift', g.id), occurred_at: instant(g.date ?? g.created_at)! },
    'gifts',
  );
}

export function writeDebt(s: HistorySink, d: MonicaDebt): void {
  const who = d.contact?.first_name?.trim() || d.contact?.complete_name?.trim() || 'them';
  const amount = d.amount_with_currency?.trim() || String(d.amount ?? '');
  const reason = d.reason?.trim() ? ` for ${d.reason.trim()}` : '';
  const line = d.in_debt === 'yes' ? `you owe ${who} ${amount}${reason}` : `${who} owes you ${amount}${reason}`;
  const settled = d.status === 'complete' ? ' (settled)' : '';
  s.entry(
    d.contact?.id,
    {
      kind: 'note',
      subject: 'Monica debt',
      body: `Monica debt: ${line}${settled}`,
      external_id: s.ext('debt', d.id),
      occurred_at: instant(d.created_at)!,
    },
    'debts',
  );
}
