import { Link, useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { buttonClass } from '../../components/ui/button';

interface Conflict {
  value?: string;
  existing_contact?: { id: string; full_name: string };
}

/** Shown when a save hit another contact's identifier (409): offers merging the two instead. */
export function DuplicateConflict({
  details,
  message,
  onMerged,
}: {
  details?: Record<string, unknown>;
  message: string;
  onMerged: () => void;
}) {
  const fetcher = useFetcher<{ ok: boolean; error?: { message: string } }>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onMerged();
  }, [fetcher.state, fetcher.data, onMerged]);
  const conflict = details as Conflict | undefined;
  const other = conflict?.existing_contact;
  if (!other)
    return (
      <p role="alert" className="text-sm text-red-600">
        {message}
      </p>
    );
  return (
    <div role="alert" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
      <p>
        <strong>{conflict?.value}</strong> already belongs to{' '}
        <Link to={`/contacts/${other.id}`} className="font-medium text-brand-600 underline">
          {other.full_name || 'another contact'}
        </Link>
        . Nothing was saved.
      </p>
      <fetcher.Form method="post" className="mt-2 flex items-center gap-2">
        <input type="hidden" name="intent" value="merge" />
        <input type="hidden" name="other_id" value={other.id} />
        <button type="submit" className={buttonClass('primary', 'px-2 py-1 text-xs')} disabled={fetcher.state !== 'idle'}>
          Merge {other.full_name || 'that contact'} into this contact
        </button>
      </fetcher.Form>
      {fetcher.data?.error ? <p className="mt-1 text-red-600">{fetcher.data.error.message}</p> : null}
    </div>
  );
}
