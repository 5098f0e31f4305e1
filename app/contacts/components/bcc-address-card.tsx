import { Check, Copy } from '../../components/icons';
import { useState } from 'react';
import { Card } from '../../components/ui/card';

/** The contact's logging address: BCC it on any email and the email lands in the timeline. */
export function BccAddressCard({ address }: { address: string | null }) {
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    if (!address) return;
    await navigator.clipboard.writeText(address);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Card title="BCC logging">
      {address ? (
        <>
          <p className="mb-2 text-xs text-slate-500">BCC this address on an email to log it here.</p>
          <div className="flex items-center gap-2">
            <code data-testid="bcc-address" className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">
              {address}
            </code>
            <button
              type="button"
              onClick={handleCopy}
              aria-label="Copy BCC address"
              className="rounded-md border border-slate-300 p-1.5 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {copied ? <Check aria-hidden className="h-4 w-4 text-emerald-600" /> : <Copy aria-hidden className="h-4 w-4" />}
            </button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-500">Logging emails by BCC isn't set up on this server yet. Ask whoever runs Kith to set it up.</p>
      )}
    </Card>
  );
}
