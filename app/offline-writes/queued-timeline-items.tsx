import { Coffee, StickyNote } from '../components/icons';
import { fieldOf, type QueuedWrite } from './queued-write';
import { QueuedWriteStatus } from './queued-write-actions';
import { useQueuedWrites } from './use-queued-writes';

const KINDS = ['note', 'log'] as const;
const LOGGED: Record<string, string> = { coffee: 'Coffee', call: 'Call', meeting: 'Meeting', message: 'Message (logged)' };

/** A queued note or log as the timeline will show it once sent: its kind, title and text. */
function describe(write: QueuedWrite): { label: string; title: string; body: string } {
  if (write.kind === 'note') {
    return { label: fieldOf(write, 'conversation') === 'on' ? 'Conversation' : 'Note', title: '', body: fieldOf(write, 'body') };
  }
  const kind = fieldOf(write, 'kind');
  return { label: LOGGED[kind] ?? 'Conversation', title: fieldOf(write, 'title'), body: fieldOf(write, 'notes') };
}

/**
 * The notes and logs made while Kith could not be reached, newest first, on top of the
 * timeline where they will land: each says it waits, or why Kith refused it.
 */
export function QueuedTimelineItems({ contactId }: { contactId: string }) {
  const writes = useQueuedWrites(contactId, KINDS);
  if (!writes.length) return null;
  return (
    <ol className="mt-4 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Not sent yet">
      {[...writes].reverse().map((write) => {
        const { label, title, body } = describe(write);
        const Icon = write.kind === 'note' ? StickyNote : Coffee;
        return (
          <li key={write.key} className="flex gap-3 px-2 py-3" data-testid="queued-write">
            <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
              <Icon aria-hidden className="h-4 w-4" />
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                <span className="font-medium text-slate-700 dark:text-slate-300">{label}</span>
                <QueuedWriteStatus write={write} what={label.toLowerCase()} />
              </div>
              {title ? <p className="mt-0.5 font-medium">{title}</p> : null}
              {body ? <p className="mt-0.5 whitespace-pre-wrap break-words">{body}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
