import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRevalidator } from '@remix-run/react';
import { Sparkles } from '../../components/icons';
import { toast } from 'sonner';
import { describeFields } from '../field-labels';
import { api, type ApiData } from '../../api/client';
import { useApiCall } from '../use-api-call';

const enrich = api.contacts[':id'].enrich.$post;
type Skipped = ApiData<typeof enrich>['skipped'];

function skippedText(skipped: Skipped): string {
  return skipped
    .map((s) =>
      s.reason === 'duplicate_identifier'
        ? `${s.value} (already on ${s.existing_contact?.full_name || 'another contact'})`
        : `${s.value} (${s.reason.replace(/_/g, ' ')})`,
    )
    .join(', ');
}

/** The "Enrich with Apollo" menu item (SPEC §1 Enrichment), for the contact page's kebab menu. */
export function EnrichWithApolloItem({ contactId, disabledReason }: { contactId: string; disabledReason: string | null }) {
  const { run, busy, retryIn } = useApiCall('enrich');
  const revalidator = useRevalidator();

  const handleSelect = async () => {
    // The menu closes at once; the toast carries the progress and then the outcome.
    const id = toast.loading('Enriching with Apollo…');
    const result = await run(() => enrich({ param: { id: contactId } }), id);
    if (!result) return;
    if (result.fields_updated.length) toast.success(`Enriched: added ${describeFields(result.fields_updated)}`, { id });
    else toast.info('Apollo had nothing new for this contact', { id });
    if (result.skipped.length) toast.warning(`Skipped ${skippedText(result.skipped)}`);
    revalidator.revalidate();
  };

  const reason = disabledReason ?? (retryIn ? `Apollo rate limit: try again in ${retryIn}s` : null);
  return (
    <DropdownMenu.Item
      disabled={Boolean(reason) || busy}
      onSelect={handleSelect}
      className="flex cursor-pointer select-none items-start gap-2 rounded px-2 py-2 text-sm outline-none data-[disabled]:cursor-not-allowed data-[highlighted]:bg-slate-100 data-[disabled]:opacity-60 dark:data-[highlighted]:bg-slate-800"
    >
      <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
      <span>
        <span className="block">{busy ? 'Enriching…' : 'Enrich with Apollo'}</span>
        {reason ? <span className="block text-xs text-slate-500">{reason}</span> : null}
      </span>
    </DropdownMenu.Item>
  );
}
