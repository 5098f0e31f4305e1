import type { Db } from '../../db/client';
import { loadContactViews, type ContactView } from '../contacts/contact-view';
import { contactIdsAfter } from './export-page-queries';

/** Every contact of the user, page by page in id order (keyset), so memory stays flat. */
export async function* contactPages(db: Db, userId: string, bccDomain?: string, pageSize = 200): AsyncGenerator<ContactView[]> {
  let after = '';
  for (;;) {
    const ids = await contactIdsAfter(db, userId, after, pageSize);
    if (ids.length === 0) return;
    yield await loadContactViews(
      db,
      userId,
      ids.map((r) => r.id),
      bccDomain,
    );
    after = ids[ids.length - 1]!.id;
    if (ids.length < pageSize) return;
  }
}

/** A streamed response body produced by an async generator of text chunks. */
export function streamText(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
