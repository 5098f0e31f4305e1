import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { RelationshipKind } from '../../../worker/domain/relationships/relationship-kinds';
import { RELATIONSHIP_LIMITS } from '../../../worker/domain/relationships/relationship-limits';
import type { RelationshipView } from '../../../worker/domain/relationships/relationship-view';
import { buttonClass } from '../../components/ui/button';
import type { ActionResult } from '../contact-page-action.server';
import { fieldClass, KIND_CHOICES } from './relationship-kind-choices';

/** A link changed in place: what they are to this contact (the other side follows) and the note. */
export function LinkEditForm({ link, name, onDone }: { link: RelationshipView; name: string; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const [kind, setKind] = useState<RelationshipKind>(link.kind);
  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true && fetcher.data.intent === 'edit-relationship';
  useEffect(() => {
    if (saved) onDone();
  }, [saved, onDone]);
  const refused = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error?.message : null;
  return (
    <fetcher.Form
      method="post"
      className="mt-2 space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label={`Edit the link to ${name}`}
    >
      <input type="hidden" name="intent" value="edit-relationship" />
      <input type="hidden" name="id" value={link.id} />
      <label className="block text-xs font-medium text-slate-600 dark:text-slate-400">
        {name} is this contact’s
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
          <input name="label" required maxLength={RELATIONSHIP_LIMITS.label} defaultValue={link.label ?? ''} className={fieldClass} />
        </label>
      ) : null}
      <label className="block text-xs font-medium text-slate-600 dark:text-slate-400">
        Note
        <input name="note" maxLength={RELATIONSHIP_LIMITS.note} defaultValue={link.note ?? ''} className={fieldClass} />
      </label>
      {refused ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {refused}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'min-h-11')} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className={buttonClass('ghost', 'min-h-11')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}
