import { Link, useFetcher } from '@remix-run/react';
import type { DuplicateCandidate } from '../../../worker/domain/duplicates/find-duplicates';
import { Card } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';

function DuplicateRow({ contactId, candidate }: { contactId: string; candidate: DuplicateCandidate }) {
  const fetcher = useFetcher();
  const name = candidate.contact.full_name || 'Unnamed contact';
  if (fetcher.state !== 'idle') return null;
  return (
    <li className="py-2 text-sm">
      <Link to={`/contacts/${candidate.contact.id}`} className="font-medium text-brand-600 hover:underline">
        {name}
      </Link>
      <p className="text-xs text-slate-500">{candidate.reasons.join(' · ')}</p>
      <div className="mt-1 flex gap-2">
        <Link to={`/contacts/${contactId}/merge/${candidate.contact.id}`} className={buttonClass('secondary', 'min-h-11 px-3 text-xs')}>
          {/* The spoken name begins with the visible word (WCAG 2.5.3, label in name). */}
          Merge…<span className="sr-only"> {name} into this contact</span>
        </Link>
        <button
          type="button"
          className={buttonClass('ghost', 'min-h-11 px-3 text-xs')}
          onClick={() => fetcher.submit({ intent: 'dismiss-duplicate', other_id: candidate.contact.id }, { method: 'post' })}
        >
          Not a duplicate
        </button>
      </div>
    </li>
  );
}

export function DuplicatesCard({ contactId, duplicates }: { contactId: string; duplicates: DuplicateCandidate[] }) {
  return (
    <Card
      title="Possible duplicates"
      actions={
        duplicates.length ? (
          <Link to={`/contacts/${contactId}/duplicates`} className="text-xs text-brand-600 hover:underline">
            Compare side by side
          </Link>
        ) : null
      }
    >
      {duplicates.length ? (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {duplicates.map((d) => (
            <DuplicateRow key={d.contact.id} contactId={contactId} candidate={d} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No likely duplicates.</p>
      )}
    </Card>
  );
}
