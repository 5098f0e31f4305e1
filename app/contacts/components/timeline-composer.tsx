import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { TIMELINE_LIMITS } from '../../../worker/domain/timeline/timeline-limits';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/text-field';
import { useQueueingFetcher } from '../../offline-writes/use-queueing-fetcher';
import { LogConversationForm } from './log-conversation-form';

type Result = { ok: boolean; error?: { message: string } };

export type ComposerMode = 'note' | 'log' | 'message';

const TABS: { mode: ComposerMode; label: string }[] = [
  { mode: 'note', label: 'Note' },
  { mode: 'log', label: 'Log a conversation' },
  { mode: 'message', label: 'Message' },
];

/**
 * The top of the timeline: add a note (which counts as contact when it was a conversation), log
 * a call, meeting, coffee or message, or write a message. The mode is the page's, so the
 * header's "Log interaction" can open it. The message panel stays mounted while hidden, so a
 * draft survives a look at the other tabs.
 */
export function TimelineComposer({
  contactId,
  mode,
  onModeChange,
  message,
}: {
  contactId: string;
  mode: ComposerMode;
  onModeChange: (mode: ComposerMode) => void;
  message?: ReactNode;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // What landed last, said in the status line (a screen reader hears it; the focus stays put).
  const [landed, setLanded] = useState<{ mode: ComposerMode; text: string } | null>(null);
  // A note or a log that cannot reach Kith waits on this device (ADR 045): the form clears either way.
  const clearAfter = (landedMode: ComposerMode, text: string) => (queued: boolean) => {
    form.current?.reset();
    setLanded(queued ? null : { mode: landedMode, text });
  };
  const note = useQueueingFetcher<Result>(contactId, 'note', clearAfter('note', 'Note added.'));
  const log = useQueueingFetcher<Result>(contactId, 'log', clearAfter('log', 'Conversation logged.'));
  const sending = mode === 'log' ? log : note;
  const addNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (note.busy) return;
    setLanded(null);
    note.send(new FormData(event.currentTarget));
  };
  const addLog = (data: FormData) => {
    if (log.busy) return;
    setLanded(null);
    log.send(data);
  };
  const tabs = TABS.filter((t) => t.mode !== 'message' || message);

  // The WAI-ARIA tabs pattern: arrows move between tabs, and only the selected one is a tab stop.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.findIndex((t) => t.mode === mode) + step + tabs.length) % tabs.length]!;
    onModeChange(next.mode);
    document.getElementById(`${id}-tab-${next.mode}`)?.focus();
  };

  return (
    <div className="space-y-3" id="timeline-composer">
      <div role="tablist" aria-label="Add to timeline" className="flex flex-wrap gap-1" onKeyDown={handleKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.mode}
            id={`${id}-tab-${t.mode}`}
            type="button"
            role="tab"
            aria-selected={mode === t.mode}
            aria-controls={`${id}-panel-${t.mode}`}
            tabIndex={mode === t.mode ? 0 : -1}
            onClick={() => onModeChange(t.mode)}
            className={`rounded-md px-2.5 py-1 text-sm font-medium max-sm:min-h-11 ${
              mode === t.mode
                ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {mode === 'note' ? (
        <div role="tabpanel" id={`${id}-panel-note`}>
          <form ref={form} method="post" className="space-y-2" onSubmit={addNote}>
            <input type="hidden" name="intent" value="add-note" />
            <textarea
              name="body"
              aria-label="New note"
              required
              rows={2}
              maxLength={TIMELINE_LIMITS.body}
              placeholder="Write a note…"
              className={inputClass}
            />
            <div className="flex flex-wrap items-center gap-3">
              {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
              <button type="submit" className={buttonClass('primary', 'px-3 py-1.5 text-xs max-sm:min-h-11')} aria-disabled={note.busy}>
                Add note
              </button>
              <label className="flex items-center gap-1.5 text-xs text-slate-700 max-sm:min-h-11 dark:text-slate-300">
                <input type="checkbox" name="conversation" className="h-6 w-6 shrink-0 accent-brand-600 sm:h-4 sm:w-4" /> This was a
                conversation (counts as contact)
              </label>
              <label className="flex items-center gap-1.5 text-xs text-slate-700 max-sm:min-h-11 dark:text-slate-300">
                <input type="checkbox" name="private" className="h-6 w-6 shrink-0 accent-brand-600 sm:h-4 sm:w-4" /> Private (hidden from
                apps and tokens that may not see private notes)
              </label>
            </div>
          </form>
        </div>
      ) : null}
      {mode === 'log' ? (
        <div role="tabpanel" id={`${id}-panel-log`}>
          <LogConversationForm formRef={form} busy={log.busy} onSubmit={addLog} />
        </div>
      ) : null}
      {message ? (
        <div role="tabpanel" id={`${id}-panel-message`} hidden={mode !== 'message'}>
          {message}
        </div>
      ) : null}
      {sending.error?.error && mode !== 'message' ? (
        <p role="alert" className="text-sm text-red-600">
          {sending.error.error.message}
        </p>
      ) : null}
      <p
        role="status"
        className={`text-sm empty:hidden ${sending.queued ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {sending.queued && mode !== 'message'
          ? 'Kith cannot be reached: saved on this device, it will be sent when you are back online.'
          : landed?.mode === mode
            ? landed.text
            : ''}
      </p>
    </div>
  );
}
