import type { ContactFileRow } from '../../db/schema';
import type { ContactFileKind, ContactFileSource } from './file-limits';

/** A contact's file as the API and the Files card show it; `url` downloads it. */
export interface ContactFileView {
  id: string;
  contact_id: string;
  kind: ContactFileKind;
  file_name: string;
  content_type: string;
  byte_size: number;
  source: ContactFileSource;
  created_at: string;
  url: string;
}

export const contactFileUrl = (contactId: string, id: string) => `/api/v1/contacts/${contactId}/files/${id}`;

export function contactFileViewOf(row: ContactFileRow): ContactFileView {
  return {
    id: row.id,
    contact_id: row.contactId,
    kind: row.kind,
    file_name: row.fileName,
    content_type: row.contentType,
    byte_size: row.byteSize,
    source: row.source,
    created_at: row.createdAt,
    url: contactFileUrl(row.contactId, row.id),
  };
}
