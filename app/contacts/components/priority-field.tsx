const PRIORITIES = ['high', 'medium', 'low', 'archived'] as const;
import { inputClass } from '../../components/ui/text-field';
import { useContactUpdate } from './use-contact-update';

/** A select saves on change: there is nothing to type, so no edit mode is needed. */
export function PriorityField({ priority }: { priority: string }) {
  const { save, busy, error } = useContactUpdate(() => {});
  return (
    <div className="grid grid-cols-3 gap-2 py-2 text-sm">
      <dt className="pt-2 text-slate-500">
        <label htmlFor="contact-priority">Priority</label>
      </dt>
      <dd className="col-span-2">
        <select
          id="contact-priority"
          className={`${inputClass} capitalize`}
          value={priority}
          disabled={busy}
          onChange={(e) => save({ priority: e.target.value })}
        >
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        {error ? (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {error.message}
          </p>
        ) : null}
      </dd>
    </div>
  );
}
