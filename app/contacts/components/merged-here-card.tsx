import { useFetcher, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { OpenMergeView } from '../../../worker/domain/merge/merge-views';
import { Merge } from '../../components/icons';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDateFormat } from '../../layout/time-zone';
import type { ActionResult } from '../contact-page-action.server';

export type UnmergeResult = ActionResult & { restored?: { id: string; name: string } };

/** The toast of an Unmerge, from the contact page or the activity log: who is back, with a link to them. */
export function useUnmergeToast(data: UnmergeResult | undefined, state: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (state !== 'idle' || !data) return;
    if (!data.ok && data.error) toast.error(data.error.message);
    const restored = data.restored;
    if (data.ok && restored)
      toast.success(`${restored.name || 'The contact'} is back as a contact of their own`, {
        action: { label: 'Open', onClick: () => navigate(`/contacts/${restored.id}`) },
      });
  }, [data, state, navigate]);
}

function MergeRow({ merge, unmerging, onUnmerge }: { merge: OpenMergeView; unmerging: boolean; onUnmerge: () => void }) {
  const format = useDateFormat();
  const name = merge.merged_name || 'A contact without a name';
  return (
    <li className="flex items-center justify-between gap-3 py-2 text-sm">
      <span className="min-w-0">
        <span className="block truncate font-medium">{name}</span>
        <span className="block text-xs text-slate-500">
          {merge.origin === 'auto' ? 'Merged automatically' : 'Merged'} {format.date(merge.merged_at)}
        </span>
      </span>
      <button
        type="button"
        className={buttonClass('secondary', 'min-h-11 px-3 text-xs')}
        disabled={unmerging}
        aria-label={`Unmerge ${name}`}
        onClick={onUnmerge}
      >
        {unmerging ? 'Unmerging…' : 'Unmerge'}
      </button>
    </li>
  );
}

/**
 * The contacts merged into this one, each with Unmerge (ADR 020): shown only when there is one,
 * so a merge made by an import or a sync, which the user never saw, can be found and undone here.
 */
export function MergedHereCard({ merges }: { merges: OpenMergeView[] }) {
  // One fetcher for the card, which stays mounted when its last row goes: the toast still shows.
  const fetcher = useFetcher<UnmergeResult>();
  useUnmergeToast(fetcher.data, fetcher.state);
  const pending = fetcher.state !== 'idle' ? fetcher.formData?.get('merge_id') : null;
  if (merges.length === 0) return null;
  return (
    <Card title="Merged into this contact">
      <p className="flex items-start gap-2 text-xs text-slate-500">
        <Merge className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        Unmerge gives each back as they were; what you added here since stays here.
      </p>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {merges.map((m) => (
          <MergeRow
            key={m.id}
            merge={m}
            unmerging={pending === m.id}
            onUnmerge={() => fetcher.submit({ intent: 'unmerge', merge_id: m.id }, { method: 'post' })}
          />
        ))}
      </ul>
    </Card>
  );
}
