import { Pencil } from '../../components/icons';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { inputClass } from '../../components/ui/text-field';
import { QueuedEdit, useQueuedEdit } from '../../offline-writes/queued-edit';
import type { QueuedWrite } from '../../offline-writes/queued-write';
import { discardWrite } from '../../offline-writes/write-queue';
import { DuplicateConflict } from './duplicate-conflict';
import { useContactUpdate } from './use-contact-update';

interface InlineFieldProps {
  label: string;
  /** The text the editor starts with. */
  value: string;
  /** What the field shows when not editing (defaults to the value). */
  display?: ReactNode;
  /** Turns the edited text into the PATCH body. */
  toPatch: (text: string) => Record<string, unknown>;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  /**
   * The value shown as links (mailto:, tel:, a profile, the map pin). A link cannot sit inside
   * the edit button, so editing moves to a pencil button of its own.
   */
  links?: ReactNode;
}

/**
 * Click-to-edit field: Enter (Ctrl/⌘+Enter when multiline) or leaving the field saves,
 * Escape cancels. A refused save keeps the editor open with the reason.
 */
export function InlineField({ label, value, display, toPatch, multiline, placeholder, hint, links }: InlineFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const cancelled = useRef(false);
  const { save, busy, error } = useContactUpdate(() => setEditing(false));
  // An edit made while Kith could not be reached, waiting on this device (ADR 045).
  const queued = useQueuedEdit(label);

  const handleMerged = useCallback(() => setEditing(false), []);
  // A refused edit opened again in the field (its Edit): the next save takes its place.
  const replacing = useRef<QueuedWrite | null>(null);
  const start = () => {
    setDraft(value);
    cancelled.current = false;
    replacing.current = null;
    setEditing(true);
  };
  const editRefused = useCallback((write: QueuedWrite) => {
    setDraft(write.edit?.to ?? '');
    cancelled.current = false;
    replacing.current = write;
    setEditing(true);
  }, []);
  // The text last sent: a refused save is not re-sent when focus leaves for the "Merge" button.
  const submitted = useRef<string | null>(null);
  const commit = () => {
    if (cancelled.current || busy) return;
    // The refused edit wrote nothing (ADR 052): what the user saves now replaces it.
    const refused = replacing.current;
    replacing.current = null;
    if (refused) void discardWrite(refused.key);
    if (draft === value) return setEditing(false);
    // A refused value is not re-sent as it is; one that never reached Kith may be.
    if (error && error.code !== 'offline' && draft === submitted.current) return;
    submitted.current = draft;
    save(toPatch(draft), { label, from: value, to: draft });
  };
  const handleKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancelled.current = true;
      replacing.current = null;
      setEditing(false);
    } else if (event.key === 'Enter' && (!multiline || event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      commit();
    }
  };

  return (
    // On a phone the row's padding moves into its 44 px button, so the row keeps its height.
    <div className="grid grid-cols-3 gap-2 py-2 text-sm max-sm:py-0">
      <dt className="pt-1 text-slate-500 max-sm:pt-3">{label}</dt>
      <dd className="col-span-2 min-w-0">
        {editing ? (
          <>
            {multiline ? (
              <textarea
                autoFocus
                aria-label={label}
                rows={4}
                className={inputClass}
                value={draft}
                placeholder={placeholder}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={handleKeyDown}
                onBlur={commit}
              />
            ) : (
              <input
                autoFocus
                aria-label={label}
                className={inputClass}
                value={draft}
                placeholder={placeholder}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={handleKeyDown}
                onBlur={commit}
              />
            )}
            {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
            {busy ? <p className="mt-1 text-xs text-slate-500">Saving…</p> : null}
            {error ? (
              error.code === 'duplicate_identifier' ? (
                <DuplicateConflict details={error.details} message={error.message} onMerged={handleMerged} />
              ) : (
                <p role="alert" className="mt-1 text-sm text-red-600">
                  {error.message}
                </p>
              )
            ) : null}
          </>
        ) : links && value ? (
          <div className="flex items-start justify-between gap-2 px-1 py-1 max-sm:py-0">
            <div className="min-w-0 break-words">{links}</div>
            <button
              type="button"
              onClick={start}
              aria-label={`Edit ${label}`}
              className="inline-flex shrink-0 items-center justify-center rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 max-sm:h-11 max-sm:w-11 dark:text-slate-400 dark:hover:bg-slate-800"
            >
              <Pencil aria-hidden className="h-3.5 w-3.5" />
            </button>
          </div>
        ) : (
          // The button's name is "Edit <label>: <value>", so a screen reader hears what is there.
          <button
            type="button"
            onClick={start}
            className="group flex w-full items-start justify-between gap-2 rounded px-1 py-1 text-left hover:bg-slate-50 max-sm:min-h-11 max-sm:py-3 dark:hover:bg-slate-800"
          >
            <span className={`min-w-0 break-words ${multiline ? 'whitespace-pre-wrap' : ''}`}>
              <span className="sr-only">{`Edit ${label}: `}</span>
              {value ? (display ?? value) : <span className="text-slate-500 dark:text-slate-400">{placeholder ?? 'Add'}</span>}
            </span>
            <Pencil
              aria-hidden
              className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
            />
          </button>
        )}
        {queued && !editing ? <QueuedEdit write={queued} label={label} current={value} onEdit={editRefused} /> : null}
      </dd>
    </div>
  );
}
