import { useRevalidator } from '@remix-run/react';
import { WandSparkles } from 'lucide-react';
import { toast } from 'sonner';
import { describeFields } from '../field-labels';
import { useApiPost } from '../use-api-post';

/**
 * The magic wand of the Contact Details header (SPEC §1 AI bio extraction): shown only
 * when the contact has a bio or a name to process.
 */
export function BioWandButton({ contactId, visible, disabledReason }: { contactId: string; visible: boolean; disabledReason: string | null }) {
  const { post, busy, retryIn } = useApiPost<{ fields_updated: string[] }>('extract-bio');
  const revalidator = useRevalidator();
  if (!visible) return null;

  const handleClick = async () => {
    const result = await post(`/api/v1/contacts/${contactId}/extract-bio`);
    if (!result) return;
    if (result.fields_updated.length) toast.success(`Updated ${describeFields(result.fields_updated)} from the bio`);
    else toast.info('Nothing new found in the bio');
    revalidator.revalidate();
  };

  const label = 'Extract details with AI';
  const title = disabledReason ?? (retryIn ? `Rate limited: try again in ${retryIn}s` : `${label}: name, title and company from the bios`);
  return (
    <button
      type="button"
      onClick={handleClick}
      disabled={Boolean(disabledReason) || busy || retryIn > 0}
      aria-label={label}
      title={title}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-800"
    >
      <WandSparkles className={`h-4 w-4 ${busy ? 'animate-pulse' : ''}`} aria-hidden />
      <span className="sr-only sm:not-sr-only">{busy ? 'Extracting…' : retryIn ? `${retryIn}s` : 'Extract'}</span>
    </button>
  );
}
