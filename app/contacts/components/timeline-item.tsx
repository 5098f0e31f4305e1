import { useFetcher } from '@remix-run/react';
import {
  ArrowDownLeft,
  ArrowUpRight,
  CalendarDays,
  Check,
  CheckCheck,
  Coffee,
  Lock,
  Mail,
  MessageCircle,
  Pencil,
  Phone,
  StickyNote,
  Trash2,
  UserRoundPen,
} from '../../components/icons';
import { useEffect, useState } from 'react';
import { focusPageHeading } from '../../palette/focus-page-heading';
import type { InteractionView } from '../../../worker/domain/timeline/interaction-view';
import { inputClass } from '../../components/ui/text-field';
import { buttonClass } from '../../components/ui/button';
import { useDateFormat } from '../../layout/time-zone';

const TRUNCATE_AT = 400;

const KIND_ICON: Record<string, typeof Mail> = {
  email: Mail,
  message: MessageCircle,
  note: StickyNote,
  meeting: CalendarDays,
  coffee: Coffee,
  call: Phone,
  bio_change: UserRoundPen,
};

// Messages the browser extension sends for Kith (LinkedIn): queued → sent or failed.
const OUTBOX_BADGE: Record<string, string> = {
  queued: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300',
  sent: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950 dark:text-red-300',
};

const capitalized = (s: string) => s[0]!.toUpperCase() + s.slice(1);
/** Channels whose name is not their id capitalized. */
const CHANNEL_NAMES: Record<string, string> = { twitter: 'X', linkedin: 'LinkedIn' };
const channelName = (channel: string) => CHANNEL_NAMES[channel] ?? capitalized(channel);

function label(item: InteractionView): string {
  if (item.kind === 'note') return item.conversation ? 'Conversation' : 'Note';
  if (item.kind === 'meeting') return 'Meeting';
  if (item.kind === 'coffee') return 'Coffee';
  if (item.kind === 'call') return 'Call';
  if (item.kind === 'message' && item.source === 'manual')
    return item.direction === 'in' ? 'Message received (logged)' : 'Message sent (logged)';
  if (item.kind === 'bio_change') return item.channel ? `${channelName(item.channel)} bio changed` : 'Bio changed';
  const channel = item.channel ? channelName(item.channel) : 'Message';
  if (item.status === 'queued' || item.status === 'failed') return `${channel} message`;
  return item.direction === 'out' ? `${channel} sent` : item.direction === 'in' ? `${channel} received` : channel;
}

/** SPEC §8: bodies over 400 characters are cut with "Show more", which expands in place. */
function Body({ text, isLong }: { text: string; isLong: boolean }) {
  const [expanded, setExpanded] = useState(false);
  if (!isLong) return <p className="whitespace-pre-wrap break-words">{text}</p>;
  return (
    <div>
      <p className="whitespace-pre-wrap break-words">{expanded ? text : `${text.slice(0, TRUNCATE_AT).trimEnd()}…`}</p>
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
        className="mt-1 text-xs font-medium text-brand-600 hover:underline"
      >
        {expanded ? 'Show less' : 'Show more'}
      </button>
    </div>
  );
}

function NoteEditor({ item, onDone }: { item: InteractionView; onDone: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; error?: { message: string } }>();
  const [draft, setDraft] = useState(item.body ?? '');
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);
  return (
    <fetcher.Form method="post" className="space-y-2" onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <input type="hidden" name="intent" value="edit-note" />
      <input type="hidden" name="id" value={item.id} />
      <textarea
        autoFocus
        aria-label="Note text"
        name="body"
        rows={3}
        className={inputClass}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <label className="flex items-center gap-1.5 text-xs text-slate-700 dark:text-slate-300">
        <input type="checkbox" name="private" defaultChecked={item.private} /> Private (hidden from apps and tokens that may not see private
        notes)
      </label>
      {fetcher.data?.error ? (
        <p role="alert" className="text-sm text-red-600">
          {fetcher.data.error.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'px-2 py-1 text-xs')} disabled={fetcher.state !== 'idle'}>
          Save note
        </button>
        <button type="button" className={buttonClass('ghost', 'px-2 py-1 text-xs')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}

export function TimelineItem({ item }: { item: InteractionView }) {
  const [editing, setEditing] = useState(false);
  const remove = useFetcher();
  const format = useDateFormat();
  const Icon = KIND_ICON[item.kind] ?? MessageCircle;
  const Direction = item.direction === 'out' ? ArrowUpRight : item.direction === 'in' ? ArrowDownLeft : null;
  const deleting = remove.state !== 'idle';
  // The deleted note took its Delete button, and the keyboard with it: give it the page's heading.
  useEffect(() => {
    if (deleting && (!document.activeElement || document.activeElement === document.body)) focusPageHeading();
  }, [deleting]);
  if (deleting) return null;
  return (
    <li
      className="group relative flex gap-3 rounded-md px-2 py-3 hover:bg-slate-50 focus-within:bg-slate-50 dark:hover:bg-slate-800/50 dark:focus-within:bg-slate-800/50"
      data-testid="timeline-item"
      id={`interaction-${item.id}`}
    >
      <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Icon aria-hidden className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <span className="font-medium text-slate-700 dark:text-slate-300">{label(item)}</span>
          {item.private ? (
            <span className="inline-flex items-center gap-0.5" data-testid="private-note">
              <Lock aria-hidden className="h-3 w-3" />
              Private
            </span>
          ) : null}
          {Direction ? <Direction aria-hidden className="h-3 w-3" /> : null}
          <time dateTime={item.occurred_at}>{format.dateTime(item.occurred_at)}</time>
          {item.status === 'read' ? (
            <CheckCheck aria-label="Read" className="h-3.5 w-3.5 text-sky-600" />
          ) : item.status === 'delivered' ? (
            <Check aria-label="Delivered" className="h-3.5 w-3.5" />
          ) : null}
          {item.status && OUTBOX_BADGE[item.status] ? (
            <span
              data-testid="send-status"
              className={`rounded-full px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset ${OUTBOX_BADGE[item.status]}`}
            >
              {item.status}
            </span>
          ) : null}
        </div>
        {item.subject ? <p className="mt-0.5 font-medium">{item.subject}</p> : null}
        <div className="mt-0.5">
          {editing ? (
            <NoteEditor item={item} onDone={() => setEditing(false)} />
          ) : item.body ? (
            <Body text={item.body} isLong={item.is_long} />
          ) : null}
        </div>
      </div>
      {item.kind === 'note' && !editing ? (
        // Visible on hover and whenever keyboard focus is inside the item.
        <div className="absolute right-2 top-2 flex gap-1 opacity-0 transition group-hover:opacity-100 group-focus-within:opacity-100">
          <button
            type="button"
            aria-label="Edit note"
            onClick={() => setEditing(true)}
            className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 dark:hover:bg-slate-700"
          >
            <Pencil aria-hidden className="h-3.5 w-3.5" />
          </button>
          <button
            type="button"
            aria-label="Delete note"
            onClick={() => window.confirm('Delete this note?') && remove.submit({ intent: 'delete-note', id: item.id }, { method: 'post' })}
            className="rounded p-1 text-slate-500 hover:bg-red-100 hover:text-red-700 dark:hover:bg-red-950"
          >
            <Trash2 aria-hidden className="h-3.5 w-3.5" />
          </button>
        </div>
      ) : null}
    </li>
  );
}
