import { describe, expect, it } from 'vitest';
import { as, createContact, signUp } from '../support/client';

describe('the contact page says where its time goes', () => {
  it('names each of its reads and its render in Server-Timing, and shows what they found', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] });
    await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines' });
    const page = await as(me, `/contacts/${ada.id}`);
    expect(page.status).toBe(200);
    const parts = (page.headers.get('server-timing') ?? '').split(', ').map((p) => p.split(';')[0]);
    expect(parts).toEqual(
      expect.arrayContaining([
        'total',
        'db',
        // The contact, its timeline and the side cards' small reads (score, cadences, groups,
        // dates, channels): one D1 batch.
        'contact',
        'agenda',
        'duplicates',
        'render',
      ]),
    );
    const html = await page.text();
    expect(html.slice(html.indexOf('Possible duplicates'))).toContain('same name');
  });
});
