import { useEffect, useId, useState } from 'react';
import { applyTagSuggestion, suggestTags } from '../tag-suggestions';
import { buttonClass } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/text-field';
import { splitTags, TAGS_FIELD_MAX_LENGTH, type BulkRequest } from '../bulk-action';
import { CONTACT_LIMITS } from '../../../../worker/domain/contacts/contact-values';

export type DialogKind = 'set_company' | 'add_tags' | 'remove_tags' | 'archive' | 'delete' | 'merge';

const COPY: Record<DialogKind, { title: (n: string) => string; description: string; confirm: string }> = {
  set_company: {
    title: (n) => `Set the company of ${n}`,
    description: 'Links an existing organization of that name, or creates it. Leave empty to clear the company.',
    confirm: 'Set company',
  },
  add_tags: { title: (n) => `Add tags to ${n}`, description: 'Separate several tags with commas.', confirm: 'Add tags' },
  remove_tags: {
    title: (n) => `Remove tags from ${n}`,
    description: 'Separate several tags with commas. Case does not matter.',
    confirm: 'Remove tags',
  },
  archive: {
    title: (n) => `Archive ${n}?`,
    description: 'Archived contacts leave the list; filter by the Archived priority to see them again.',
    confirm: 'Archive',
  },
  merge: {
    title: (n) => `Merge ${n} into one?`,
    description:
      'The first contact you selected keeps its details and gains everything the others hold: emails, phones, handles, tags, notes and interactions. The others are then removed.',
    confirm: 'Merge',
  },
  delete: {
    title: (n) => `Delete ${n}?`,
    description: 'This removes them with their interactions, notes and follow-ups. You can undo it for a few seconds.',
    confirm: 'Delete',
  },
};

/** The confirmation (or the one field) a bulk action needs before it runs. */
export function BulkActionDialog({
  kind,
  count,
  onClose,
  onConfirm,
  disabled,
  tagsInUse = [],
}: {
  kind: DialogKind | null;
  count: number;
  tagsInUse?: { tag: string; count: number }[];
  onClose: () => void;
  onConfirm: (request: BulkRequest) => Promise<void>;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const fieldId = useId();
  useEffect(() => setText(''), [kind]);
  if (!kind) return null;
  const copy = COPY[kind];
  const people = `${count.toLocaleString('en')} ${count === 1 ? 'contact' : 'contacts'}`;
  const needsTags = kind === 'add_tags' || kind === 'remove_tags';
  const invalid = needsTags && splitTags(text).length === 0;

  const request = (): BulkRequest => {
    if (kind === 'set_company') return { action: 'set_company', value: text.trim() || null };
    if (needsTags) return { action: kind, value: splitTags(text) };
    return { action: kind as 'archive' | 'delete' | 'merge' };
  };
  const handleConfirm = async () => {
    if (invalid || running) return;
    setRunning(true);
    try {
      await onConfirm(request());
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={copy.title(people)}
      description={copy.description}
      footer={
        <>
          <DialogClose className={buttonClass('secondary')}>Cancel</DialogClose>
          <button
            type="button"
            className={buttonClass(kind === 'delete' ? 'danger' : 'primary')}
            disabled={invalid || running || disabled}
            onClick={handleConfirm}
          >
            {running ? 'Working…' : copy.confirm}
          </button>
        </>
      }
    >
      {kind === 'set_company' || needsTags ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void handleConfirm();
          }}
        >
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            {kind === 'set_company' ? 'Company' : 'Tags'}
          </label>
          <input
            id={fieldId}
            autoFocus
            className={`${inputClass} mt-1`}
            value={text}
            maxLength={kind === 'set_company' ? CONTACT_LIMITS.line : TAGS_FIELD_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
          />
          {needsTags && suggestTags(text, tagsInUse).length ? (
            <div role="group" aria-label="Suggestions" className="mt-2 flex flex-wrap gap-1">
              {suggestTags(text, tagsInUse).map((tag) => (
                <button
                  key={tag}
                  type="button"
                  onClick={() => {
                    setText(applyTagSuggestion(text, tag));
                    document.getElementById(fieldId)?.focus();
                  }}
                  className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  {tag}
                </button>
              ))}
            </div>
          ) : null}
        </form>
      ) : null}
    </Dialog>
  );
}
