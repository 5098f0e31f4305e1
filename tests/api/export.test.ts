import { describe, expect, it } from 'vitest';
import { escapeVcardText } from '../../worker/domain/export/vcard';
import { as, createContact, json, signUp } from '../support/client';
import { interactionRow } from '../support/contact-fixtures';
import { userD1 } from '../support/stores';

describe('export', () => {
  it("exports every organization, contact and interaction as one JSON document, and only the user's", async () => {
    const me = await signUp('Exporter');
    const other = await signUp('Other');
    await createContact(other, { first_name: 'Not mine', emails: ['other@example.com'] });
    const made = [];
    for (let i = 0; i < 205; i++) made.push(i);
    // 205 contacts cross the 200-per-page boundary of the streamed export.
    for (const i of made) await createContact(me, { first_name: `Person ${i}`, company: i % 2 ? 'Odd Co' : 'Even Co', tags: ['t'] });

    const res = await as(me, '/api/v1/export.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="kith-export-\d{4}-\d{2}-\d{2}\.json"/);
    const doc = await json(res);
    expect(doc.format).toBe('kith-export');
    expect(doc.user.email).toBe(me.user.email);
    expect(doc.contacts).toHaveLength(205);
    expect(new Set(doc.contacts.map((c: { id: string }) => c.id)).size).toBe(205);
    expect(doc.organizations.map((o: { name: string }) => o.name).sort()).toEqual(['Even Co', 'Odd Co']);
    expect(JSON.stringify(doc)).not.toContain('Not mine');
  });

  it('exports every interaction once across pages of 500, also when many share one time', async () => {
    const me = await signUp();
    const contacts = [
      await createContact(me, { first_name: 'Many' }),
      await createContact(me, { first_name: 'Some' }),
      await createContact(me, { first_name: 'Few' }),
    ];
    const sameTime = '2026-01-01T00:00:00.000Z';
    const rows: [string, string][] = [
      ...Array.from({ length: 600 }, () => [contacts[0].id, sameTime] as [string, string]),
      ...Array.from(
        { length: 450 },
        (_, i) => [contacts[1].id, new Date(Date.UTC(2026, 0, 1 + (i % 40))).toISOString()] as [string, string],
      ),
      ...Array.from({ length: 50 }, () => [contacts[2].id, sameTime] as [string, string]),
    ];
    const db = await userD1(me);
    await db.batch(rows.map(([contactId, at]) => interactionRow(db, me.user.id, contactId, { occurredAt: at })));
    const stored = (
      await (await userD1(me)).prepare('SELECT id FROM interactions WHERE user_id = ?').bind(me.user.id).all<{ id: string }>()
    ).results.map((r) => r.id);
    const doc = await json(await as(me, '/api/v1/export.json'));
    const exported = doc.interactions.map((i: { id: string }) => i.id);
    expect(stored).toHaveLength(rows.length);
    expect(exported).toHaveLength(stored.length);
    expect([...exported].sort()).toEqual([...stored].sort());
  });

  it('exports contacts as vCard 4.0 with escaped values and folded lines', async () => {
    const me = await signUp();
    await createContact(me, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['ada@example.org'],
      phones: ['+44 20 7946 0000'],
      company: 'Engines; Ltd, London',
      tags: ['math', 'vip'],
      notes: `Line one\nLine two, with a comma; and a semicolon. ${'long '.repeat(30)}`,
      linkedin_url: 'https://www.linkedin.com/in/ada',
    });
    const res = await as(me, '/api/v1/contacts/export.vcf');
    expect(res.headers.get('content-type')).toContain('text/vcard');
    const text = await res.text();
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n/);
    expect(text).toContain('EMAIL;PREF=1:ada@example.org\r\n');
    // Free-form TEL text (RFC 6350 §6.4.1): the number as the user wrote it survives a round trip.
    expect(text).toContain('TEL;PREF=1:+44 20 7946 0000\r\n');
    expect(text).toContain('ORG:Engines\\; Ltd\\, London\r\n');
    expect(text).toContain('CATEGORIES:math,vip\r\n');
    expect(text).toContain('NOTE:Line one\\nLine two\\, with a comma\\; and a semicolon.');
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.trimEnd().endsWith('END:VCARD')).toBe(true);
  });

  it('escapes vCard text per RFC 6350', () => {
    expect(escapeVcardText('a\\b,c;d\ne')).toBe('a\\\\b\\,c\\;d\\ne');
  });
});
