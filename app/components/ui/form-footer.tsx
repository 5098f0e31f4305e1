import { buttonClass } from './button';

/** The foot of a small in-card form: its error, if any, then Save (or Add…) and Cancel. */
export function FormFooter({
  error,
  busy,
  submitLabel,
  onCancel,
}: {
  error?: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={buttonClass('primary', 'px-2 py-1 text-xs')}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass('ghost', 'px-2 py-1 text-xs')}>
          Cancel
        </button>
      </div>
    </>
  );
}
