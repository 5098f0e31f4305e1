import { describe, expect, it } from 'vitest';
import { as, createContact, loaderData, signUp } from '../support/client';

const LOADER = encodeURIComponent('routes/_app.contacts.$id');

describe('the contact page streams its slowest card', () => {
  it('shows the page first and the possible duplicates in the same answer once found', async () => {
    const me = await signUp();
    const ada = await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] });
    await createContact(me, { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines' });
    const page = await as(me, `/contacts/${ada.id}`);
    expect(page.status).toBe(200);
    // Where the time went, part by part (the duplicates come after the answer has started).
    expect(page.headers.get('server-timing')).toMatch(/contact;dur=[\d.]+.*timeline;dur=[\d.]+.*render;dur=[\d.]+/);
    const html = await page.text();
    const card = html.indexOf('Possible duplicates');
    expect(card).toBeGreaterThan(-1);
    // The card's first words, then the found duplicate streamed after the rest of the page.
    expect(html).toContain('Looking for duplicates…');
    expect(html.indexOf('same name', card)).toBeGreaterThan(html.indexOf('Looking for duplicates…'));

    const data = await loaderData(await as(me, `/contacts/${ada.id}?_data=${LOADER}`));
    expect(data.contact.full_name).toBe('Ada Lovelace');
    expect(data.duplicates).toHaveLength(1);
    expect(data.duplicates[0].reasons).toContain('same name');
  });
});
