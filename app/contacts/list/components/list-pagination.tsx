import { ChevronLeft, ChevronRight } from '../../../components/icons';
import { buttonClass } from '../../../components/ui/button';
import { memo } from 'react';
import { PAGE_SIZES } from '../list-state';

/** Page controls at the bottom of the list (SPEC §1), with the page size choice; drawn again only when what it shows changes. */
export const ListPagination = memo(function ListPagination({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
  disabled,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  disabled?: boolean;
}) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? 'No contacts' : `${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${total.toLocaleString('en')}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 whitespace-nowrap text-slate-600 dark:text-slate-400">
          Per page
          <select
            value={pageSize}
            disabled={disabled}
            onChange={(e) => onPageSize(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span className="whitespace-nowrap text-slate-600 dark:text-slate-400">
          Page {Math.min(page, totalPages)} of {totalPages.toLocaleString('en')}
        </span>
        <button
          type="button"
          className={buttonClass('secondary', 'disabled:opacity-50')}
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'disabled:opacity-50')}
          disabled={disabled || page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
});
