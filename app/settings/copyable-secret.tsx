import { Copy } from '../components/icons';
import { toast } from 'sonner';
import { Button } from '../components/ui/button';

export function CopyableSecret({ label, value }: { label: string; value: string }) {
  const handleCopy = async () => {
    await navigator.clipboard.writeText(value);
    toast.success('Copied');
  };
  return (
    <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 dark:border-emerald-900 dark:bg-emerald-950">
      <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">{label}</p>
      <div className="mt-2 flex items-center gap-2">
        <code data-testid="new-token" className="flex-1 overflow-x-auto rounded bg-white px-2 py-1 text-xs dark:bg-slate-900">
          {value}
        </code>
        <Button variant="secondary" onClick={handleCopy} aria-label="Copy token">
          <Copy className="h-4 w-4" />
        </Button>
      </div>
    </div>
  );
}
