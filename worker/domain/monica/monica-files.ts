import { nowIso, sha256Hex } from '../../db/columns';
import type { ContactFileRow } from '../../db/schema';
import { monicaFileBytes, type MonicaFileBytes } from '../../providers/monica/monica-file-client';
import type { MonicaApi } from '../../providers/monica/monica-client';
import type { MonicaDocument, MonicaPage, MonicaPhoto } from '../../providers/monica/monica-types';
import { aFewAtOnce } from '../a-few-at-once';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { fileRoomOf, noRoomFor, takeRoom } from '../files/account-file-room';
import { preparedFile, putFileBytes } from '../files/contact-files';
import { contactFileKey } from '../files/file-storage';
import { MAX_CONTACT_FILE_BYTES } from '../files/file-limits';
import { monicaAddressRefusal } from './monica-address';
import { insertImportedFilesStatement, knownFileKeys } from './monica-file-queries';
import { contactsOfFingerprints, pageSavedStatement } from './monica-queries';
import { monicaFingerprint, type MonicaResume } from './monica-stages';

type MonicaFile = MonicaPhoto | MonicaDocument;

/** Files of a page fetched and stored at once: within memory (4 × the 10 MB cap) and Monica's patience. */
export const FILES_AT_ONCE = 4;

/** A file's identity across imports: the instance, the list and Monica's id. */
const sourceKeyOf = (apiRoot: string, kind: 'photo' | 'document', id: number) =>
  `monica:${apiRoot.replace(/^https?:\/\//, '')}:${kind}:${id}`;

/** `data:<type>;base64,<bytes>`, as Monica's Photo resource carries a photo. */
function fromDataUrl(dataUrl: string): MonicaFileBytes {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!m || !m[2]) return { refused: 'its data URL could not be read' };
  // Base64 is 4/3 of the bytes: a longer one is over the cap before it is decoded.
  if ((m[3]!.length * 3) / 4 > MAX_CONTACT_FILE_BYTES + 3) return { refused: 'larger than the most a contact’s file may be' };
  try {
    return { bytes: Uint8Array.from(atob(m[3]!), (c) => c.charCodeAt(0)), contentType: m[1]! };
  } catch {
    return { refused: 'its data URL is not base64' };
  }
}

/** A photo's or document's bytes: inline (a photo's data URL) or fetched from its link, its address checked. */
export async function bytesOfMonicaFile(
  deps: Deps,
  api: MonicaApi,
  file: { dataUrl?: string | null; link?: string | null },
): Promise<MonicaFileBytes> {
  if (file.dataUrl) return fromDataUrl(file.dataUrl);
  if (!file.link) return { refused: 'Monica gave no address for its bytes' };
  let link: URL;
  try {
    link = new URL(file.link);
  } catch {
    return { refused: 'Monica gave no address for its bytes' };
  }
  // The instance's own origin was checked when the run started; another address is checked here.
  if (link.origin !== new URL(api.apiRoot).origin) {
    const refusal = await monicaAddressRefusal(link, deps.settings);
    if (refusal) return { refused: refusal };
  }
  return monicaFileBytes(api, link, MAX_CONTACT_FILE_BYTES);
}

const createdAtOf = (file: MonicaFile) => {
  const at = file.created_at ? new Date(file.created_at) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : nowIso();
};

/**
 * One page of Monica's photos or documents: each onto the contact it belongs to, in the user's
 * file storage (ADR 066). A file imported before (its source key) is skipped before any byte is
 * fetched; one Kith does not keep (too big, a refused type) or Monica will not serve is counted
 * as refused. Up to FILES_AT_ONCE are fetched and stored together. The bytes go to R2 under a key derived from the source key, so a page written again
 * after a failure puts the same objects, and the rows go in one statement with the page's point.
 */
export async function writeMonicaFiles(
  deps: Deps,
  api: MonicaApi,
  importId: string,
  at: MonicaResume,
  page: MonicaPage<unknown>,
  next: MonicaResume,
): Promise<number> {
  const d1 = deps.store.d1;
  const userId = deps.store.userId;
  const kind = at.stage === 'photos' ? 'photo' : 'document';
  const files = page.data as MonicaFile[];
  const found = await contactsOfFingerprints(
    d1,
    userId,
    files.flatMap((f) => (f.contact ? [monicaFingerprint(api.apiRoot, f.contact.id)] : [])),
  );
  const known = await knownFileKeys(
    d1,
    userId,
    files.map((f) => sourceKeyOf(api.apiRoot, kind, f.id)),
  );
  const counts = { photos: 0, documents: 0, files_refused: 0, unplaced: 0 };
  const bucket = deps.env.FILES;
  const placed: { file: MonicaFile; key: string; contactId: string }[] = [];
  // A hostile instance may serve files without end: past the account's caps they are refused.
  const room = await fileRoomOf(deps.store);
  for (const file of files) {
    const key = sourceKeyOf(api.apiRoot, kind, file.id);
    if (known.has(key)) continue;
    const contactId = file.contact ? found.get(monicaFingerprint(api.apiRoot, file.contact.id)) : undefined;
    if (contactId) placed.push({ file, key, contactId });
    else counts.unplaced++;
  }
  const stored = await aFewAtOnce(placed, FILES_AT_ONCE, async ({ file, key, contactId }) => {
    const got = bucket ? await bytesOfMonicaFile(deps, api, file) : { refused: 'no file storage on this server' };
    if ('refused' in got) return null;
    let row: ContactFileRow;
    try {
      row = preparedFile(
        userId,
        contactId,
        {
          bytes: got.bytes,
          fileName: file.original_filename || file.new_filename || `monica-${kind}-${file.id}`,
          declaredType: file.mime_type || got.contentType,
        },
        'monica',
        key,
        createdAtOf(file),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return null;
    }
    // Checked and taken between two awaits: the files fetched beside it cannot take the same room.
    if (noRoomFor(room, row.byteSize, deps.settings)) return null;
    takeRoom(room, row.byteSize);
    const id = (await sha256Hex(`${userId}:${key}`)).slice(0, 32);
    row = { ...row, id, r2Key: contactFileKey(userId, id) };
    await putFileBytes(bucket!, row, got.bytes);
    return row;
  });
  const rows = stored.filter((row): row is ContactFileRow => row !== null);
  counts.files_refused += stored.length - rows.length;
  counts[kind === 'photo' ? 'photos' : 'documents'] += rows.length;
  await d1.batch([
    ...(rows.length ? [insertImportedFilesStatement(d1, rows)] : []),
    pageSavedStatement(d1, importId, next, counts, nowIso()),
  ]);
  return files.length - known.size;
}
