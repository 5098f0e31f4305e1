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
        <Link
          to={`/contacts/${contactId}/merge/${candidate.contact.id}`}
          className={buttonClass('secondary', 'px-2 py-1 text-xs')}
          aria-label={`Review merging ${name} into this contact`}
        >
          Merge…
        </Link>
        <button
          type="button"
          className={buttonClass('ghost', 'px-2 py-1 text-xs')}
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
