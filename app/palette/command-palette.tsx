import * as RadixDialog from '@radix-ui/react-dialog';
import { useLocation, useNavigate } from '@remix-run/react';
import { Building2, FileText, MessageSquarePlus, Search, Tag, User, Users } from '../components/icons';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { api, ApiError, bodyOf, dataOf } from '../api/client';
import { takeEarlyKeys } from './early-palette-keys';
import { matchPages, namesPage } from './palette-pages';
import { focusPageHeading } from './focus-page-heading';
import { searchLocally } from '../search-index/local-index';

interface Result {
  key: string;
  kind: 'Person' | 'Organization' | 'Tag' | 'Page' | 'Command' | 'All';
  label: string;
  hint?: string;
  to: string;
  command?: 'log';
  /** The query names this page or command. */
  named?: boolean;
}

/** Dispatched on window by the navigation's "Find" button. */
export const OPEN_PALETTE_EVENT = 'kith:open-palette';

const ICONS: Record<Result['kind'], ComponentType<{ className?: string }>> = {
  Person: User,
  Organization: Building2,
  Tag,
  Page: FileText,
  Command: MessageSquarePlus,
  All: Users,
};
// Short: the server answers search in a few ms, and a newer keystroke aborts the older request.
const DEBOUNCE_MS = 60;

const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** An answer that is not a success finds nothing; a request that never got one still throws. */
const nothingOnRefusal = (error: unknown) => {
  if (error instanceof ApiError) return null;
  throw error;
};

interface PersonFound {
  id: string;
  full_name: string;
  company: { name: string } | null;
  title?: string | null;
  location?: string | null;
  emails: string[];
}

/**
 * People, each with what tells them apart beside the name: their company and place, and for
 * two who still look the same, their email.
 */
function personResults(people: PersonFound[]): Result[] {
  const results = people.map((p): Result & { email?: string } => ({
    key: `person:${p.id}`,
    kind: 'Person',
    label: p.full_name || 'Unnamed contact',
    hint: [p.company?.name ?? p.title, p.location].filter(Boolean).join(' · ') || undefined,
    to: `/contacts/${p.id}`,
    email: p.emails[0],
  }));
  const seen = (r: Result) => `${r.label}\n${r.hint ?? ''}`;
  return results.map(({ email, ...r }) =>
    email && results.filter((o) => seen(o) === seen(r)).length > 1 ? { ...r, hint: [r.hint, email].filter(Boolean).join(' · ') } : r,
  );
}

const pageResults = (q: string) =>
  matchPages(q).map((p): Result => ({
    key: `page:${p.to}`,
    kind: p.command ? 'Command' : 'Page',
    label: p.label,
    to: p.to,
    command: p.command,
    named: namesPage(q, p),
  }));

/** A page or command the query names ("settings", "new contact", "log") comes first; the others last. */
const ordered = (found: Result[], pages: Result[]): Result[] => [
  ...pages.filter((p) => p.named),
  ...found,
  ...pages.filter((p) => !p.named),
];

function tagResults(q: string, tags: { tag: string; count: number }[]): Result[] {
  const folded = q.toLowerCase();
  return tags
    .filter((t) => t.tag.toLowerCase().includes(folded))
    .slice(0, 4)
    .map((t): Result => ({
      key: `tag:${t.tag}`,
      kind: 'Tag',
      label: t.tag,
      hint: `${t.count} ${t.count === 1 ? 'person' : 'people'}`,
      to: `/contacts?tag=${encodeURIComponent(t.tag)}`,
    }));
}

/** "See all N in Contacts" when there are more people than the palette shows: the list with that search. */
const seeAll = (q: string, shown: number, total: number): Result[] =>
  total > shown
    ? [
        {
          key: 'all-people',
          kind: 'All',
          label: `See all ${total.toLocaleString('en')} in Contacts`,
          to: `/contacts?q=${encodeURIComponent(q)}`,
        },
      ]
    : [];

/** People from this device's index (docs/decisions/040), tags and pages: shown at the key, before the server answers. */
function findLocally(query: string, tags: { tag: string; count: number }[]): Result[] | null {
  const q = query.trim();
  const people = q ? searchLocally(q, '-score', 6) : null;
  if (!people) return null;
  return ordered(
    [
      ...personResults(people.rows.map((row) => ({ ...row, company: row.company_name ? { name: row.company_name } : null }))),
      ...seeAll(q, people.rows.length, people.total),
      ...tagResults(q, tags),
    ],
    pageResults(q),
  );
}

/** People, organizations, tags and pages matching the query, people first. */
async function find(query: string, tags: { tag: string; count: number }[], signal: AbortSignal): Promise<Result[]> {
  const q = query.trim();
  const pages = pageResults(q);
  if (!q) return pages;
  const [people, organizations] = await Promise.all([
    bodyOf(api.contacts.$get({ query: { q, page_size: '6' } }, { init: { signal } })).catch(nothingOnRefusal),
    dataOf(api.organizations.$get({ query: { q, page_size: '4' } }, { init: { signal } })).catch(nothingOnRefusal),
  ]);
  const found = people?.data ?? [];
  return ordered(
    [
      ...personResults(found),
      ...seeAll(q, found.length, (people?.meta as { total?: number } | undefined)?.total ?? 0),
      ...(organizations ?? []).map((o): Result => ({
        key: `org:${o.id}`,
        kind: 'Organization',
        label: o.name,
        to: `/organizations/${o.id}`,
      })),
      ...tagResults(q, tags),
    ],
    pages,
  );
}

/**
 * Find anyone from anywhere: Cmd/Ctrl+K (or `/` on a page without its own search box) opens
 * a palette of people, organizations, tags and pages as you type. Arrow keys move, Enter
 * opens, Escape closes and gives focus back to where it was.
 */
export function CommandPalette() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Result[]>(() =>
    matchPages('').map((p) => ({ key: `page:${p.to}`, kind: 'Page', label: p.label, to: p.to })),
  );
  const [active, setActive] = useState(0);
  const tags = useRef<{ tag: string; count: number }[]>([]);
  // Where focus was when the palette opened: it goes back there when the palette closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  // The installed app's shortcuts open the palette: `?find` to find anyone, `?find=log` to pick
  // the person whose conversation to log (their page opens with the composer on Log).
  const [logNext, setLogNext] = useState(false);
  const show = () => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  };
  const listId = useId();

  useEffect(() => {
    const early = takeEarlyKeys();
    if (early.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setQuery(early.query);
      setOpen(true);
    }
    const find = new URLSearchParams(window.location.search).get('find');
    if (find === null) return;
    setLogNext(find === 'log');
    setOpen(true);
  }, []);

  // A choice opens another page: the keyboard starts on that page's heading (or the page itself),
  // not where it was on the page left behind. A page that placed the focus itself keeps it.
  const landing = useRef(false);
  const { key: locationKey } = useLocation();
  useEffect(() => {
    if (!landing.current) return;
    landing.current = false;
    focusPageHeading();
  }, [locationKey]);

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      const palette = (event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k';
      // The contact list's own box takes `/`; elsewhere it opens the palette.
      const slash =
        event.key === '/' &&
        !event.metaKey &&
        !event.ctrlKey &&
        !event.altKey &&
        !isTypingTarget(event.target) &&
        !document.getElementById('contact-search');
      if (palette || slash) {
        event.preventDefault();
        show();
      }
    };
    const openFromButton = () => show();
    window.addEventListener('keydown', handleKey);
    window.addEventListener(OPEN_PALETTE_EVENT, openFromButton);
    return () => {
      window.removeEventListener('keydown', handleKey);
      window.removeEventListener(OPEN_PALETTE_EVENT, openFromButton);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void dataOf(api.tags.$get(undefined, { init: { signal: controller.signal } }))
      .catch(nothingOnRefusal)
      .then(
        (t) => (tags.current = t ?? []),
        () => undefined,
      );
    return () => controller.abort();
  }, [open]);

  // The row under the arrow keys: when the server's answer replaces the local one, it stays on it.
  const activeKey = useRef<string | null>(null);
  activeKey.current = results[active]?.key ?? null;
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const local = findLocally(query, tags.current);
    if (local) {
      setResults(local);
      setActive(0);
    }
    const timer = setTimeout(() => {
      find(query, tags.current, controller.signal).then(
        (found) => {
          const kept = local ? found.findIndex((r) => r.key === activeKey.current) : -1;
          setResults(found);
          setActive(Math.max(0, kept));
        },
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open]);

  const go = (result: Result | undefined) => {
    if (!result) return;
    if (result.command === 'log') {
      // The palette stays open and asks whom the conversation was with.
      setLogNext(true);
      setQuery('');
      return;
    }
    landing.current = true;
    setOpen(false);
    setQuery('');
    navigate(logNext && result.kind === 'Person' ? `${result.to}?log` : result.to);
    setLogNext(false);
  };

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Radix would focus a Dialog.Trigger; the palette opens from the keyboard or a button.
            event.preventDefault();
            if (!landing.current) returnFocus.current?.focus();
          }}
          className="fixed top-[12vh] left-1/2 z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl dark:border-slate-800 dark:bg-slate-900"
        >
          <RadixDialog.Title className="sr-only">Find anything</RadixDialog.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-800">
            <Search className="h-4 w-4 text-slate-500" aria-hidden="true" />
            <input
              autoFocus
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
              aria-label="Find people, organizations, tags and pages"
              placeholder={logNext ? 'Whom did you talk to?' : 'Find people, organizations, tags, pages…'}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  setActive((i) => Math.min(results.length - 1, i + 1));
                } else if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  setActive((i) => Math.max(0, i - 1));
                } else if (e.key === 'Enter') {
                  e.preventDefault();
                  go(results[active]);
                }
              }}
              className="w-full bg-transparent py-3 text-sm outline-none placeholder:text-slate-500"
            />
          </div>
          <ul id={listId} role="listbox" aria-label="Results" className="max-h-[50vh] overflow-y-auto p-1">
            {results.length === 0 ? <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">Nothing matches.</li> : null}
            {results.map((r, i) => {
              const Icon = ICONS[r.kind];
              return (
                <li
                  key={r.key}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseMove={() => setActive(i)}
                  onClick={() => go(r)}
                  className={`flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white' : ''}`}
                >
                  <Icon className="h-4 w-4 shrink-0 text-slate-500" />
                  <span className="min-w-0 flex-1 truncate">{r.label}</span>
                  <span className="min-w-0 shrink truncate text-right text-xs text-slate-600 dark:text-slate-400">
                    {r.kind === 'All' ? null : r.hint ? `${r.hint} · ${r.kind}` : r.kind}
                  </span>
                </li>
              );
            })}
          </ul>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
