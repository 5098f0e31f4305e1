import { describe, expect, it } from 'vitest';
import { inPageTerms } from '../../app/contacts/list/list-state';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { setContactColumns } from '../support/contact-fixtures';

const LIST_PAGE = encodeURIComponent('routes/_app._contact-list.contacts._index');
const listPage = async (me: Session, search = '') => {
  const res = await as(me, `/contacts?${search}${search ? '&' : ''}_data=${LIST_PAGE}`);
  expect(res.status).toBe(200);
  const data = await json(res);
  return { sort: data.state.sort, names: data.contacts.map((c: { full_name: string }) => c.full_name) };
};

describe('the contact list order of a new account (#43)', () => {
  it('is by name while no contact has a score, by score once one has, and a chosen order sticks', async () => {
    const me = await signUp();
    const zoe = await createContact(me, { first_name: 'Zoe', last_name: 'Adams' });
    await createContact(me, { first_name: 'Ann', last_name: 'Young' });
    await createContact(me, { first_name: 'Max', last_name: 'Berg' });
    // Every score 0 (a new account, an import without interactions): the order that means something.
    expect(await listPage(me)).toEqual({ sort: 'name', names: ['Ann Young', 'Max Berg', 'Zoe Adams'] });
    // The user's own choice wins, in the URL, and stays through paging.
    expect((await listPage(me, 'sort=-created_at')).names).toEqual(['Max Berg', 'Ann Young', 'Zoe Adams']);
    expect(await listPage(me, 'sort=-score&page_size=25&page=1')).toMatchObject({ sort: '-score' });

    // The first score arrives: the default is the score again.
    await setContactColumns(me, zoe.id, { relationship_score: 4.2 });
    expect(await listPage(me)).toMatchObject({ sort: '-score', names: ['Zoe Adams', expect.any(String), expect.any(String)] });
    expect((await listPage(me, 'sort=name')).sort).toBe('name');
  });

  it("opens a smart list in its own order, whatever the account's default", () => {
    // Smart lists are saved with the score order left out (the API's default).
    expect(inPageTerms('tag=vip', 'name')).toBe('tag=vip&sort=-score');
    expect(inPageTerms('tag=vip&sort=name', 'name')).toBe('tag=vip');
    expect(inPageTerms('tag=vip', '-score')).toBe('tag=vip');
  });
});
