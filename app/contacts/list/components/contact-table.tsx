import { memo, useEffect, useRef } from 'react';
import { useRowsInView } from '../use-rows-in-view';
import { useRowSlots } from '../row-slots';
import { useLinkClicks } from '../../../components/use-link-clicks';
import type { ContactView } from '../../../../worker/domain/contacts/contact-view';
import { Avatar } from '../../../components/ui/avatar';
import { PriorityBadge } from '../../components/priority-badge';
import { ExplainedScoreBadge } from '../../components/explained-score-badge';
import { formatDay } from '../../../keep-in-touch/format-due';
import { useDateFormat } from '../../../layout/time-zone';

type Row = Pick<
  ContactView,
  | 'id'
  | 'full_name'
  | 'emails'
  | 'avatar_url'
  | 'title'
  | 'company'
  | 'tags'
  | 'priority'
  | 'relationship_score'
  | 'last_interaction_at'
  | 'next_due'
>;

const displayName = (c: Row) => c.full_name || c.emails[0] || 'Unnamed';

function PageCheckbox({
  checked,
  indeterminate,
  onChange,
  disabled,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all on this page"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
      className="h-6 w-6 rounded border-slate-300 accent-brand-600 sm:h-4 sm:w-4"
    />
  );
}

/**
 * One row; memoised, so a key typed in the search box re-renders only the rows that changed
 * (a row's own object is kept while its contact is, docs/decisions/061).
 */
const ContactRow = memo(function ContactRow({
  contact: c,
  isSelected,
  onToggle,
}: {
  contact: Row;
  isSelected: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  const format = useDateFormat();
  return (
    <tr
      aria-selected={isSelected}
      className={`grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 py-2 sm:table-row sm:p-0 ${isSelected ? 'bg-brand-50/60 dark:bg-slate-800/60' : 'hover:bg-slate-50 dark:hover:bg-slate-800/40'}`}
    >
      <td className="row-span-2 block sm:table-cell sm:px-4 sm:py-2">
        <input
          type="checkbox"
          aria-label={`Select ${displayName(c)}`}
          checked={isSelected}
          onChange={(e) => onToggle(c.id, e.target.checked)}
          className="h-6 w-6 rounded border-slate-300 accent-brand-600 sm:h-4 sm:w-4"
        />
      </td>
      <td className="row-span-2 block min-w-0 sm:table-cell sm:px-4 sm:py-2">
        {/* A plain link: the table's one click handler sends it through the router. */}
        <a href={`/contacts/${c.id}`} className="flex min-w-0 items-center gap-3 font-medium hover:text-brand-700">
          <Avatar name={displayName(c)} url={c.avatar_url} />
          <span className="min-w-0">
            {/* Wrapped, never cut (the priority and score stack beside it on a phone). */}
            <span data-testid="contact-name" className="block break-words sm:inline">
              {displayName(c)}
            </span>
            {c.title || c.company ? (
              // One line on a phone; wrapped on a wider screen, where an unbroken line set
              // the Name column's least width and pushed Next due off the table's edge.
              <span className="block truncate text-xs font-normal text-slate-600 sm:whitespace-normal sm:break-words dark:text-slate-400">
                {c.title}
                {/* The company column steps aside on a phone: its name joins the title. */}
                {c.company ? <span className="sm:hidden">{c.title ? ` · ${c.company.name}` : c.company.name}</span> : null}
              </span>
            ) : null}
          </span>
        </a>
      </td>
      <td className="hidden px-4 py-2 sm:table-cell">{c.company?.name ?? ''}</td>
      <td className="hidden px-4 py-2 lg:table-cell">
        <span className="flex flex-wrap gap-1">
          {c.tags.slice(0, 3).map((t) => (
            <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {t}
            </span>
          ))}
          {c.tags.length > 3 ? <span className="text-xs text-slate-500">+{c.tags.length - 3}</span> : null}
        </span>
      </td>
      <td className="block self-end justify-self-end sm:table-cell sm:px-4 sm:py-2">
        <PriorityBadge priority={c.priority} />
      </td>
      <td className="col-start-3 block self-start justify-self-end sm:table-cell sm:px-4 sm:py-2">
        <ExplainedScoreBadge score={c.relationship_score} />
      </td>
      <td className="hidden px-4 py-2 text-slate-600 md:table-cell dark:text-slate-400">
        {c.last_interaction_at ? format.date(c.last_interaction_at) : 'Never'}
      </td>
      <td className="hidden px-4 py-2 whitespace-nowrap text-slate-600 lg:table-cell dark:text-slate-400">
        {c.next_due ? formatDay(c.next_due) : '—'}
      </td>
    </tr>
  );
});

/**
 * The contact table: one checkbox per row, one for the whole page. On a phone each row is a card
 * (checkbox, person with title and company, priority, score) and the rarer columns step aside.
 */
export function ContactTable({
  contacts,
  selected,
  onToggle,
  onTogglePage,
  busy,
  inViewFirst = false,
}: {
  contacts: Row[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onTogglePage: (on: boolean) => void;
  busy?: boolean;
  /** Rows found at a key: those that fit on the screen paint first, the rest right after. */
  inViewFirst?: boolean;
}) {
  const onPage = contacts.filter((c) => selected.has(c.id)).length;
  const table = useRef<HTMLDivElement>(null);
  const drawn = useRowsInView(contacts, inViewFirst, table);
  const slots = useRowSlots(drawn.map((c) => c.id));
  const linkClicks = useLinkClicks();
  return (
    <div
      ref={table}
      onClick={linkClicks}
      className={`overflow-x-auto rounded-lg border border-slate-200 bg-white transition-opacity dark:border-slate-800 dark:bg-slate-900 ${busy ? 'opacity-60' : ''}`}
      aria-busy={busy}
    >
      <table className="block w-full divide-y divide-slate-200 text-sm sm:table sm:min-w-full dark:divide-slate-800">
        <thead className="block bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase sm:table-header-group dark:bg-slate-900 dark:text-slate-400">
          <tr className="flex items-center sm:table-row">
            <th scope="col" className="w-10 px-3 py-3 sm:px-4">
              <PageCheckbox
                checked={contacts.length > 0 && onPage === contacts.length}
                indeterminate={onPage > 0 && onPage < contacts.length}
                onChange={onTogglePage}
                disabled={contacts.length === 0}
              />
            </th>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              Company
            </th>
            <th scope="col" className="hidden px-4 py-3 lg:table-cell">
              Tags
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              Priority
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              Score
            </th>
            <th scope="col" className="hidden px-4 py-3 md:table-cell">
              Last interaction
            </th>
            <th scope="col" className="hidden px-4 py-3 lg:table-cell">
              Next due
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 sm:table-row-group dark:divide-slate-800">
          {drawn.map((c) => (
            <ContactRow key={slots.get(c.id)} contact={c} isSelected={selected.has(c.id)} onToggle={onToggle} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
