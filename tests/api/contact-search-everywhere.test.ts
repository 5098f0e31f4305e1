import { beforeAll, describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { namesFor } from '../support/contact-fixtures';
import { eventually } from '../support/eventually';
import { seedContacts } from '../support/map-seed';
import { deliverGeocodeJobs } from '../geocoding/support';

const q = (text: string) => `q=${encodeURIComponent(text)}`;

function geocoded(me: Session, id: string) {
  return eventually(
    async () => (await json(await as(me, `/api/v1/contacts/${id}`))).data,
    (c) => c.geocode_status !== 'pending',
    `contact ${id} was geocoded`,
  );
}

describe('search covers places', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    // Geocoded offline (the gazetteer): it names the country of the city.
    const tokyo = await createContact(me, { first_name: 'Tomo', last_name: 'Arai', location: 'Tokyo' });
    const osaka = await createContact(me, { first_name: 'Ken', last_name: 'Mori', location: 'Osaka' });
    const berlin = await createContact(me, { first_name: 'Lena', last_name: 'Vogt', location: 'Berlin' });
    await Promise.all([tokyo, osaka, berlin].map((c) => geocoded(me, c.id)));
    // Geocoded by Mapbox, whose full address names the city around the district.
    const [shibuya] = await seedContacts(me.user.id, [{ name: 'Saki Ueda', location: 'Shibuya' }]);
    await deliverGeocodeJobs(me.user.id, [shibuya!]);
  });

  it('finds the location as written', async () => {
    expect(await namesFor(me, q('Berlin'))).toEqual(['Lena Vogt']);
  });

  it('finds the country and the city of the geocoded place', async () => {
    expect((await namesFor(me, q('Japan'))).sort()).toEqual(['Ken Mori', 'Saki Ueda', 'Tomo Arai']);
    expect((await namesFor(me, q('Tokyo'))).sort()).toEqual(['Saki Ueda', 'Tomo Arai']);
  });

  it('combines a place with a name', async () => {
    expect(await namesFor(me, q('ken japan'))).toEqual(['Ken Mori']);
  });

  it('filters the list by place', async () => {
    expect((await namesFor(me, 'place=Tokyo')).sort()).toEqual(['Saki Ueda', 'Tomo Arai']);
    expect(await namesFor(me, `place=Tokyo&${q('saki')}`)).toEqual(['Saki Ueda']);
    expect(await namesFor(me, 'place=Nowhere')).toEqual([]);
  });

  it('forgets the old place when the location changes', async () => {
    const other = await signUp();
    const moved = await createContact(other, { first_name: 'Mo', location: 'Tokyo' });
    await geocoded(other, moved.id);
    await as(other, `/api/v1/contacts/${moved.id}`, { method: 'PATCH', json: { location: 'Berlin' } });
    expect(await namesFor(other, q('Japan'))).toEqual([]);
    await geocoded(other, moved.id);
    expect(await namesFor(other, q('Germany'))).toEqual(['Mo']);
  });
});

describe('search covers tags', () => {
  it('finds a tag, follows tagging and untagging, and combines with a place', async () => {
    const me = await signUp();
    const angel = await createContact(me, { first_name: 'Ana', tags: ['Angel investor'], location: 'Tokyo' });
    const other = await createContact(me, { first_name: 'Ben', location: 'Tokyo' });
    await createContact(me, { first_name: 'Cy', tags: ['angel investor'], location: 'Berlin' });
    expect((await namesFor(me, q('angel'))).sort()).toEqual(['Ana', 'Cy']);
    expect(await namesFor(me, q('investor tokyo'))).toEqual(['Ana']);

    const bulk = (action: string, ids: string[]) =>
      as(me, '/api/v1/contacts/bulk', { method: 'POST', json: { ids, action, value: ['Founder'] } });
    expect((await bulk('add_tags', [other.id])).status).toBe(200);
    expect(await namesFor(me, q('founder'))).toEqual(['Ben']);
    expect((await bulk('remove_tags', [other.id])).status).toBe(200);
    expect(await namesFor(me, q('founder'))).toEqual([]);

    await as(me, `/api/v1/contacts/${angel.id}`, { method: 'PATCH', json: { tags: [] } });
    expect(await namesFor(me, q('angel'))).toEqual(['Cy']);
  });
});

describe('search covers phone numbers in any formatting', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await createContact(me, { first_name: 'Intl', phones: ['+44 20 7946 0958'] });
    await createContact(me, { first_name: 'National', phones: ['020 7946 0123'] });
    await createContact(me, { first_name: 'Nobody', phones: ['+1 415 555 0100'] });
  });

  it.each(['+44 20 7946 0958', '020 7946 0958', '(020) 7946-0958', '79460958', '0044 20 7946 0958', '7946 0958'])(
    'finds "%s"',
    async (typed) => {
      expect(await namesFor(me, q(typed))).toEqual(['Intl']);
    },
  );

  it('finds a number stored without its country code from the international form', async () => {
    expect(await namesFor(me, q('+44 20 7946 0123'))).toEqual(['National']);
  });

  it('matches every phone holding the digits, and nothing for digits nobody has', async () => {
    expect((await namesFor(me, q('7946'))).sort()).toEqual(['Intl', 'National']);
    expect(await namesFor(me, q('+49 30 1234567'))).toEqual([]);
  });

  // A phone search counts its matches in the statement that ranks them: the total must be
  // the same on every page, on a page past the last, and with nothing found.
  it('gives the same total on every page, past the last and for no match', async () => {
    const page = async (query: string, n: number) => {
      const body = await json(await as(me, `/api/v1/contacts?${q(query)}&page_size=1&page=${n}`));
      return { names: body.data.map((c: { first_name: string }) => c.first_name), total: body.meta.total };
    };
    const pages = [await page('7946', 1), await page('7946', 2), await page('7946', 3)];
    expect(pages.map((p) => p.total)).toEqual([2, 2, 2]);
    expect(pages.flatMap((p) => p.names).sort()).toEqual(['Intl', 'National']);
    expect(await page('+49 30 1234567', 1)).toEqual({ names: [], total: 0 });
  });
});

describe('search covers the organization website', () => {
  it('finds contacts by their company domain and follows website edits', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'Orla', company: 'Rocket Labs' });
    const orgId = contact.company.id;
    const patch = (website: string) => as(me, `/api/v1/organizations/${orgId}`, { method: 'PATCH', json: { website } });
    expect((await patch('https://www.launchpad.example')).status).toBe(200);
    expect(await namesFor(me, q('launchpad.example'))).toEqual(['Orla']);
    expect(await namesFor(me, q('www'))).toEqual([]);
    expect((await patch('https://orbit.example')).status).toBe(200);
    expect(await namesFor(me, q('launchpad'))).toEqual([]);
    expect(await namesFor(me, q('orbit'))).toEqual(['Orla']);
  });
});

describe('search tolerates typos', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
    await createContact(me, { first_name: 'Ada', last_name: 'Lovelace' });
    await createContact(me, { first_name: 'John', last_name: 'Smith' });
    await createContact(me, { first_name: 'Joan', last_name: 'Smythe' });
    await createContact(me, { first_name: 'Priya', last_name: 'Raman', company: 'Anthropic' });
  });

  it('finds a misspelt name and says which spelling it searched', async () => {
    const res = await json(await as(me, `/api/v1/contacts?${q('Lovelase')}`));
    expect(res.data.map((c: { full_name: string }) => c.full_name)).toEqual(['Ada Lovelace']);
    expect(res.meta.spellings).toEqual({ lovelase: ['lovelace'] });
  });

  it('corrects swapped letters in several words at once', async () => {
    expect(await namesFor(me, q('Jonh Smtih'))).toEqual(['John Smith']);
  });

  it('corrects a company name', async () => {
    expect(await namesFor(me, q('Antropic'))).toEqual(['Priya Raman']);
  });

  it('leaves exact matches alone and finds nothing for words far from every name', async () => {
    const exact = await json(await as(me, `/api/v1/contacts?${q('smith')}`));
    expect(exact.data.map((c: { full_name: string }) => c.full_name)).toEqual(['John Smith']);
    expect(exact.meta.spellings).toBeUndefined();
    const far = await json(await as(me, `/api/v1/contacts?${q('Qwertyuiop')}`));
    expect(far.data).toEqual([]);
    expect(far.meta).toMatchObject({ total: 0 });
    expect(far.meta.spellings).toBeUndefined();
  });

  it('lists the matches as typed first and the close spellings after them', async () => {
    const other = await signUp();
    await createContact(other, { first_name: 'Ada', last_name: 'Lovelace' });
    await createContact(other, { first_name: 'Mark', last_name: 'Ives', company: 'Lovelase Ventures' });
    await createContact(other, { first_name: 'Lord', last_name: 'Byron' });
    const res = await json(await as(other, `/api/v1/contacts?${q('lovelase')}&sort=name`));
    expect(res.data.map((c: { full_name: string }) => c.full_name)).toEqual(['Mark Ives', 'Ada Lovelace']);
    expect(res.meta).toMatchObject({ total: 2, exact_total: 1, spellings: { lovelase: ['lovelace'] } });
  });

  it('never suggests another user\u2019s names', async () => {
    const stranger = await signUp();
    expect(await namesFor(stranger, q('Lovelase'))).toEqual([]);
  });
});

describe('the list filtered by a map box', () => {
  it('lists the contacts placed inside the box, across the antimeridian too, and refuses a malformed box', async () => {
    const me = await signUp();
    await seedContacts(me.user.id, [
      { name: 'Fiji', latitude: -17.7, longitude: 178.1 },
      { name: 'Samoa', latitude: -13.8, longitude: -172.1 },
      { name: 'Lisbon', latitude: 38.72, longitude: -9.14 },
      { name: 'Nowhere', location: 'Atlantis?' },
    ]);
    expect(await namesFor(me, 'bbox=-20,30,0,45')).toEqual(['Lisbon']);
    expect(await namesFor(me, 'bbox=170,-30,-165,0&sort=name')).toEqual(['Fiji', 'Samoa']);
    expect(await namesFor(me, `bbox=170,-30,-165,0&${q('fiji')}`)).toEqual(['Fiji']);
    const bad = await as(me, '/api/v1/contacts?bbox=1,2,3');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('invalid_request');
  });
});
