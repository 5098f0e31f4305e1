import { AppError } from '../errors';
import { DIRECTION_MARKS } from '../text-rules';
import { DOCUMENT_TYPES, MAX_FILE_NAME_LENGTH, SAFE_IMAGE_TYPES, type ContactFileKind } from './file-limits';

const SAFE_IMAGES: ReadonlySet<string> = new Set(SAFE_IMAGE_TYPES);
const DOCUMENTS: ReadonlySet<string> = new Set(DOCUMENT_TYPES);

/** Types by extension, for a file whose type the sender did not say (or said as octet-stream). */
const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  rtf: 'application/rtf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
};

/** The first bytes of each safe image type: a "photo" that is not one is refused, never served inline. */
const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  'image/gif': (b) => String.fromCharCode(...b.subarray(0, 4)) === 'GIF8',
  'image/webp': (b) => String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
};

export const isSafeImage = (contentType: string) => SAFE_IMAGES.has(contentType);

/** A file name fit to keep and to put in a header: no path, no control characters or direction marks, its end kept. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- the control characters are what goes
  const visible = base.replace(/[\u0000-\u001f\u007f"]/g, '');
  const clean = visible.replace(DIRECTION_MARKS, '').trim();
  const kept = clean.length > MAX_FILE_NAME_LENGTH ? clean.slice(-MAX_FILE_NAME_LENGTH) : clean;
  return kept || 'file';
}

/**
 * What a file is: a photo (a safe image whose bytes say so) or a document of a known type.
 * Anything else is 415 in the error envelope, naming the type and what is taken.
 */
export function classifyFile(declaredType: string, fileName: string, head: Uint8Array): { kind: ContactFileKind; contentType: string } {
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const contentType = !declared || declared === 'application/octet-stream' ? (BY_EXTENSION[extension] ?? declared) : declared;
  if (SAFE_IMAGES.has(contentType)) {
    if (!SIGNATURES[contentType]!(head))
      throw new AppError('unsupported_media_type', `${fileName} says it is ${contentType}, but its bytes are not`, {
        content_type: contentType,
      });
    return { kind: 'photo', contentType };
  }
  if (DOCUMENTS.has(contentType)) return { kind: 'document', contentType };
  throw new AppError(
    'unsupported_media_type',
    `Kith does not keep files of type ${contentType || 'unknown'}: photos (JPEG, PNG, GIF, WebP) and documents (PDF, text, CSV, Word, Excel, PowerPoint, OpenDocument, RTF, ZIP, HEIC, TIFF) are taken`,
    { content_type: contentType || null },
  );
}
