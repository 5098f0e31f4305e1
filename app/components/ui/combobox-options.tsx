export interface ComboboxOption {
  key: string;
  label: string;
  hint?: string;
  /** Drawn as an action (“Create …”, “Add as a person”) rather than a found record. */
  action?: boolean;
}

/**
 * The popup list of a combobox (WAI-ARIA 1.2): options with ids the input's
 * aria-activedescendant names, the active one highlighted, a pick on mousedown so it wins over
 * the input's blur. The input and its keys stay with the field that owns them.
 */
export function ComboboxOptions<O extends ComboboxOption>({
  id,
  label,
  options,
  active,
  onPick,
}: {
  id: string;
  label: string;
  options: O[];
  active: number;
  onPick: (option: O) => void;
}) {
  if (options.length === 0) return null;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {options.map((option, i) => (
        <li
          key={option.key}
          id={comboboxOptionId(id, i)}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(option);
          }}
          className={`flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 ${i === active ? 'bg-brand-50 dark:bg-slate-800' : ''} ${option.action ? 'text-brand-600' : ''}`}
        >
          <span className="truncate">{option.label}</span>
          {option.hint ? <span className="shrink-0 text-xs text-slate-500">{option.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The id of option `index` of the list `listId`, for the input's aria-activedescendant. */
export const comboboxOptionId = (listId: string, index: number) => `${listId}-${index}`;
