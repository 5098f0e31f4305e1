import { useEffect, useRef, useState } from 'react';
import type { ContactFileView } from '../../../worker/domain/files/contact-file-view';
import { ACCEPTED_FILE_TYPES, MAX_CONTACT_FILE_LABEL, byteSizeLabel } from '../../../worker/domain/files/file-limits';
import { api, ApiError, bodyOf, errorOf } from '../../api/client';
import { useContactFiles } from '../hooks/use-contact-files';
import { DeleteFileButton } from './delete-file-button';
import { Download, FileText, FileUp } from '../../components/icons';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
/** A thumbnail's drawn size (the grid's cell at its widest): the box is set before the image arrives. */
const THUMB_PX = 160;

/** Sends one file; the error envelope's message (a 413 or 415 says what is taken) when refused. */
async function sendFile(contactId: string, file: File): Promise<string | null> {
  const res = await api.contacts[':id'].files.$post({ param: { id: contactId }, form: { file } });
  if (res.ok) return null;
  return errorOf(await res.json().catch(() => null))?.message ?? `Could not keep ${file.name} (${res.status})`;
}

/**
 * The contact's photos and documents (ADR 066): photos as thumbnails that open full size,
 * documents with their name, size and date; each downloads, and goes after a confirmation.
 * Read after the page, from the API, like the intro paths: the page does not wait for it. The
 * newest 20 first, "Show more" for the next 20.
 */
export function FilesCard({ contactId }: { contactId: string }) {
  const { state, reload, more, loadingMore } = useContactFiles(contactId);
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<ContactFileView | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLButtonElement>(null);

  useEffect(() => setMessage(null), [contactId]);

  async function showMore() {
    if (!(await more())) setMessage({ tone: 'error', text: 'Could not read more of their files just now.' });
  }

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    const refused: string[] = [];
    for (const file of Array.from(files)) {
      const why = await sendFile(contactId, file).catch(() => `Could not send ${file.name}: check the connection`);
      if (why) refused.push(why);
    }
    if (input.current) input.current.value = '';
    await reload();
    setBusy(false);
    const kept = files.length - refused.length;
    setMessage(
      refused.length
        ? { tone: 'error', text: `${kept ? `Kept ${kept}. ` : ''}${refused.join(' ')}` }
        : { tone: 'ok', text: kept === 1 ? `Kept ${files[0]!.name}.` : `Kept ${kept} files.` },
    );
  }

  async function remove(file: ContactFileView) {
    setBusy(true);
    try {
      await bodyOf(api.contacts[':id'].files[':file_id'].$delete({ param: { id: contactId, file_id: file.id } }));
      setMessage({ tone: 'ok', text: `Deleted ${file.file_name}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? error.message : `Could not delete ${file.file_name}` });
    }
    setToDelete(null);
    await reload();
    setBusy(false);
  }

  const photos = state.status === 'done' ? state.files.filter((f) => f.kind === 'photo') : [];
  const documents = state.status === 'done' ? state.files.filter((f) => f.kind === 'document') : [];
  return (
    <Card
      title="Files"
      actions={
        <button
          type="button"
          ref={heading}
          className={buttonClass('secondary', 'min-h-11')}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          <FileUp className="h-4 w-4" aria-hidden="true" />
          Add files
        </button>
      }
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_FILE_TYPES}
        className="sr-only"
        aria-label="Add files to this contact"
        tabIndex={-1}
        onChange={(e) => void upload(e.currentTarget.files)}
      />
      <p
        aria-live="polite"
        className={
          message?.tone === 'error' ? 'mb-3 text-sm text-red-700 dark:text-red-400' : 'mb-3 text-sm text-slate-600 dark:text-slate-400'
        }
      >
        {busy ? 'Working…' : (message?.text ?? '')}
      </p>
      {state.status === 'loading' ? (
        <p className="text-sm text-slate-500">Reading their files…</p>
      ) : state.status === 'failed' ? (
        <p className="text-sm text-slate-500">Could not read their files just now.</p>
      ) : state.files.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No photos or documents yet. Add one (up to {MAX_CONTACT_FILE_LABEL} each): a photo, a PDF, a contract.
        </p>
      ) : (
        <div className="space-y-4">
          {photos.length ? (
            <ul className="grid grid-cols-3 gap-2" aria-label="Photos">
              {photos.map((photo) => (
                <li key={photo.id} className="relative">
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block rounded focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    <img
                      src={photo.url}
                      alt={photo.file_name}
                      width={THUMB_PX}
                      height={THUMB_PX}
                      loading="lazy"
                      decoding="async"
                      className="aspect-square h-auto w-full rounded bg-slate-100 object-cover dark:bg-slate-800"
                    />
                  </a>
                  <DeleteFileButton
                    file={photo}
                    onDelete={setToDelete}
                    className="absolute top-1 right-1 flex min-h-11 min-w-11 items-center justify-center rounded bg-white/90 text-slate-700 shadow hover:bg-white dark:bg-slate-900/90 dark:text-slate-200"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {documents.length ? (
            <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Documents">
              {documents.map((doc) => (
                <li key={doc.id} className="flex items-center gap-2 py-2">
                  <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium" title={doc.file_name}>
                      {doc.file_name}
                    </p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {byteSizeLabel(doc.byte_size)} · {dayOf(doc.created_at)}
                      {doc.source === 'monica' ? ' · from Monica' : ''}
                    </p>
                  </div>
                  <a
                    href={doc.url}
                    download={doc.file_name}
                    className={buttonClass('ghost', 'min-h-11 min-w-11 px-2')}
                    aria-label={`Download ${doc.file_name}`}
                  >
                    <Download className="h-4 w-4" aria-hidden="true" />
                  </a>
                  <DeleteFileButton file={doc} onDelete={setToDelete} className={buttonClass('ghost', 'min-h-11 min-w-11 px-2')} />
                </li>
              ))}
            </ul>
          ) : null}
          {state.total > state.files.length ? (
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" className="min-h-11" disabled={loadingMore} onClick={() => void showMore()}>
                {loadingMore ? 'Reading…' : 'Show more'}
              </Button>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                The newest {state.files.length} of {state.total}
              </p>
            </div>
          ) : null}
        </div>
      )}
      <Dialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? null : setToDelete(null))}
        title={`Delete ${toDelete?.file_name ?? 'this file'}?`}
        description="The file is deleted from Kith for good; a copy you downloaded stays yours."
        returnFocusTo={heading}
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => toDelete && void remove(toDelete)}>
              Delete file
            </Button>
          </>
        }
      />
    </Card>
  );
}
