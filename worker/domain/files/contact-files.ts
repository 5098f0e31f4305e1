import { newId, nowIso } from '../../db/columns';
import type { ContactFileRow } from '../../db/schema';
import type { UserStore } from '../../db/stores';
import { AppError, notFound } from '../errors';
import { assertContactExists } from '../timeline/list-timeline';
import { deleteFile, fileCountOfContact, filesOfContactPage, insertFile, ownFile } from './contact-file-queries';
import { contactFileViewOf, type ContactFileView } from './contact-file-view';
import { contactFileKey } from './file-storage';
import { MAX_CONTACT_FILE_BYTES, MAX_CONTACT_FILE_LABEL } from './file-limits';
import { classifyFile, cleanFileName, isSafeImage } from './file-types';
import { fileRoomOf, noRoomFor, type AccountFileCaps } from './account-file-room';

/** A page of the contact's files, newest first, and how many there are. */
export async function listContactFiles(
  store: UserStore,
  contactId: string,
  page: number,
  pageSize: number,
): Promise<{ items: ContactFileView[]; total: number }> {
  await assertContactExists(store.db, store.userId, contactId);
  const [rows, [counted]] = await store.db.batch([
    filesOfContactPage(store.db, store.userId, contactId, pageSize, (page - 1) * pageSize),
    fileCountOfContact(store.db, store.userId, contactId),
  ]);
  return { items: rows.map(contactFileViewOf), total: counted?.total ?? 0 };
}

/** The size refusal of a file, in the envelope: 413 with the cap. */
export const tooBig = (fileName: string) =>
  new AppError('payload_too_large', `${fileName} is larger than ${MAX_CONTACT_FILE_LABEL}, the most a contact's file may be`, {
    max_bytes: MAX_CONTACT_FILE_BYTES,
  });

/** A file to keep on a contact: its bytes and what its sender called it. */
export interface IncomingFile {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
  declaredType: string;
}

/** The row and the R2 put of a file, checked (size, type) but not yet written. */
export function preparedFile(
  userId: string,
  contactId: string,
  file: IncomingFile,
  source: ContactFileRow['source'] = 'upload',
  sourceKey: string | null = null,
  createdAt = nowIso(),
): ContactFileRow {
  const fileName = cleanFileName(file.fileName);
  if (file.bytes.byteLength > MAX_CONTACT_FILE_BYTES) throw tooBig(fileName);
  const { kind, contentType } = classifyFile(file.declaredType, fileName, file.bytes.subarray(0, 16));
  const id = newId();
  return {
    id,
    userId,
    contactId,
    kind,
    fileName,
    contentType,
    byteSize: file.bytes.byteLength,
    r2Key: contactFileKey(userId, id),
    source,
    sourceKey,
    createdAt,
  };
}

export const putFileBytes = (bucket: R2Bucket, row: ContactFileRow, bytes: Uint8Array<ArrayBuffer>) =>
  bucket.put(row.r2Key, bytes, { httpMetadata: { contentType: row.contentType } });

/** Keeps a file the user uploads on the contact: bytes first, then the row that names them. */
export async function addContactFile(
  store: UserStore,
  bucket: R2Bucket,
  caps: AccountFileCaps,
  contactId: string,
  file: IncomingFile,
): Promise<ContactFileView> {
  await assertContactExists(store.db, store.userId, contactId);
  const row = preparedFile(store.userId, contactId, file);
  const full = noRoomFor(await fileRoomOf(store), row.byteSize, caps);
  if (full) throw full;
  await putFileBytes(bucket, row, file.bytes);
  try {
    await insertFile(store.db, row);
  } catch (error) {
    await bucket.delete(row.r2Key);
    throw error;
  }
  return contactFileViewOf(row);
}

/** One of the contact's files with its bytes; 404 for another user's, another contact's or one gone. */
export async function readContactFile(
  store: UserStore,
  bucket: R2Bucket,
  contactId: string,
  id: string,
): Promise<{ view: ContactFileView; body: ReadableStream; inline: boolean; etag: string }> {
  await assertContactExists(store.db, store.userId, contactId);
  const row = await ownFile(store.db, store.userId, contactId, id);
  const object = row ? await bucket.get(row.r2Key) : null;
  if (!row || !object) throw notFound('File');
  return {
    view: contactFileViewOf(row),
    body: object.body,
    inline: row.kind === 'photo' && isSafeImage(row.contentType),
    etag: object.httpEtag,
  };
}

/** Deletes the file's row and its bytes. */
export async function deleteContactFile(store: UserStore, bucket: R2Bucket, contactId: string, id: string): Promise<void> {
  await assertContactExists(store.db, store.userId, contactId);
  const row = await ownFile(store.db, store.userId, contactId, id);
  if (!row) throw notFound('File');
  await deleteFile(store.db, store.userId, id);
  await bucket.delete(row.r2Key);
}
