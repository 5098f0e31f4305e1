import { describe, expect, it } from 'vitest';
import apple from '../fixtures/vcard/apple-contacts.vcf?raw';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';

async function importVcard(session: Session, contents: string | Uint8Array) {
  const res = await upload(session, '/api/v1/imports/vcard', contents, {}, 'kith-contacts.vcf');
  expect(res.status).toBe(202);
  return waitForImport(session, (await json(res)).data.import_id);
}

/** What a user sees of a contact, without what belongs to one account (ids, times, score, geocoding). */
async function portrait(session: Session) {
  const contacts = await allContacts(session);
  const out = [];
  for (const c of contacts) {
    const dates = (await json(await as(session, `/api/v1/contacts/${c.id}/dates`))).data.map((d: any) => [
      d.kind,
      d.label,
      d.month,
      d.day,
      d.year,
    ]);
    const photo = c.avatar_url?.startsWith('/api/')
      ? [...new Uint8Array(await (await as(session, c.avatar_url)).arrayBuffer())].join(',')
      : c.avatar_url;
    out.push({
      name: [c.first_name, c.last_name],
      emails: c.emails,
      phones: c.phones,
      company: c.company?.name ?? null,
      title: c.title,
      tags: [...c.tags].sort(),
      priority: c.priority,
      notes: c.notes,
      location: c.location,
      handles: [c.telegram_username, c.twitter_handle, c.linkedin_url],
      dates,
      photo,
    });
  }
  return out.sort((a, b) => JSON.stringify(a.name).localeCompare(JSON.stringify(b.name)) || a.emails.join().localeCompare(b.emails.join()));
}

describe('vCard export, then import into a fresh account', () => {
  it('yields the same contacts: names, every email and phone, company, title, tags, priority, location, handles, notes, dates and photos', async () => {
    const source = await signUp('Exporter');
    await importVcard(source, apple);
    const ada = (await allContacts(source)).find((c) => c.full_name === 'Ada Lovelace');
    await as(source, `/api/v1/contacts/${ada.id}`, { method: 'PATCH', json: { priority: 'high', telegram_username: 'ada_tg' } });
    const grace = await createContact(source, {
      first_name: 'Grace',
      last_name: 'Hopper',
      emails: ['grace@navy.example'],
      phones: ['+1 202 555 0100'],
      company: 'US Navy',
      title: 'Rear Admiral',
      tags: ['Pioneers', 'COBOL; compilers'],
      notes: 'Line one, with a comma; and a semicolon.\nLine two: "quoted" \\ backslash.',
      location: 'Arlington, VA',
      twitter_handle: 'grace',
      linkedin_url: 'https://www.linkedin.com/in/gracehopper',
      priority: 'low',
      avatar_url: 'https://images.example/grace.jpg',
    });
    await as(source, `/api/v1/contacts/${grace.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 12, day: 9, year: 1906 } });
    await as(source, `/api/v1/contacts/${grace.id}/dates`, {
      method: 'POST',
      json: { kind: 'custom', label: 'Retired', month: 8, day: 14 },
    });
    const katherine = await createContact(source, {
      first_name: 'Katherine',
      last_name: 'Johnson',
      emails: ['katherine@nasa.example', 'kj@home.example', 'k.johnson@langley.example'],
      phones: ['+1 (757) 555-0100 x12', '757.555.0101', '+44 20 7946 0000'],
      company: 'NASA; Langley, Flight Research',
      title: 'Research mathematician, \\ orbital mechanics',
      tags: ['Space', 'Hidden figures', 'a,b;c'],
      priority: 'medium',
      location: 'Hampton, "VA" ^ USA',
      telegram_username: 'kj_orbits',
      notes: '  Indented first line\r\nCRLF second line\n\nAfter a blank line; with: colon, comma \\n literal\n',
    });
    await as(source, `/api/v1/contacts/${katherine.id}/dates`, { method: 'POST', json: { kind: 'birthday', month: 8, day: 26 } });
    await as(source, `/api/v1/contacts/${katherine.id}/dates`, {
      method: 'POST',
      json: { kind: 'anniversary', month: 2, day: 20, year: 1962 },
    });
    await as(source, `/api/v1/contacts/${katherine.id}/dates`, {
      method: 'POST',
      json: { kind: 'custom', label: 'Joined NACA; West Computing', month: 6, day: 1, year: 1953 },
    });
    await createContact(source, { emails: ['nameless@example.com'] });
    await createContact(source, { first_name: 'Émile', last_name: 'Zola-Ünal', priority: 'archived' });

    const exported = await as(source, '/api/v1/contacts/export.vcf');
    expect(exported.status).toBe(200);
    const vcf = await exported.text();
    expect(vcf).toContain('BDAY:19061209\r\n');
    expect(vcf).toMatch(/PHOTO:data:image\/png;base64,/);

    const fresh = await signUp('Importer');
    const result = await importVcard(fresh, vcf);
    expect(result).toMatchObject({ status: 'done', total: 6, created: 6, failed: 0, errors: [] });
    const before = await portrait(source);
    expect(before).toHaveLength(6);
    const after = await portrait(fresh);
    // Line breaks travel as "\n" (a vCard has no other way to write one): CRLF comes back as LF.
    const expected = before.map((c) => ({ ...c, notes: c.notes?.replace(/\r\n/g, '\n') ?? null }));
    expect(after).toEqual(expected);
    expect(after.find((c) => c.name[0] === 'Katherine')).toMatchObject({
      phones: ['+1 (757) 555-0100 x12', '757.555.0101', '+44 20 7946 0000'],
      notes: '  Indented first line\nCRLF second line\n\nAfter a blank line; with: colon, comma \\n literal\n',
      dates: expect.arrayContaining([
        ['birthday', null, 8, 26, null],
        ['anniversary', null, 2, 20, 1962],
        ['custom', 'Joined NACA; West Computing', 6, 1, 1953],
      ]),
    });

    // Importing the same export again into the account finds every contact again.
    const again = await importVcard(fresh, vcf);
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 6 });
  });
});
