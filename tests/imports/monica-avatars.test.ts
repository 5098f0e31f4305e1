import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { as, signUp } from '../support/client';
import { allContacts } from '../support/imports';
import { importFromMonica, seedAndImport } from './monica-seed';
import { ADA, CHARLES, MARY, monicaAccount } from './monica-fixtures';

// The photo a Monica contact wears as its avatar becomes the Kith contact's avatar (#48, ADR 077):
// an uploaded photo (source 'photo', its storage link behind the token) is kept as Kith keeps a
// photo that came in a file; Monica's generated avatars are not photos and stay behind; a second
// import neither fetches it again nor touches the contact.

const fake = () => inject('fakeProvidersUrl');
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function account(key: string) {
  const store = `${fake()}/monica/${key}/store`;
  const lists = monicaAccount(key);
  const avatars: Record<number, { url: string; source: string }> = {
    [ADA.id]: { url: `${store}/photos/ada-portrait.png`, source: 'photo' },
    [CHARLES.id]: { url: 'data:image/svg+xml;base64,PHN2Zy8+', source: 'adorable' },
    [MARY.id]: { url: `${store}/avatars/mary-initials.png`, source: 'default' },
  };
  return {
    ...lists,
    contacts: lists.contacts.map((c: { id: number; information?: object }) =>
      avatars[c.id] ? { ...c, information: { ...c.information, avatar: { ...avatars[c.id], default_avatar_color: '#b3d5fe' } } } : c,
    ),
  };
}
const files = {
  'photos/ada-portrait.png': { type: 'image/png', base64: PNG_BASE64 },
  'avatars/mary-initials.png': { type: 'image/png', base64: PNG_BASE64 },
};

const storeLog = async (key: string) =>
  ((await (await fetch(`${fake()}/monica/__log?key=${key}`)).json()) as string[]).filter((l) => l.startsWith('GET /store/'));

describe("A Monica contact's avatar", () => {
  it('is the photo the contact wore in Monica, not a generated one, and a re-import leaves it as it was', async () => {
    const me = await signUp();
    const key = `a${crypto.randomUUID().slice(0, 8)}`;
    const { counts } = await seedAndImport(me, key, { lists: account(key), files });
    expect(counts).toMatchObject({ avatars: 1 });

    const byName = (list: any[], first: string) => list.find((c) => c.first_name === first);
    const contacts = await allContacts(me);
    const ada = byName(contacts, 'Ada');
    expect(ada.avatar_url).toMatch(/^\/api\/v1\/contact-photos\/[0-9a-f]{64}$/);
    const photo = await as(me, ada.avatar_url);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0)));
    expect(byName(contacts, 'Charles').avatar_url).toBeNull();
    expect(byName(contacts, 'Mary').avatar_url).toBeNull();
    expect(await storeLog(key)).toEqual(['GET /store/photos/ada-portrait.png']);

    const again = await importFromMonica(me, key);
    expect(again.status).toBe('done');
    const after = byName(await allContacts(me), 'Ada');
    expect(after.avatar_url).toBe(ada.avatar_url);
    expect(after.updated_at).toBe(ada.updated_at);
    expect(await storeLog(key)).toHaveLength(1);
    const bucket = (env as unknown as { FILES: R2Bucket }).FILES;
    expect((await bucket.list({ prefix: `contact-photos/${me.user.id}/` })).objects).toHaveLength(1);
  });
});
