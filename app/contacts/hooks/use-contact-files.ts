import { useEffect, useState } from 'react';
import type { ContactFileView } from '../../../worker/domain/files/contact-file-view';
import { api, bodyOf } from '../../api/client';

/** Files read per page of the card, and per "Show more". */
export const FILES_PAGE_SIZE = 20;

type FilesState = { status: 'loading' } | { status: 'failed' } | { status: 'done'; files: ContactFileView[]; total: number };

async function readPage(contactId: string, page: number, pageSize: number) {
  const body = await bodyOf(
    api.contacts[':id'].files.$get({ param: { id: contactId }, query: { page: String(page), page_size: String(pageSize) } }),
  );
  return { files: body.data as ContactFileView[], total: body.meta.total };
}

/**
 * A contact's files, newest first, a page at a time (the API's page/page_size). `more` appends
 * the next page; `reload`, after an upload or a delete, reads again as many as were shown, so
 * the list the user scrolled through stays as long.
 */
export function useContactFiles(contactId: string) {
  const [state, setState] = useState<FilesState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const shown = state.status === 'done' ? state.files.length : 0;

  const reload = (count = shown) =>
    readPage(contactId, 1, Math.max(FILES_PAGE_SIZE, Math.ceil(count / FILES_PAGE_SIZE) * FILES_PAGE_SIZE))
      .then((read) => setState({ status: 'done', ...read }))
      .catch(() => setState({ status: 'failed' }));

  useEffect(() => {
    setState({ status: 'loading' });
    void reload(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again for another contact only
  }, [contactId]);

  /** The next page onto the list; false when it could not be read. */
  async function more(): Promise<boolean> {
    if (state.status !== 'done') return true;
    setLoadingMore(true);
    // Whole pages from the start: a file added or deleted since shifts an offset, never these.
    const page = Math.floor(state.files.length / FILES_PAGE_SIZE) + 1;
    try {
      const read = await readPage(contactId, page, FILES_PAGE_SIZE);
      setState((now) => {
        if (now.status !== 'done') return now;
        const seen = new Set(now.files.map((f) => f.id));
        return { status: 'done', files: [...now.files, ...read.files.filter((f) => !seen.has(f.id))], total: read.total };
      });
      return true;
    } catch {
      return false;
    } finally {
      setLoadingMore(false);
    }
  }

  return { state, reload, more, loadingMore };
}
