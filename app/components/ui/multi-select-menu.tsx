import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from '../icons';
import { MenuRoot } from './menu-root';

export interface MenuOption {
  value: string;
  label: string;
  hint?: string;
}

/** A button opening a checklist (Radix menu: arrow keys, Space to toggle, Escape to close). */
export function MultiSelectMenu({
  label,
  options,
  selected,
  onChange,
  disabled,
  emptyText = 'Nothing to choose from yet',
}: {
  label: string;
  options: MenuOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
  emptyText?: string;
}) {
  const toggle = (value: string, on: boolean) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  const active = selected.length > 0;
  return (
    <MenuRoot>
      <DropdownMenu.Trigger
        disabled={disabled}
        className={`inline-flex items-center gap-1.5 rounded-md border px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${
          active
            ? 'border-brand-500 bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200'
        }`}
      >
        {label}
        {active ? <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{selected.length}</span> : null}
        <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 max-h-80 min-w-48 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          {options.length === 0 ? <p className="px-2 py-1.5 text-slate-500">{emptyText}</p> : null}
          {options.map((option) => (
            <DropdownMenu.CheckboxItem
              key={option.value}
              checked={selected.includes(option.value)}
              onCheckedChange={(on) => toggle(option.value, on === true)}
              onSelect={(event) => event.preventDefault()}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
            >
              <span className="flex h-4 w-4 items-center justify-center rounded border border-slate-300 dark:border-slate-600">
                <DropdownMenu.ItemIndicator>
                  <Check className="h-3 w-3" />
                </DropdownMenu.ItemIndicator>
              </span>
              <span className="flex-1">{option.label}</span>
              {option.hint ? <span className="text-xs text-slate-500">{option.hint}</span> : null}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </MenuRoot>
  );
}
