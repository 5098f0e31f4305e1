import { useEffect } from 'react';
import { buttonClass } from '../components/ui/button';
import type { QueuedWrite } from './queued-write';
import { keepMine, QueuedWriteStatus } from './queued-write-actions';
import { useOpenContact, useQueuedWrites } from './use-queued-writes';
import { discardWrite } from './write-queue';

const EDITS = ['edit'] as const;

/** The newest queued edit of the open contact's field `label`. */
export function useQueuedEdit(label: string): QueuedWrite | undefined {
  const writes = useQueuedWrites(useOpenContact().id, EDITS);
  return writes.filter((w) => w.edit?.label === label).at(-1);
}

/**
 * A field's edit that waits to be sent, or was refused, or met a change made meanwhile. A
 * conflict is settled by itself only where nothing is lost: the field still holds what the edit
 * started from (another field changed), or already holds the edit. Otherwise the user sees both
 * values and chooses. It waits for the page to show the contact at the version Kith answered, so
 * the value compared is the one Kith has now.
 */
export function QueuedEdit({
  write,
  label,
  current,
  onEdit,
}: {
  write: QueuedWrite;
  label: string;
  current: string;
  /** Edit on a refusal: the field opens again with the refused text in it. */
  onEdit: (write: QueuedWrite) => void;
}) {
  const { version } = useOpenContact();
  const edit = write.edit!;
  const upToDate = write.status === 'conflict' && !!write.currentVersion && version === write.currentVersion;
  const settles = upToDate && (current === edit.to || current === edit.from);
  useEffect(() => {
    if (!settles) return;
    if (current === edit.to) void discardWrite(write.key);
    else void keepMine(write);
  }, [settles, current, edit.to, write]);

  if (write.status !== 'conflict') {
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2 px-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="break-words">
          <span className="sr-only">{`Your edit of ${label}: `}</span>
          {edit.to || '(emptied)'}
        </span>
        <QueuedWriteStatus write={write} what={`edit of ${label}`} onEdit={{ label: `Edit ${label} again`, run: () => onEdit(write) }} />
      </div>
    );
  }
  if (!upToDate || settles) return <p className="mt-1 px-1 text-xs text-slate-500">Checking your edit against Kith…</p>;
  return (
    <div
      role="group"
      aria-label={`${label} changed meanwhile`}
      className="mt-2 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <p role="alert" className="text-amber-900 dark:text-amber-200">
        {label} was changed on Kith while your edit waited to be sent. Which one should stay?
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600 dark:text-slate-400">Yours</dt>
        <dd className="break-words font-medium">{edit.to || '(empty)'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">On Kith now</dt>
        <dd className="break-words font-medium">{current || '(empty)'}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('primary', 'px-3 py-1.5 text-xs max-sm:min-h-11')}
          onClick={() => void keepMine(write)}
        >
          Keep mine
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'px-3 py-1.5 text-xs max-sm:min-h-11')}
          onClick={() => void discardWrite(write.key)}
        >
          Keep the one on Kith
        </button>
      </div>
    </div>
  );
}
