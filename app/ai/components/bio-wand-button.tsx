import { useRevalidator } from '@remix-run/react';
import { WandSparkles } from '../../components/icons';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/button';
import { Dialog, DialogClose } from '../../components/ui/dialog';
import { describeFields, fieldLabel } from '../field-labels';
import { api, type ApiData } from '../../api/client';
import { useApiCall } from '../use-api-call';

const extractBio = api.contacts[':id']['extract-bio'].$post;
/** A preview's answer: what would change, and the extraction to send back to apply exactly that. */
type Preview = Required<Pick<ApiData<typeof extractBio>, 'changes' | 'extraction'>> & Pick<ApiData<typeof extractBio>, 'job_change'>;

/**
 * The magic wand of the Contact Details header (SPEC §1 AI bio extraction): shown only when the
 * contact has a bio or a name to process. It first shows what it would change, field by field;
 * Apply writes exactly that (the answer goes back, the model is not asked twice).
 */
export function BioWandButton({
  contactId,
  visible,
  disabledReason,
}: {
  contactId: string;
  visible: boolean;
  disabledReason: string | null;
}) {
  const { run, busy, retryIn } = useApiCall('extract-bio');
  const apply = useApiCall('extract-bio');
  const [preview, setPreview] = useState<Preview | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const revalidator = useRevalidator();
  if (!visible) return null;

  const handleClick = async () => {
    const found = await run(() => extractBio({ param: { id: contactId }, json: { preview: true } }));
    if (!found) return;
    if (found.changes?.length && found.extraction)
      setPreview({ changes: found.changes, extraction: found.extraction, job_change: found.job_change });
    else toast.info('Nothing new found in the bio');
  };
  const handleApply = async () => {
    if (!preview) return;
    const result = await apply.run(() => extractBio({ param: { id: contactId }, json: { extraction: preview.extraction } }));
    if (!result) return;
    setPreview(null);
    const recorded = result.recorded_event ? `; “${result.recorded_event.summary}” is in Life` : '';
    toast.success(
      result.fields_updated.length
        ? `Updated ${describeFields(result.fields_updated)} from the bio${recorded}`
        : 'Nothing changed: the contact was edited meanwhile',
    );
    revalidator.revalidate();
  };

  const label = 'Extract details with AI';
  const title = disabledReason ?? (retryIn ? `Rate limited: try again in ${retryIn}s` : `${label}: name, title and company from the bios`);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={handleClick}
        disabled={Boolean(disabledReason) || busy || retryIn > 0}
        aria-label={label}
        title={title}
        className="inline-flex items-center justify-center gap-1 rounded-md px-2 py-1 text-sm text-brand-700 max-sm:-my-2.5 max-sm:min-h-11 max-sm:min-w-11 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 dark:text-brand-300 dark:hover:bg-slate-800"
      >
        <WandSparkles className={`h-4 w-4 ${busy ? 'animate-pulse' : ''}`} aria-hidden />
        <span className="sr-only sm:not-sr-only">{busy ? 'Extracting…' : retryIn ? `${retryIn}s` : 'Extract'}</span>
      </button>
      <Dialog
        open={preview !== null}
        onOpenChange={(open) => !open && setPreview(null)}
        returnFocusTo={button}
        title="Apply what AI found in the bio?"
        description="Only these fields change. Names come from the bios; title and company fill what is empty, or change when a bio line says another job."
        footer={
          <>
            <DialogClose className={buttonClass('secondary')}>Cancel</DialogClose>
            <button type="button" className={buttonClass('primary')} disabled={apply.busy} onClick={handleApply}>
              {apply.busy ? 'Applying…' : 'Apply'}
            </button>
          </>
        }
      >
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-label="Changes">
          {preview?.changes.map((change) => (
            <div key={change.field} className="grid grid-cols-3 gap-2 py-2">
              <dt className="text-slate-600 first-letter:uppercase dark:text-slate-400">{fieldLabel(change.field)}</dt>
              <dd className="col-span-2">
                {change.from ? (
                  <>
                    <del className="text-slate-600 dark:text-slate-400">{change.from}</del> →{' '}
                  </>
                ) : null}
                <ins className="font-medium no-underline">{change.to}</ins>
              </dd>
            </div>
          ))}
        </dl>
        {preview?.job_change ? (
          <p className="mt-3 rounded-md bg-slate-50 p-2 text-sm dark:bg-slate-800" data-testid="wand-job-change">
            Apply also records <span className="font-medium">{preview.job_change.summary}</span> in Life, from the bio: “
            {preview.job_change.evidence}”
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
