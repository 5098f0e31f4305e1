import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/text-field';

type Result = { ok: boolean; error?: { message: string } };

/** Adds a note, or (switching tabs) logs a meeting with a title, date and notes. */
export function TimelineComposer() {
  const [mode, setMode] = useState<'note' | 'meeting'>('note');
  const fetcher = useFetcher<Result>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (mode === 'meeting') {
      // datetime-local has no zone: the browser's own zone is the one the user meant.
      const local = String(data.get('occurred_local') ?? '');
      data.set('occurred_at', local ? new Date(local).toISOString() : '');
      data.delete('occurred_local');
    }
    fetcher.submit(data, { method: 'post' });
  };

  const tab = (value: 'note' | 'meeting', text: string) => (
    <button type="button" role="tab" aria-selected={mode === value} onClick={() => setMode(value)} className={`rounded-md px-2 py-1 text-xs font-medium ${mode === value ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}>
      {text}
    </button>
  );

  return (
    <div className="space-y-2">
      <div role="tablist" aria-label="Add to timeline" className="flex gap-1">
        {tab('note', 'Note')}
        {tab('meeting', 'Log meeting')}
      </div>
      <form ref={form} method="post" onSubmit={handleSubmit} className="space-y-2">
        {mode === 'note' ? (
          <>
            <input type="hidden" name="intent" value="add-note" />
            <textarea name="body" aria-label="New note" required rows={2} maxLength={20000} placeholder="Write a note…" className={inputClass} />
            <button type="submit" className={buttonClass('primary', 'px-3 py-1.5 text-xs')} disabled={fetcher.state !== 'idle'}>Add note</button>
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="log-meeting" />
            <div className="grid gap-2 sm:grid-cols-2">
              <input name="title" aria-label="Meeting title" required maxLength={200} placeholder="Coffee at…" className={inputClass} />
              <input name="occurred_local" aria-label="Meeting date" type="datetime-local" required className={inputClass} />
            </div>
            <textarea name="notes" aria-label="Meeting notes" rows={2} placeholder="What you talked about (optional)" className={inputClass} />
            <button type="submit" className={buttonClass('primary', 'px-3 py-1.5 text-xs')} disabled={fetcher.state !== 'idle'}>Log meeting</button>
          </>
        )}
        {fetcher.data?.error ? <p role="alert" className="text-sm text-red-600">{fetcher.data.error.message}</p> : null}
      </form>
    </div>
  );
}
