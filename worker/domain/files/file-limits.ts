// What a contact's file may be (ADR 066). No zod here: the contact page's Files card reads these too.

export const CONTACT_FILE_KINDS = ['photo', 'document'] as const;
export type ContactFileKind = (typeof CONTACT_FILE_KINDS)[number];

export const CONTACT_FILE_SOURCES = ['upload', 'monica'] as const;
export type ContactFileSource = (typeof CONTACT_FILE_SOURCES)[number];

/** One file's cap: a phone's photo or a scanned PDF fits; a video does not. Monica's own cap is 10 MB too. */
export const MAX_CONTACT_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_CONTACT_FILE_LABEL = '10 MB';

/** A file name as kept and shown (longer ones keep their end, where the extension is). */
export const MAX_FILE_NAME_LENGTH = 200;

/** Images a browser shows without running anything: served inline, shown as thumbnails. */
export const SAFE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Documents kept and always served as a download (Content-Disposition: attachment). */
export const DOCUMENT_TYPES = [
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/rtf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
  'image/heic',
  'image/heif',
  'image/tiff',
] as const;

/** What the upload field offers (the browser's file picker filter). */
export const ACCEPTED_FILE_TYPES = [...SAFE_IMAGE_TYPES, ...DOCUMENT_TYPES].join(',');

/** "2.0 GB", "2.4 MB", "830 KB", "12 bytes". */
export function byteSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
