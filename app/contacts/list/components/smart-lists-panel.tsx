import { Link } from '@remix-run/react';
import { Bookmark, BookmarkPlus, Check, Pencil, Trash2, Users, X } from '../../../components/icons';
import { useState, type FormEvent } from 'react';
import { SMART_LIST_LIMITS } from '../../../../worker/domain/smart-lists/smart-list-limits';
import { buttonClass } from '../../../components/ui/button';
import { useOnline } from '../../../http/use-online';

export interface SmartListItem {
  id: string;
  name: string;
  search: string;
}

interface Props {
  lists: SmartListItem[];
  /** The query string of the list as shown now (queryParams of the URL state). */
  currentSearch: string;
  disabled?: boolean;
  onSave: (name: string) => Promise<boolean>;
  onRename: (id: string, name: string) => Promise<boolean>;
  onDelete: (id: string) => Promise<void>;
}

const rowClass = (active: boolean) =>
  `flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
    active
      ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-300'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;
const inputClass = 'w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';

function NameForm({
  initial,
  label,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  onSubmit: (name: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    const done = await onSubmit(name.trim());
    setBusy(false);
    if (done) onCancel();
  };
  return (
    <form onSubmit={handleSubmit} className="flex items-center gap-1 px-1 py-1">
      <input
        autoFocus
        aria-label={label}
        value={name}
        maxLength={SMART_LIST_LIMITS.name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        className={inputClass}
      />
      <button type="submit" disabled={busy || !name.trim()} className={buttonClass('ghost', 'px-1.5 py-1')} aria-label="Save name">
        <Check className="h-4 w-4" />
      </button>
      <button type="button" onClick={onCancel} className={buttonClass('ghost', 'px-1.5 py-1')} aria-label="Cancel">
        <X className="h-4 w-4" />
      </button>
    </form>
  );
}

function SmartListRow({
  list,
  active,
  disabled,
  onRename,
  onDelete,
}: { list: SmartListItem; active: boolean; disabled?: boolean } & Pick<Props, 'onRename' | 'onDelete'>) {
  const online = useOnline();
  const [mode, setMode] = useState<'show' | 'rename' | 'delete'>('show');
  if (mode === 'rename') {
    return (
      <li>
        <NameForm
          initial={list.name}
          label={`New name for ${list.name}`}
          onSubmit={(name) => onRename(list.id, name)}
          onCancel={() => setMode('show')}
        />
      </li>
    );
  }
  if (mode === 'delete') {
    return (
      <li className="flex items-center gap-1 px-2 py-1 text-sm">
        <span className="min-w-0 flex-1 truncate">Delete “{list.name}”?</span>
        <button type="button" className={buttonClass('danger', 'px-2 py-1 text-xs')} onClick={() => onDelete(list.id)}>
          Delete
        </button>
        <button type="button" className={buttonClass('ghost', 'px-2 py-1 text-xs')} onClick={() => setMode('show')}>
          Cancel
        </button>
      </li>
    );
  }
  return (
    <li className="group relative flex items-center">
      <Link
        to={`/contacts${list.search ? `?${list.search}` : ''}`}
        className={rowClass(active)}
        aria-current={active ? 'page' : undefined}
        prefetch={online ? 'intent' : 'none'}
      >
        <Bookmark className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{list.name}</span>
      </Link>
      {/* Beside the name, on hover or keyboard focus: laid over the name, they took the click meant
          for a short list's name once the lists became a row above the list. */}
      <span className="hidden shrink-0 group-focus-within:flex group-hover:flex">
        <button
          type="button"
          disabled={disabled}
          className={buttonClass('ghost', 'px-1.5 py-1')}
          aria-label={`Rename ${list.name}`}
          onClick={() => setMode('rename')}
        >
          <Pencil className="h-3.5 w-3.5" />
        </button>
        <button
          type="button"
          disabled={disabled}
          className={buttonClass('ghost', 'px-1.5 py-1')}
          aria-label={`Delete ${list.name}`}
          onClick={() => setMode('delete')}
        >
          <Trash2 className="h-3.5 w-3.5" />
        </button>
      </span>
    </li>
  );
}

/**
 * The contact list's side panel (a row of links on narrower screens): every contact, the
 * user's smart lists, and saving the current search and filters as one.
 */
export function SmartListsPanel({ lists, currentSearch, disabled, onSave, onRename, onDelete }: Props) {
  const [saving, setSaving] = useState(false);
  const alreadySaved = lists.some((l) => l.search === currentSearch);
  return (
    <nav aria-label="Smart lists" className="flex flex-wrap items-center gap-1 2xl:block 2xl:space-y-1">
      <Link
        to="/contacts"
        className={`${rowClass(currentSearch === '')} flex-none`}
        aria-current={currentSearch === '' ? 'page' : undefined}
      >
        <Users className="h-4 w-4 shrink-0" aria-hidden="true" /> All contacts
      </Link>
      <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase 2xl:pt-3">Smart lists</h2>
      <ul className="flex flex-wrap gap-1 2xl:block 2xl:space-y-0.5">
        {lists.map((list) => (
          <SmartListRow
            key={list.id}
            list={list}
            active={list.search === currentSearch}
            disabled={disabled}
            onRename={onRename}
            onDelete={onDelete}
          />
        ))}
      </ul>
      {lists.length === 0 && !saving ? (
        <p className="px-2 text-xs text-slate-500">Filter or search the list, then save it here to come back in one click.</p>
      ) : null}
      {saving ? (
        <NameForm initial="" label="Smart list name" onSubmit={onSave} onCancel={() => setSaving(false)} />
      ) : currentSearch !== '' && !alreadySaved ? (
        <button
          type="button"
          disabled={disabled}
          onClick={() => setSaving(true)}
          className={buttonClass('ghost', 'justify-start px-2 py-1.5 text-brand-700 2xl:w-full dark:text-brand-300')}
        >
          <BookmarkPlus className="h-4 w-4" aria-hidden="true" /> Save as smart list
        </button>
      ) : null}
    </nav>
  );
}
