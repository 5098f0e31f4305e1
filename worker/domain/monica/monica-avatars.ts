import type { MonicaApi } from '../../providers/monica/monica-client';
import type { MonicaContact } from '../../providers/monica/monica-types';
import { aFewAtOnce } from '../a-few-at-once';
import { storeContactPhoto } from '../contacts/contact-photos';
import type { Deps } from '../deps';
import { bytesOfMonicaFile, FILES_AT_ONCE } from './monica-files';
import { fingerprintsWearingAvatars } from './monica-queries';
import { monicaFingerprint } from './monica-stages';

/**
 * The address of the photo a Monica contact wears as its avatar (ADR 077): only one uploaded to
 * Monica (source 'photo', the Photo's storage link). Monica's generated avatars (adorable,
 * the initials of 'default') are no photo of the person, and a gravatar is a picture on another
 * service: none of them is brought over.
 */
export function chosenPhotoOf(contact: MonicaContact): string | null {
  const avatar = contact.information?.avatar;
  return avatar?.source === 'photo' && avatar.url ? avatar.url : null;
}

/**
 * The avatars of a page of Monica contacts as Kith keeps a photo that came in a file (stored
 * under its content hash, served by GET /contact-photos/{hash}): Monica id -> Kith's address.
 * A contact already in Kith wearing an avatar is skipped before a byte is fetched, so a
 * re-import neither fetches nor changes it; a photo Monica will not serve is left out.
 */
export async function monicaAvatars(
  deps: Deps,
  api: MonicaApi,
  contacts: MonicaContact[],
): Promise<{ avatarOf: Map<number, string>; fetched: number }> {
  const avatarOf = new Map<number, string>();
  if (!deps.env.FILES) return { avatarOf, fetched: 0 };
  const chosen = contacts.flatMap((c) => {
    const link = chosenPhotoOf(c);
    return link ? [{ id: c.id, link }] : [];
  });
  const wearing = await fingerprintsWearingAvatars(
    deps.store.d1,
    deps.store.userId,
    chosen.map((c) => monicaFingerprint(api.apiRoot, c.id)),
  );
  const wanted = chosen.filter((c) => !wearing.has(monicaFingerprint(api.apiRoot, c.id)));
  await aFewAtOnce(wanted, FILES_AT_ONCE, async ({ id, link }) => {
    const got = await bytesOfMonicaFile(deps, api, { link });
    if ('refused' in got) return;
    const url = await storeContactPhoto(deps, deps.store.userId, got);
    if (url) avatarOf.set(id, url);
  });
  return { avatarOf, fetched: wanted.length };
}
