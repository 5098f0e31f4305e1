import { useEffect, useState, type ReactNode } from 'react';
import { ScoreLegend } from '../../components/score-legend';
import { MultiSelectMenu } from '../../../components/ui/multi-select-menu';
import { LIST_LIMITS } from '../../../../worker/domain/search/contact-list-limits';
import {
  DUE_OPTIONS,
  hasFilters,
  PRIORITY_OPTIONS,
  SORT_OPTIONS,
  SOURCE_OPTIONS,
  type ListState,
  type PriorityValue,
  type SourceValue,
} from '../list-state';

const selectClass =
  'rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-700 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

/** A score bound, applied when the field is left or Enter is pressed (not on every keystroke). */
function ScoreInput({
  label,
  value,
  onCommit,
  disabled,
}: {
  label: string;
  value: number | null;
  onCommit: (v: number | null) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const commit = () => {
    const n = text.trim() === '' ? null : Math.min(LIST_LIMITS.scoreMax, Math.max(LIST_LIMITS.scoreMin, Number(text)));
    if (n === null || Number.isFinite(n)) {
      if (n !== value) onCommit(n);
    } else setText(value === null ? '' : String(value));
  };
  return (
    <input
      type="number"
      min={LIST_LIMITS.scoreMin}
      max={LIST_LIMITS.scoreMax}
      step={0.5}
      inputMode="decimal"
      aria-label={label}
      placeholder={String(label.endsWith('minimum') ? LIST_LIMITS.scoreMin : LIST_LIMITS.scoreMax)}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      className="w-16 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
    />
  );
}

/** The place filter ("Tokyo", "Germany"), applied when the field is left or Enter is pressed. */
function PlaceInput({ value, onCommit, disabled }: { value: string; onCommit: (v: string) => void; disabled?: boolean }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => text.trim() !== value && onCommit(text.trim());
  return (
    <label className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
      Place
      <input
        type="text"
        placeholder="City or country"
        value={text}
        maxLength={LIST_LIMITS.place}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        className="w-36 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm placeholder:text-slate-500 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
      />
    </label>
  );
}

/** A filter that is on but has no control of its own here (set from the map or a contact's page): its name and a remove button. */
function FilterChip({
  children,
  removeLabel,
  onRemove,
  disabled,
}: {
  children: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
}) {
  return (
    <span className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-700 dark:bg-slate-800 dark:text-brand-100">
      {children}
      <button
        type="button"
        aria-label={removeLabel}
        disabled={disabled}
        onClick={onRemove}
        className="flex size-8 items-center justify-center rounded-full hover:bg-brand-100 dark:hover:bg-slate-700"
      >
        ×
      </button>
    </span>
  );
}

interface Props {
  state: ListState;
  tagsInUse: { tag: string; count: number }[];
  /** The name of the contact the "related to" filter names, when it is one of the user's. */
  relatedName: string | null;
  onChange: (patch: Partial<ListState>) => void;
  disabled?: boolean;
}

/**
 * The list's filters. "Clear filters" and the sort sit beside the search box (ClearFilters,
 * ListSort), so that turning a filter on does not re-flow this row.
 */
export function ContactFilters({ state, tagsInUse, relatedName, onChange, disabled }: Props) {
  const known = new Set(tagsInUse.map((t) => t.tag.toLowerCase()));
  const tagOptions = [
    ...tagsInUse.map((t) => ({ value: t.tag, label: t.tag, hint: t.count.toLocaleString('en') })),
    ...state.tags.filter((t) => !known.has(t.toLowerCase())).map((t) => ({ value: t, label: t })),
  ];
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
      <MultiSelectMenu
        label="Tags"
        options={tagOptions}
        selected={state.tags}
        onChange={(tags) => onChange({ tags })}
        disabled={disabled}
        emptyText="No tags yet"
      />
      <MultiSelectMenu
        label="Source"
        options={[...SOURCE_OPTIONS]}
        selected={state.sources}
        onChange={(sources) => onChange({ sources: sources as SourceValue[] })}
        disabled={disabled}
      />
      <MultiSelectMenu
        label="Priority"
        options={[...PRIORITY_OPTIONS]}
        selected={state.priorities}
        onChange={(priorities) => onChange({ priorities: priorities as PriorityValue[] })}
        disabled={disabled}
      />
      <PlaceInput value={state.place} onCommit={(place) => onChange({ place })} disabled={disabled} />
      {state.bbox ? (
        <FilterChip removeLabel="Stop filtering by the map area" onRemove={() => onChange({ bbox: '' })} disabled={disabled}>
          In the map area
        </FilterChip>
      ) : null}
      {state.relatedTo ? (
        <FilterChip removeLabel="Stop showing only related people" onRemove={() => onChange({ relatedTo: '' })} disabled={disabled}>
          Related to {relatedName ?? 'a contact that is gone'}
        </FilterChip>
      ) : null}
      <span className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
        Score
        <ScoreInput label="Score minimum" value={state.scoreMin} onCommit={(scoreMin) => onChange({ scoreMin })} disabled={disabled} />
        <span aria-hidden="true">–</span>
        <ScoreInput label="Score maximum" value={state.scoreMax} onCommit={(scoreMax) => onChange({ scoreMax })} disabled={disabled} />
      </span>
      <label className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
        Due
        <select
          aria-label="Due"
          className={selectClass}
          value={state.due ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ due: (e.target.value || null) as ListState['due'] })}
        >
          <option value="">Any time</option>
          {DUE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** "Clear filters", while any filter is on. */
export function ClearFilters({ state, onChange, disabled }: Pick<Props, 'state' | 'onChange' | 'disabled'>) {
  if (!hasFilters({ ...state, q: '' })) return null;
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() =>
        onChange({ place: '', bbox: '', tags: [], sources: [], priorities: [], scoreMin: null, scoreMax: null, due: null, relatedTo: '' })
      }
      className="rounded-md px-2 py-2 text-sm text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-100"
    >
      Clear filters
    </button>
  );
}

/** The list's order, and what its score means. */
export function ListSort({ state, onChange, disabled }: Pick<Props, 'state' | 'onChange' | 'disabled'>) {
  return (
    <div className="ml-auto flex flex-wrap items-center gap-2" role="group" aria-label="Sort">
      <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        Sort
        <select
          className={selectClass}
          value={state.sort}
          disabled={disabled}
          onChange={(e) => onChange({ sort: e.target.value as ListState['sort'] })}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <ScoreLegend />
    </div>
  );
}
