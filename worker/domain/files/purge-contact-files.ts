import type { UserStore } from '../../db/stores';
import { deleteFilesById, filesOfDeletedContacts } from './contact-file-queries';

// Files of deleted contacts per step: one R2 delete takes up to 1 000 keys; D1 binds 100 parameters.
const FILES_PER_STEP = 90;

/**
 * Deletes the bytes and then the rows of the files of the user's deleted contacts (those waiting
 * in interaction_purges, ADR 010), before their purge rows go: no object outlives its row.
 * Run by the purge_interactions job ahead of the interactions.
 */
export async function purgeDeletedContactFiles(store: UserStore, bucket: R2Bucket | undefined): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await filesOfDeletedContacts(store.db, store.userId, FILES_PER_STEP);
    if (!rows.length) return purged;
    if (bucket) await bucket.delete(rows.map((r) => r.r2Key));
    await deleteFilesById(
      store.db,
      store.userId,
      rows.map((r) => r.id),
    );
    purged += rows.length;
  }
}
