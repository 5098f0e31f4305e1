import { SlidersHorizontal } from '../../../components/icons';
import { useState, type ReactNode } from 'react';
import { Sheet } from '../../../components/ui/sheet';

/**
 * On a phone the filters, sort and smart lists live in a sheet behind one button, so the list
 * starts right under the search box. The button says how many filters are on.
 */
export function PhoneFiltersButton({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 md:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        <SlidersHorizontal aria-hidden className="h-4 w-4" />
        {active ? `Filters (${active})` : 'Filters'}
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="Filters and smart lists">
        <div className="space-y-5">{children}</div>
      </Sheet>
    </>
  );
}
