import { CONTACT_PHOTO_PATH, readContactPhoto } from '../contacts/contact-photos';
import type { ContactView } from '../contacts/contact-view';
import { datesOfContacts } from '../dates/important-dates';
import type { Deps } from '../deps';
import { relatedNamesOfContacts } from '../relationships/contact-related-names';
import type { RelatedName } from '../relationships/vcard-related';

export interface VcardExtras {
  dates: { kind: 'birthday' | 'anniversary' | 'custom'; label: string | null; month: number; day: number; year: number | null }[];
  /** The contact's links as related names (RELATED, X-ABRelatedNames). */
  related?: RelatedName[];
  /** A photo kept by Kith itself (from an imported vCard), inlined as a data: URI. */
  photoDataUri?: string;
}

async function inlinePhoto(deps: Deps, userId: string, url: string): Promise<string | undefined> {
  try {
    const photo = await readContactPhoto(deps, userId, url.slice(CONTACT_PHOTO_PATH.length));
    const bytes = new Uint8Array(await new Response(photo.body).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return `data:${photo.contentType};base64,${btoa(binary)}`;
  } catch {
    return undefined;
  }
}

/** What a page of contacts needs beyond ContactView for a faithful vCard: dates and stored photos. */
export async function vcardExtrasOf(deps: Deps, userId: string, page: ContactView[]): Promise<Map<string, VcardExtras>> {
  const extras = new Map(page.map((c) => [c.id, { dates: [] } as VcardExtras]));
  for (const [contactId, dates] of await datesOfContacts(
    deps.db,
    userId,
    page.map((c) => c.id),
  )) {
    extras.get(contactId)!.dates.push(...dates.map(({ kind, label, month, day, year }) => ({ kind, label, month, day, year })));
  }
  for (const [contactId, related] of await relatedNamesOfContacts(
    deps.store,
    page.map((c) => c.id),
  ))
    extras.get(contactId)!.related = related;
  await storedPhotosOf(deps, userId, page, extras);
  return extras;
}

/** Inlines the photos Kith stores for `page` into their extras, read side by side. */
export async function storedPhotosOf(deps: Deps, userId: string, page: ContactView[], extras: Map<string, VcardExtras>): Promise<void> {
  await Promise.all(
    page.map(async (c) => {
      const mine = extras.get(c.id);
      if (mine && c.avatar_url?.startsWith(CONTACT_PHOTO_PATH)) mine.photoDataUri = await inlinePhoto(deps, userId, c.avatar_url);
    }),
  );
}
