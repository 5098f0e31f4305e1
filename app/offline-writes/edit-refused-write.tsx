import { useEffect, useRef, type FormEvent } from 'react';
import { REMINDER_LIMITS } from '../../worker/domain/keep-in-touch/reminder-limits';
import { TIMELINE_LIMITS } from '../../worker/domain/timeline/timeline-limits';
import { buttonClass } from '../components/ui/button';
import { inputClass } from '../components/ui/text-field';
import { fieldOf, type QueuedKind, type QueuedWrite } from './queued-write';
import { replayWrites } from './replay-writes';
import { newWriteKey } from './use-queued-writes';
import { editWrite } from './write-queue';

interface EditableField {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'date';
  maxLength?: number;
}

/** What of a refused write can be changed before it is sent again (an inline edit is changed in its field). */
export const EDITABLE: Partial<Record<QueuedKind, EditableField[]>> = {
  note: [{ name: 'body', label: 'Note', type: 'textarea', maxLength: TIMELINE_LIMITS.body }],
  log: [
    { name: 'title', label: 'Conversation title', type: 'text', maxLength: TIMELINE_LIMITS.title },
    { name: 'notes', label: 'Notes', type: 'textarea', maxLength: TIMELINE_LIMITS.body },
  ],
  reminder: [
    { name: 'on', label: 'Remind me on', type: 'date' },
    { name: 'note', label: 'Reminder note', type: 'text', maxLength: REMINDER_LIMITS.note },
  ],
};

/** A refused note, log or reminder opened for editing: "Send again" queues the changed write and sends it. */
export function EditRefusedWrite({ write, what, onClose }: { write: QueuedWrite; what: string; onClose: () => void }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>('input, textarea')?.focus(), []);
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = Object.fromEntries((EDITABLE[write.kind] ?? []).map((f) => [f.name, String(data.get(f.name) ?? '')]));
    onClose();
    void editWrite(write, fields, newWriteKey()).then(() => replayWrites());
  };
  return (
    <form ref={form} className="mt-2 w-full space-y-2" aria-label={`Edit ${what}`} onSubmit={save}>
      {(EDITABLE[write.kind] ?? []).map((field) => (
        <label key={field.name} className="flex flex-col gap-1 text-xs text-slate-700 dark:text-slate-300">
          {field.label}
          {field.type === 'textarea' ? (
            <textarea
              name={field.name}
              rows={3}
              maxLength={field.maxLength}
              defaultValue={fieldOf(write, field.name)}
              className={inputClass}
            />
          ) : (
            <input
              name={field.name}
              type={field.type}
              maxLength={field.maxLength}
              defaultValue={fieldOf(write, field.name)}
              className={inputClass}
            />
          )}
        </label>
      ))}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary', 'px-3 py-1.5 text-xs max-sm:min-h-11')}>
          Send again
        </button>
        <button type="button" className={buttonClass('ghost', 'px-3 py-1.5 text-xs max-sm:min-h-11')} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
