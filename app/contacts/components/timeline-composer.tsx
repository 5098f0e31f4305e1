import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/text-field';
import { LogConversationForm } from './log-conversation-form';

type Result = { ok: boolean; error?: { message: string } };

/** Adds a note (which counts as contact when it was a conversation), or logs a call, meeting, coffee or message. */
export function TimelineComposer() {
  const [mode, setMode] = useState<'note' | 'log'>('note');
  const fetcher = useFetcher<Result>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const tab = (value: 'note' | 'log', text: string) => (
    <button type="button" role="tab" aria-selected={mode === value} onClick={() => setMode(value)} className={`rounded-md px-2 py-1 text-xs font-medium ${mode === value ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}>
      {text}
    </button>
  );

  return (
    <div className="space-y-2">
      <div role="tablist" aria-label="Add to timeline" className="flex gap-1">
        {tab('note', 'Note')}
        {tab('log', 'Log a conversation')}
      </div>
      {mode === 'note' ? (
        <fetcher.Form ref={form} method="post" className="space-y-2">
          <input type="hidden" name="intent" value="add-note" />
          <textarea name="body" aria-label="New note" required rows={2} maxLength={20000} placeholder="Write a note…" className={inputClass} />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonClass('primary', 'px-3 py-1.5 text-xs')} disabled={fetcher.state !== 'idle'}>Add note</button>
            <label className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
              <input type="checkbox" name="conversation" /> This was a conversation (counts as contact)
            </label>
          </div>
        </fetcher.Form>
      ) : (
        <LogConversationForm formRef={form} busy={fetcher.state !== 'idle'} onSubmit={(data) => fetcher.submit(data, { method: 'post' })} />
      )}
      {fetcher.data?.error ? <p role="alert" className="text-sm text-red-600">{fetcher.data.error.message}</p> : null}
    </div>
  );
}
