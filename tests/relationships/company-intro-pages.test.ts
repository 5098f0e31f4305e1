import { describe, expect, it } from 'vitest';
import { companyAskedFor } from '../../worker/domain/intros/people-at-search';
import { as, createContact, json, signUp } from '../support/client';

// #45: the pages that offer intro paths to a company ("Who can introduce me" on its page, the
// search "people at Stripe") and the contact page opened to ask for one (`?intro_to=`).

describe('intro paths to a company, in the pages', () => {
  it('reads "people at Stripe" as a company, and nothing else', () => {
    expect(companyAskedFor('people at Stripe')).toBe('Stripe');
    expect(companyAskedFor('  Someone from Acme Corp? ')).toBe('Acme Corp');
    expect(companyAskedFor('who at stripe')).toBe('stripe');
    expect(companyAskedFor('Stripe')).toBeNull();
    expect(companyAskedFor('people')).toBeNull();
  });

  it('shows the card on the company page and for the search, lists the people there, and opens the ask', async () => {
    const me = await signUp();
    const dee = await createContact(me, { first_name: 'Dee', last_name: 'Lund', company: 'Stripe' });
    await createContact(me, { first_name: 'Eve', last_name: 'Stone', company: 'Stripe' });
    const cy = await createContact(me, { first_name: 'Cy', last_name: 'Adams' });
    await as(me, `/api/v1/contacts/${dee.id}/relationships`, { method: 'POST', json: { kind: 'colleague', other_contact_id: cy.id } });
    const stripe = (await json(await as(me, '/api/v1/organizations?q=Stripe'))).data[0];

    expect(await (await as(me, `/organizations/${stripe.id}`)).text()).toContain('Who can introduce me');
    const search = await (await as(me, '/contacts?q=people+at+stripe')).text();
    expect(search).toContain('Who can introduce you to people at Stripe');
    expect(search).toContain('Eve Stone');
    expect(search).toContain('Dee Lund');
    const other = await (await as(me, '/contacts?q=people+at+nowhere')).text();
    expect(other).not.toContain('Who can introduce you');

    const ask = await (await as(me, `/contacts/${cy.id}?intro_to=${dee.id}`)).text();
    expect(ask).toContain('Asking for an introduction to <span class="font-medium">Dee Lund</span>');
    // Another user's contact is not named.
    const stranger = await createContact(await signUp(), { first_name: 'Stranger' });
    expect(await (await as(me, `/contacts/${cy.id}?intro_to=${stranger.id}`)).text()).not.toContain('Asking for an introduction');
  });
});
