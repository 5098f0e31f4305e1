import { useEffect, useId, useRef, useState } from 'react';
import { api, ApiError, dataOf } from '../../api/client';
import { ComboboxOptions, comboboxOptionId, type ComboboxOption } from '../../components/ui/combobox-options';

/** Who a new link points at: one of the user's contacts, or someone who is not a contact (yet), by name. */
export type PickedPerson = { type: 'contact'; id: string; name: string } | { type: 'person'; name: string };

type Option = ComboboxOption & { picked: PickedPerson };

const DEBOUNCE_MS = 80;

/** Contacts matching the typed name (the list's own search), without the contact whose page this is. */
async function contactsNamed(q: string, exclude: string, signal: AbortSignal): Promise<Option[]> {
  const found = await dataOf(api.contacts.$get({ query: { q, page_size: '6' } }, { init: { signal } })).catch((error: unknown) => {
    if (error instanceof ApiError) return [];
    throw error;
  });
  return found
    .filter((c) => c.id !== exclude)
    .map((c) => {
      const name = c.full_name || c.emails[0] || 'Unnamed contact';
      return { key: c.id, label: name, hint: c.company?.name, picked: { type: 'contact', id: c.id, name } };
    });
}

/**
 * A combobox (WAI-ARIA 1.2): type a name, arrows move through the contacts that match, Enter
 * picks one; the last choice adds the typed name as a person who is not a contact.
 */
export function PersonPicker({ contactId, onPick }: { contactId: string; onPick: (picked: PickedPerson | null) => void }) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const inputId = useId();
  const latest = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = query.trim();
    latest.current?.abort();
    if (!q) return setOptions([]);
    const controller = new AbortController();
    latest.current = controller;
    const timer = setTimeout(() => {
      contactsNamed(q, contactId, controller.signal)
        .then((found) => {
          const person: Option = {
            key: 'person',
            label: `“${q}”, not a contact`,
            hint: 'Add as a person',
            picked: { type: 'person', name: q },
          };
          setOptions([...found, person]);
          setActive(0);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, contactId]);

  const choose = (option: Option) => {
    onPick(option.picked);
    setQuery(option.picked.name);
    setOpen(false);
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-600 dark:text-slate-400">
        Who
      </label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? comboboxOptionId(listId, active) : undefined}
        autoComplete="off"
        placeholder="Type a name"
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          onPick(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => (options.length ? (i + step + options.length) % options.length : 0));
          } else if (e.key === 'Enter' && open && options[active]) {
            e.preventDefault();
            choose(options[active]);
          } else if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {open ? <ComboboxOptions id={listId} label="Matching people" options={options} active={active} onPick={choose} /> : null}
    </div>
  );
}
