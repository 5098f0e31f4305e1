import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Archive, Building2, ChevronDown, Flag, Merge, Tag, Tags, Trash2, X } from '../../../components/icons';
import { MenuRoot } from '../../../components/ui/menu-root';
import { LIST_LIMITS } from '../../../../worker/domain/search/contact-list-limits';
import type { BulkRequest } from '../bulk-action';
import type { DialogKind } from './bulk-action-dialog';

const PRIORITIES = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
] as const;

const toolBase =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
const toolButton = `${toolBase} text-slate-700 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-700`;
const dangerButton = `${toolBase} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-700`;

/** What can be done with the selected contacts, and how many that is. */
export function BulkToolbar({
  count,
  totalMatching,
  allMatchingSelected,
  onSelectAllMatching,
  onClear,
  onRun,
  onOpenDialog,
  disabled,
}: {
  count: number;
  totalMatching: number;
  allMatchingSelected: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onRun: (request: BulkRequest) => void;
  onOpenDialog: (kind: DialogKind) => void;
  disabled?: boolean;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-x-1 gap-y-1 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <span className="mr-2 font-medium" aria-live="polite" data-testid="selection-count">
        {count.toLocaleString('en')} selected
      </span>
      {!allMatchingSelected && totalMatching > count ? (
        <button
          type="button"
          className="mr-2 text-brand-700 underline-offset-2 hover:underline disabled:opacity-50 dark:text-brand-100"
          onClick={onSelectAllMatching}
          disabled={disabled}
        >
          Select all {Math.min(totalMatching, LIST_LIMITS.selectAll).toLocaleString('en')} matching
        </button>
      ) : null}
      <button type="button" className={toolButton} onClick={onClear}>
        <X className="h-4 w-4" aria-hidden="true" /> Clear
      </button>
      <div className="ml-auto flex flex-wrap items-center justify-end gap-0.5">
        <MenuRoot>
          <DropdownMenu.Trigger className={toolButton} disabled={disabled}>
            <Flag className="h-4 w-4" aria-hidden="true" /> Priority <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              sideOffset={4}
              className="z-50 min-w-36 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-800 dark:bg-slate-900"
            >
              {PRIORITIES.map((p) => (
                <DropdownMenu.Item
                  key={p.value}
                  onSelect={() => onRun({ action: 'set_priority', value: p.value })}
                  className="cursor-pointer rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
                >
                  {p.label}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </MenuRoot>
        <button type="button" className={toolButton} onClick={() => onOpenDialog('set_company')} disabled={disabled}>
          <Building2 className="h-4 w-4" aria-hidden="true" /> Company…
        </button>
        <button type="button" className={toolButton} onClick={() => onOpenDialog('add_tags')} disabled={disabled}>
          <Tag className="h-4 w-4" aria-hidden="true" /> Add tags…
        </button>
        <button type="button" className={toolButton} onClick={() => onOpenDialog('remove_tags')} disabled={disabled}>
          <Tags className="h-4 w-4" aria-hidden="true" /> Remove tags…
        </button>
        <button
          type="button"
          className={toolButton}
          onClick={() => onOpenDialog('merge')}
          disabled={disabled || count < 2}
          title="Combine duplicates into the first selected contact"
        >
          <Merge className="h-4 w-4" aria-hidden="true" /> Merge…
        </button>
        <button type="button" className={toolButton} onClick={() => onOpenDialog('archive')} disabled={disabled}>
          <Archive className="h-4 w-4" aria-hidden="true" /> Archive…
        </button>
        <button type="button" className={dangerButton} onClick={() => onOpenDialog('delete')} disabled={disabled}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete…
        </button>
      </div>
    </div>
  );
}
