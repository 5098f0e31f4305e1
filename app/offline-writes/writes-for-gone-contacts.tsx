import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { buttonClass } from '../components/ui/button';
import { fieldOf, type QueuedWrite } from './queued-write';
import { discardWrite, noWrites, refreshWrites, subscribeWrites, writesSnapshot } from './write-queue';

const WHAT: Record<QueuedWrite['kind'], string> = { note: 'note', log: 'logged conversation', edit: 'edit', reminder: 'reminder' };

/** The words the user wrote, to keep them before discarding the write. */
function textOf(write: QueuedWrite): string {
  if (write.kind === 'note') return fieldOf(write, 'body');
  if (write.kind === 'log') return [fieldOf(write, 'title'), fieldOf(write, 'notes')].filter(Boolean).join('\n');
  if (write.kind === 'reminder') return [fieldOf(write, 'on'), fieldOf(write, 'note')].filter(Boolean).join(': ');
  return write.edit ? `${write.edit.label}: ${write.edit.to}` : '';
}

/**
 * Writes made offline for a contact Kith no longer has (deleted or merged away on another device
 * meanwhile): their page is gone, so they show on every page, with their words and the reason,
 * until the user discards them. Never sent again, never dropped unseen.
 */
export function WritesForGoneContacts() {
  const all = useSyncExternalStore(subscribeWrites, writesSnapshot, noWrites);
  const gone = useMemo(() => all.filter((w) => w.status === 'failed' && w.code === 'not_found'), [all]);
  useEffect(() => void refreshWrites(), []);
  if (!gone.length) return null;
  return (
    <section
      aria-label="Not sent"
      className="mx-auto mt-4 max-w-6xl space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950 max-sm:mx-4"
    >
      {gone.map((write) => {
        const what = `${WHAT[write.kind]} for ${write.contactName || 'a contact'}`;
        const text = textOf(write);
        return (
          <div key={write.key} className="flex flex-wrap items-start gap-2" data-testid="write-for-gone-contact">
            <div className="min-w-0 flex-1">
              <p role="alert" className="text-red-800 dark:text-red-300">
                Your {what} was not sent: {write.error ?? 'Kith no longer has this contact.'}
              </p>
              {text ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">{text}</p> : null}
            </div>
            {text && typeof navigator !== 'undefined' && navigator.clipboard ? (
              <button
                type="button"
                className={buttonClass('secondary', 'px-2 py-1 text-xs max-sm:min-h-11')}
                aria-label={`Copy text of your ${what}`}
                onClick={() => void navigator.clipboard.writeText(text)}
              >
                Copy text
              </button>
            ) : null}
            <button
              type="button"
              className={buttonClass('ghost', 'px-2 py-1 text-xs max-sm:min-h-11')}
              aria-label={`Discard your ${what}`}
              onClick={() => void discardWrite(write.key)}
            >
              Discard
            </button>
          </div>
        );
      })}
    </section>
  );
}
