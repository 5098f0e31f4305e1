import { useState } from 'react';
import { buttonClass } from '../components/ui/button';
import { EDITABLE, EditRefusedWrite } from './edit-refused-write';
import type { QueuedWrite } from './queued-write';
import { replayWrites } from './replay-writes';
import { discardWrite, sendAgain } from './write-queue';

const resend = async (write: QueuedWrite, fields?: Record<string, string>) => {
  await sendAgain(write, fields);
  await replayWrites();
};

/**
 * "Waiting to send", or Kith's refusal with Edit (a note, a log or a reminder), Retry and Discard:
 * how a queued write shows where it will land. A refused write stays until the user settles it.
 * `onEdit` replaces the editor: an inline field's edit is changed in the field itself.
 */
export function QueuedWriteStatus({
  write,
  what,
  onEdit,
}: {
  write: QueuedWrite;
  what: string;
  onEdit?: { label: string; run: () => void };
}) {
  const [editing, setEditing] = useState(false);
  if (write.status === 'pending') {
    return (
      <span className="rounded-full bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 ring-1 ring-inset ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300">
        Waiting to send
      </span>
    );
  }
  const editable = (!!onEdit || !!EDITABLE[write.kind]) && write.code !== 'not_found';
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          Not sent: {write.error ?? 'Kith refused it.'}
        </span>
        {editable && onEdit ? (
          <button
            type="button"
            className={buttonClass('secondary', 'px-2 py-1 text-xs max-sm:min-h-11')}
            aria-label={onEdit.label}
            onClick={onEdit.run}
          >
            Edit
          </button>
        ) : editable ? (
          <button
            type="button"
            className={buttonClass('secondary', 'px-2 py-1 text-xs max-sm:min-h-11')}
            aria-label={`Edit ${what} and send again`}
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Edit
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass('secondary', 'px-2 py-1 text-xs max-sm:min-h-11')}
          aria-label={`Retry ${what}`}
          onClick={() => void resend(write)}
        >
          Retry
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'px-2 py-1 text-xs max-sm:min-h-11')}
          aria-label={`Discard ${what}`}
          onClick={() => void discardWrite(write.key)}
        >
          Discard
        </button>
      </span>
      {editing ? <EditRefusedWrite write={write} what={what} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

/** A conflicting edit sent again on the contact as it is now: the user chose their value. */
export const keepMine = (write: QueuedWrite) => resend(write, { base_version: write.currentVersion ?? '' });
