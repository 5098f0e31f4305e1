import { Search, X } from '../../../components/icons';
import { useCallback, useEffect, useRef, useState } from 'react';

// A key after a pause searches at once; keys closer together than this (a burst, a key repeat)
// fold into one search sent this long after the last of them. A newer keystroke's navigation
// cancels the older request (Remix aborts its loader fetch).
const BURST_MS = 30;
// How long a search this box sent may take to land and still be taken for its own.
const OWN_QUERY_MS = 5_000;

const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Search as you type: debounced, and `/` anywhere on the page focuses it (DESIGN "Keyboard first"). */
export function ContactSearchBox({
  value,
  onSearch,
  onText,
  disabled,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** Every change of the box's text, at once: the local index answers before any request. */
  onText?: (text: string) => void;
  disabled?: boolean;
}) {
  const [text, setShownText] = useState(value);
  // The page hears of the text in the same render as the box (an effect cost each key a second
  // render of the whole list page before its rows could paint: docs/decisions/061).
  const heard = useRef(onText);
  heard.current = onText;
  const setText = useCallback((next: string) => {
    setShownText(next);
    heard.current?.(next);
  }, []);
  const input = useRef<HTMLInputElement>(null);
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const lastKeyAt = useRef(0);

  // Back/forward or a link changed the URL: show its query. A search this box sent itself can
  // land after the next key was typed (and sent): its query is not a reason to overwrite
  // the text, or the key typed meanwhile is lost ("lov" became "lv").
  // Only recent ones: Back to a query typed minutes ago must still show it.
  const ownQueries = useRef<{ q: string; at: number }[]>([]);
  useEffect(() => {
    const landedLate = ownQueries.current.some((own) => own.q === value && performance.now() - own.at < OWN_QUERY_MS);
    if (value !== sent.current && !landedLate) {
      sent.current = value;
      setText(value);
    }
  }, [value, setText]);

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isTypingTarget(event.target)) {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (q: string) => {
    clearTimeout(timer.current);
    sent.current = q;
    ownQueries.current = [...ownQueries.current.slice(-19), { q: q.trim() ? q.slice(0, 10_000) : '', at: performance.now() }];
    onSearch(q);
  };

  const handleChange = (q: string) => {
    setText(q);
    clearTimeout(timer.current);
    const now = performance.now();
    const afterPause = now - lastKeyAt.current > BURST_MS;
    lastKeyAt.current = now;
    if (afterPause) send(q);
    else timer.current = setTimeout(() => send(q), BURST_MS);
  };

  return (
    <div className="relative w-full max-w-md">
      <label htmlFor="contact-search" className="sr-only">
        Search contacts
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input
        ref={input}
        id="contact-search"
        type="search"
        role="searchbox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search names, companies, places, tags, phones…"
        value={text}
        disabled={disabled}
        onChange={(e) => handleChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') send(text);
          if (e.key === 'Escape' && text) {
            e.preventDefault();
            setText('');
            send('');
          }
        }}
        className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-14 pl-9 text-sm shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search"
          disabled={disabled}
          onClick={() => {
            setText('');
            send('');
            input.current?.focus();
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
        >
          <X className="h-4 w-4" />
        </button>
      ) : (
        <kbd className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
          /
        </kbd>
      )}
    </div>
  );
}
