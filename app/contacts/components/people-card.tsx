import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { RelationshipGroup, RelationshipKind } from '../../../worker/domain/relationships/relationship-kinds';
import { RELATIONSHIP_LIMITS } from '../../../worker/domain/relationships/relationship-limits';
import type { RelationshipView } from '../../../worker/domain/relationships/relationship-view';
import { Plus, Trash2 } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { ActionResult } from '../contact-page-action.server';
import { PersonPicker, type PickedPerson } from './person-picker';

const GROUPS: { group: RelationshipGroup; title: string }[] = [
  { group: 'family', title: 'Family' },
  { group: 'work', title: 'Work' },
  { group: 'how_we_met', title: 'How we met' },
  { group: 'other', title: 'Other' },
];

/** What the other is to this contact, as the kind select offers it (every kind: the type says so). */
const KIND_CHOICES = {
  partner: 'Partner',
  spouse: 'Spouse',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Sibling',
  relative: 'Relative',
  friend: 'Friend',
  colleague: 'Colleague',
  manager: 'Manager',
  report: 'Reports to them',
  mentor: 'Mentor',
  mentee: 'Mentee',
  introducer: 'Introduced you to them',
  introduced: 'You met them through this contact',
  custom: 'Something else…',
} satisfies Record<RelationshipKind, string>;

const fieldClass = 'mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';

function LinkRow({ link }: { link: RelationshipView }) {
  const fetcher = useFetcher<ActionResult>();
  const name = link.other.name || 'Unnamed contact';
  if (fetcher.state !== 'idle' && fetcher.formData?.get('intent') === 'delete-relationship') return null;
  return (
    <li className="flex items-start justify-between gap-2 py-1.5 text-sm">
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
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="delete-relationship" />
        <input type="hidden" name="id" value={link.id} />
        <button type="submit" className={buttonClass('ghost', 'h-11 w-11 p-0')} aria-label={`Remove the link to ${name}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </fetcher.Form>
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
export function PeopleCard({ contactId, people }: { contactId: string; people: RelationshipView[] }) {
  const [adding, setAdding] = useState(false);
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
