import { Link, useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { RelationshipGroup, RelationshipKind } from '../../../worker/domain/relationships/relationship-kinds';
import { RELATIONSHIP_LIMITS } from '../../../worker/domain/relationships/relationship-limits';
import type { RelationshipView } from '../../../worker/domain/relationships/relationship-view';
import { Pencil, Plus, Trash2 } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { ActionResult } from '../contact-page-action.server';
import { LinkEditForm } from './link-edit-form';
import { PersonPicker, type PickedPerson } from './person-picker';
import { fieldClass, KIND_CHOICES } from './relationship-kind-choices';

/** Links the page brings (worker/domain/contacts/contact-cards.ts PEOPLE_CARD_SIZE); "More" reads the next pages from the API. */
const PAGE = 50;

const GROUPS: { group: RelationshipGroup; title: string }[] = [
  { group: 'family', title: 'Family' },
  { group: 'work', title: 'Work' },
  { group: 'how_we_met', title: 'How we met' },
  { group: 'other', title: 'Other' },
];

function LinkRow({ link }: { link: RelationshipView }) {
  const fetcher = useFetcher<ActionResult>();
  const [editing, setEditing] = useState(false);
  const stopEditing = useCallback(() => setEditing(false), []);
  const name = link.other.name || 'Unnamed contact';
  if (fetcher.state !== 'idle' && fetcher.formData?.get('intent') === 'delete-relationship') return null;
  return (
    <li className="py-1.5 text-sm">
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0">
          {link.other.type === 'contact' ? (
            <Link to={`/contacts/${link.other.id}`} className="font-medium text-brand-600 hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-medium">{name}</span>
          )}
          <span className="text-slate-500"> · {link.description}</span>
          {link.since ? <span className="text-xs text-slate-500"> · since {link.since}</span> : null}
          {link.note || link.other.note ? (
            <span className="block text-xs text-slate-500">{[link.other.note, link.note].filter(Boolean).join(' · ')}</span>
          ) : null}
        </span>
        <span className="flex shrink-0">
          <button
            type="button"
            className={buttonClass('ghost', 'h-11 w-11 p-0')}
            aria-label={`Edit the link to ${name}`}
            aria-expanded={editing}
            onClick={() => setEditing((e) => !e)}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </button>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="delete-relationship" />
            <input type="hidden" name="id" value={link.id} />
            <button type="submit" className={buttonClass('ghost', 'h-11 w-11 p-0')} aria-label={`Remove the link to ${name}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </fetcher.Form>
        </span>
      </div>
      {editing ? <LinkEditForm link={link} name={name} onDone={stopEditing} /> : null}
    </li>
  );
}

function AddLinkForm({ contactId, onDone }: { contactId: string; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const [picked, setPicked] = useState<PickedPerson | null>(null);
  const [kind, setKind] = useState<RelationshipKind>('friend');
  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true && fetcher.data.intent === 'add-relationship';
  useEffect(() => {
    if (saved) onDone();
  }, [saved, onDone]);
  const refused = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error?.message : null;
  return (
    <fetcher.Form method="post" className="mt-3 space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <input type="hidden" name="intent" value="add-relationship" />
      <input type="hidden" name="other_contact_id" value={picked?.type === 'contact' ? picked.id : ''} />
      <input type="hidden" name="person_name" value={picked?.type === 'person' ? picked.name : ''} />
      <PersonPicker contactId={contactId} onPick={setPicked} />
      <label className="block text-xs font-medium text-slate-600 dark:text-slate-400">
        They are this contact’s
        <select name="kind" className={fieldClass} value={kind} onChange={(e) => setKind(e.target.value as RelationshipKind)}>
          {Object.entries(KIND_CHOICES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {kind === 'custom' ? (
        <label className="block text-xs font-medium text-slate-600 dark:text-slate-400">
          What they are to this contact
          <input name="label" required maxLength={RELATIONSHIP_LIMITS.label} placeholder="Godfather" className={fieldClass} />
        </label>
      ) : null}
      <label className="block text-xs font-medium text-slate-600 dark:text-slate-400">
        Note (optional)
        <input name="note" maxLength={RELATIONSHIP_LIMITS.note} placeholder="Met at her wedding" className={fieldClass} />
      </label>
      {refused ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {refused}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'min-h-11')} disabled={!picked || fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Saving…' : 'Add link'}
        </button>
        <button type="button" className={buttonClass('ghost', 'min-h-11')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The people this contact is linked to (ADR 024), grouped as a person thinks of them: family,
 * work, how we met, the rest. Adding one is a name typed and Enter.
 */
export function PeopleCard({ contactId, people: first }: { contactId: string; people: RelationshipView[] }) {
  const [adding, setAdding] = useState(false);
  const [more, setMore] = useState<{ contactId: string; items: RelationshipView[]; done: boolean }>({ contactId, items: [], done: false });
  const [loading, setLoading] = useState(false);
  const extra = more.contactId === contactId ? more : { contactId, items: [], done: false };
  const shown = new Set(first.map((p) => p.id));
  const people = [...first, ...extra.items.filter((p) => !shown.has(p.id))];
  const hasMore = first.length >= PAGE && !extra.done;
  const loadMore = async () => {
    setLoading(true);
    try {
      const page = String(Math.floor(people.length / PAGE) + 1);
      const res = await api.contacts[':id'].relationships.$get({ param: { id: contactId }, query: { page, page_size: String(PAGE) } });
      if (res.ok) {
        const body = await res.json();
        const items = body.data as RelationshipView[];
        setMore({ contactId, items: [...extra.items, ...items], done: body.meta.page >= body.meta.total_pages });
      }
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card
      title="People"
      actions={
        adding ? null : (
          <button type="button" className={buttonClass('ghost', 'min-h-11 px-2 text-xs')} onClick={() => setAdding(true)}>
            <Plus className="h-3.5 w-3.5" aria-hidden="true" /> Add
          </button>
        )
      }
    >
      {people.length === 0 && !adding ? <p className="text-sm text-slate-500">No family, colleagues or introductions linked yet.</p> : null}
      {GROUPS.map(({ group, title }) => {
        const links = people.filter((p) => p.group === group);
        if (links.length === 0) return null;
        return (
          <section key={group} aria-label={title} className="mt-1">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {links.map((link) => (
                <LinkRow key={link.id} link={link} />
              ))}
            </ul>
          </section>
        );
      })}
      {hasMore ? (
        <button type="button" className={buttonClass('ghost', 'mt-1 min-h-11 text-sm')} onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'More people'}
        </button>
      ) : null}
      {people.length > 0 ? (
        <Link
          to={`/contacts/${contactId}/people`}
          className="mt-2 mr-4 inline-flex min-h-11 items-center text-sm text-brand-700 underline dark:text-brand-300"
        >
          Family and people around them
        </Link>
      ) : null}
      {people.some((p) => p.other.type === 'contact') ? (
        <Link
          to={`/contacts?related_to=${encodeURIComponent(contactId)}`}
          className="mt-2 inline-flex min-h-11 items-center text-sm text-brand-700 underline dark:text-brand-300"
        >
          See them in the contact list
        </Link>
      ) : null}
      {adding ? <AddLinkForm contactId={contactId} onDone={() => setAdding(false)} /> : null}
    </Card>
  );
}
