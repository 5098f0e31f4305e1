import { Pencil } from '../../components/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../api/client';
import { inputClass } from '../../components/ui/text-field';
import { useContactUpdate } from './use-contact-update';
import { ComboboxOptions, comboboxOptionId, type ComboboxOption } from '../../components/ui/combobox-options';

interface Organization {
  id: string;
  name: string;
}

/** Organizations whose name starts with (then contains a word starting with) the query. */
function useOrganizationSuggestions(query: string, active: boolean): Organization[] {
  const [items, setItems] = useState<Organization[]>([]);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await api.organizations.$get({ query: { q: query.trim(), page_size: '8' } }, { init: { signal: controller.signal } });
        if (res.ok) setItems((await res.json()).data);
      } catch {
        // aborted or offline: keep the last suggestions
      }
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, active]);
  return items;
}

/**
 * Company with autocomplete: picking a suggestion links that organization; a new name
 * creates it once (the server links case-insensitively, so "stripe" finds "Stripe").
 */
export function CompanyField({ company }: { company: Organization | null }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(company?.name ?? '');
  const [highlight, setHighlight] = useState(-1);
  const cancelled = useRef(false);
  const listId = useId();
  const { save, busy, error } = useContactUpdate(() => setEditing(false));
  const suggestions = useOrganizationSuggestions(draft, editing);
  const typed = draft.trim();
  const exact = suggestions.find((o) => o.name.toLowerCase() === typed.toLowerCase());
  const options: (ComboboxOption & { pick: () => void })[] = [
    ...suggestions.map((o) => ({ key: o.id, label: o.name, pick: () => choose({ company_id: o.id }, o.id) })),
    ...(typed && !exact ? [{ key: 'new', label: `Create “${typed}”`, action: true, pick: () => choose({ company: typed }) }] : []),
  ];

  function choose(patch: Record<string, unknown>, id?: string) {
    if (id && id === company?.id) return setEditing(false);
    save(patch);
  }
  const start = () => {
    setDraft(company?.name ?? '');
    setHighlight(-1);
    cancelled.current = false;
    setEditing(true);
  };
  const commitTyped = () => {
    if (cancelled.current || busy) return;
    if (typed === (company?.name ?? '')) return setEditing(false);
    if (!typed) return choose({ company: null });
    choose(exact ? { company_id: exact.id } : { company: typed }, exact?.id);
  };
  const handleKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => (options.length ? (h + step + options.length) % options.length : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (highlight >= 0 && options[highlight]) options[highlight].pick();
      else commitTyped();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelled.current = true;
      setEditing(false);
    }
  };

  return (
    <div className="grid grid-cols-3 gap-2 py-2 text-sm">
      <dt className="pt-1 text-slate-500">Company</dt>
      <dd className="relative col-span-2 min-w-0">
        {editing ? (
          <>
            <input
              autoFocus
              role="combobox"
              aria-label="Company"
              aria-expanded={options.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={highlight >= 0 ? comboboxOptionId(listId, highlight) : undefined}
              className={inputClass}
              value={draft}
              placeholder="Type to search organizations"
              onChange={(e) => {
                setDraft(e.target.value);
                setHighlight(-1);
              }}
              onKeyDown={handleKeyDown}
              onBlur={commitTyped}
            />
            <ComboboxOptions id={listId} label="Organizations" options={options} active={highlight} onPick={(o) => o.pick()} />
            {busy ? <p className="mt-1 text-xs text-slate-500">Saving…</p> : null}
            {error ? (
              <p role="alert" className="mt-1 text-sm text-red-600">
                {error.message}
              </p>
            ) : null}
          </>
        ) : (
          <button
            type="button"
            onClick={start}
            className="group flex w-full items-start justify-between gap-2 rounded px-1 py-1 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
          >
            <span>
              <span className="sr-only">Edit Company: </span>
              {company?.name ?? <span className="text-slate-500 dark:text-slate-400">Add a company</span>}
            </span>
            <Pencil
              aria-hidden
              className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
            />
          </button>
        )}
      </dd>
    </div>
  );
}
