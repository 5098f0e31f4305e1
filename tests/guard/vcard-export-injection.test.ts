import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContactView } from '../../worker/domain/contacts/contact-view';
import { contactToVcard } from '../../worker/domain/export/vcard';
import { readVcardFile } from '../../worker/domain/imports/vcard-file';
import { cardToRecord } from '../../worker/domain/imports/vcard-to-record';
import { as, createContact, json, signUp } from '../support/client';
import { allContacts, upload, waitForImport } from '../support/imports';
import { userD1 } from '../support/stores';

// What an attacker (or a pasted value) puts in a text field to end the line, start a property
// or close the card: every one must stay inside its own value through export and re-import.
const INJECTION = 'x\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ghost\r\nEMAIL:ghost@evil.example\r\nEND:VCARD';
const PIECES = [
  '\r\n',
  '\n',
  '\r',
  'END:VCARD\r\nBEGIN:VCARD',
  'EMAIL:ghost@evil.example',
  ';',
  ',',
  '\\',
  ':',
  '"',
  '^',
  '^n',
  '\\n',
  '\\,',
  '=0D=0A',
  '\t',
  ' ',
  'a',
  'Z',
  'é',
  '中',
  '👍',
  'ß',
];
// Within the field limits (names 200, tags 64): at most 6 pieces, 2 for a tag.
const hostileText = (pieces = 6) => fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: pieces }).map((p) => `k${p.join('')}k`);

/** How a value comes back from a vCard: notes keep their line breaks (as \n); one-line fields get a space (location ", "). */
const asNote = (v: string) => v.replace(/\r\n|\r/g, '\n');
const asLine = (v: string, sep = ' ') =>
  v
    .replace(/\t/g, ' ')
    .replace(/\s*[\r\n]+\s*/g, sep)
    .trim();

function view(v: {
  first: string;
  last: string;
  title: string;
  company: string;
  notes: string;
  location: string;
  tag: string;
  label: string;
}): ContactView {
  return {
    id: '0123456789abcdef0123456789abcdef',
    first_name: v.first,
    last_name: v.last,
    full_name: `${v.first} ${v.last}`,
    emails: ['real@example.com'],
    phones: ['+1 555 0100'],
    company: { id: 'org', name: v.company },
    title: v.title,
    tags: [v.tag, 'plain'],
    priority: 'high',
    notes: v.notes,
    location: v.location,
    latitude: null,
    longitude: null,
    geocoded_location: null,
    geocoded_at: null,
    geocode_status: 'none',
    relationship_score: 0,
    avatar_url: `https://img.example/${encodeURIComponent(v.label)}.jpg`,
    telegram_username: 'tg_user',
    twitter_handle: 'tw_user',
    linkedin_url: 'https://www.linkedin.com/in/real-person',
    bios: { twitter: null, telegram: null, linkedin: null },
    source: 'manual',
    bcc_address: null,
    last_interaction_at: null,
    connected_on: null,
    how_we_met: null,
    cadence: null,
    next_due: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-02T03:04:05.678Z',
  };
}

describe('vCard export of hostile text', () => {
  it('writes any text value as one value of one card, and reads it back the same (generated)', async () => {
    const texts = fc.record({
      first: hostileText(),
      last: hostileText(),
      title: hostileText(),
      company: hostileText(),
      notes: hostileText(12),
      location: hostileText(),
      tag: hostileText(2),
      label: hostileText(),
    });
    await fc.assert(
      fc.asyncProperty(texts, async (v) => {
        const vcf = contactToVcard(view(v), { dates: [{ kind: 'custom', label: v.label, month: 2, day: 29, year: null }] });
        // Every physical line is at most 75 octets and no line outside the card's own starts a property.
        for (const line of vcf.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        expect(vcf.match(/^BEGIN:VCARD/gm)).toHaveLength(1);
        expect(vcf.match(/^END:VCARD/gm)).toHaveLength(1);
        const cards = readVcardFile(new TextEncoder().encode(vcf));
        expect(cards).toHaveLength(1);
        const result = await cardToRecord(cards[0]!);
        if (result.status !== 'record') throw new Error(JSON.stringify(result));
        expect(result.record.input).toMatchObject({
          first_name: asLine(v.first),
          last_name: asLine(v.last),
          title: asLine(v.title),
          company: asLine(v.company),
          notes: asNote(v.notes),
          location: asLine(v.location, ', ').slice(0, 200),
          emails: ['real@example.com'],
          phones: ['+1 555 0100'],
          priority: 'high',
          avatar_url: `https://img.example/${encodeURIComponent(v.label)}.jpg`,
          linkedin_url: 'https://www.linkedin.com/in/real-person',
        });
        expect(result.record.input.tags).toEqual(
          [asLine(v.tag), 'plain'].filter((t, i, all) => all.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i),
        );
        expect(result.dates).toEqual([{ kind: 'custom', label: asLine(v.label).slice(0, 100), month: 2, day: 29, year: null }]);
      }),
      { numRuns: 300 },
    );
  });

  it('exports a contact whose every text field carries CR/LF and a whole card as exactly one card, and a re-import creates exactly one contact', async () => {
    const source = await signUp('Hostile exporter');
    const c = await createContact(source, {
      first_name: 'Mal',
      last_name: 'Lory',
      emails: ['mal@example.com'],
      company: 'Placeholder Inc',
      tags: ['placeholder'],
    });
    // Values written straight to the database: what older data, or any path around the input
    // schema, could hold. The export must be safe whatever the columns contain.
    const hostile = (field: string) => `${field} ${INJECTION} ; , \\ : "q" ^`;
    const url = (path: string) => `https://www.linkedin.com/in/${path}\r\nEMAIL:ghost2@evil.example`;
    await (
      await userD1(source)
    )
      .prepare(
        `UPDATE contacts SET first_name = ?2, last_name = ?3, full_name = ?2 || ' ' || ?3, title = ?4, notes = ?5, location = ?6,
        avatar_url = ?7, linkedin_url = ?8 WHERE id = ?1`,
      )
      .bind(
        c.id,
        hostile('first'),
        hostile('last'),
        hostile('title'),
        hostile('notes'),
        hostile('location'),
        `https://img.example/a.jpg\r\nEMAIL:ghost3@evil.example`,
        url('mal'),
      )
      .run();
    await (await userD1(source)).prepare('UPDATE organizations SET name = ?2 WHERE id = ?1').bind(c.company.id, hostile('company')).run();
    // A tag holds at most 64 characters.
    const tag = 't\r\nEND:VCARD\r\nBEGIN:VCARD\r\nEMAIL:g@e.example ;,\\:"^';
    await (await userD1(source)).prepare('UPDATE contact_tags SET tag = ?2 WHERE contact_id = ?1').bind(c.id, tag).run();

    const vcf = await (await as(source, '/api/v1/contacts/export.vcf')).text();
    expect(vcf.match(/^BEGIN:VCARD/gm)).toHaveLength(1);
    expect(vcf.match(/^END:VCARD/gm)).toHaveLength(1);
    expect(vcf).not.toMatch(/^EMAIL:ghost/m);
    expect(vcf).not.toMatch(/\r(?!\n)|(?<!\r)\n/); // no bare line break anywhere

    const fresh = await signUp('Hostile importer');
    const res = await upload(fresh, '/api/v1/imports/vcard', vcf, {}, 'export.vcf');
    const result = await waitForImport(fresh, (await json(res)).data.import_id);
    expect(result).toMatchObject({ status: 'done', total: 1, created: 1, failed: 0, errors: [] });
    const [back, ...ghosts] = await allContacts(fresh);
    expect(ghosts).toEqual([]);
    expect(back).toMatchObject({
      first_name: asLine(hostile('first')),
      last_name: asLine(hostile('last')),
      title: asLine(hostile('title')),
      company: { name: asLine(hostile('company')) },
      notes: asNote(hostile('notes')),
      location: asLine(hostile('location'), ', '),
      emails: ['mal@example.com'],
      tags: [asLine(tag)],
      // A URL cannot hold a line break: the export percent-encodes it, still one value.
      avatar_url: 'https://img.example/a.jpg%0D%0AEMAIL:ghost3@evil.example',
      linkedin_url: 'https://www.linkedin.com/in/mal%0D%0AEMAIL:ghost2@evil.example',
    });
  });
});
