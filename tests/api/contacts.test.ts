import { describe, expect, it } from 'vitest';
import { as, call, createContact, json, signUp } from '../support/client';

describe('contacts API', () => {
  it('creates a contact with every editable field and reads it back in the API.md shape', async () => {
    const me = await signUp();
    const created = await createContact(me, {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      emails: ['Ada@Example.org', 'ada@analytical.engine'],
      phones: ['+44 20 7946 0000'],
      company: 'Analytical Engines',
      title: 'Mathematician',
      tags: ['Math', 'vip', 'VIP'],
      priority: 'high',
      notes: 'Met at the Royal Society',
      location: 'London, UK',
      telegram_username: '@ada',
      twitter_handle: '@AdaL',
      linkedin_url: 'https://www.linkedin.com/in/ada-lovelace/',
      bios: { twitter: 'Poetical science' },
    });
    expect(created).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      emails: ['Ada@Example.org', 'ada@analytical.engine'],
      phones: ['+44 20 7946 0000'],
      company: { id: expect.any(String), name: 'Analytical Engines' },
      title: 'Mathematician',
      tags: ['Math', 'vip'],
      priority: 'high',
      location: 'London, UK',
      geocode_status: 'pending',
      latitude: null,
      telegram_username: 'ada',
      twitter_handle: 'AdaL',
      bios: { twitter: 'Poetical science', telegram: null, linkedin: null },
      source: 'manual',
      relationship_score: 0,
    });
    expect(created.bcc_address).toMatch(/^log\+[a-z0-9]+@in\.kith\.test$/);
    const read = await json(await as(me, `/api/v1/contacts/${created.id}`));
    expect(read.data).toEqual(created);
  });

  it('defaults new contacts to medium priority and gives each a unique BCC address', async () => {
    const me = await signUp();
    const a = await createContact(me, { first_name: 'A' });
    const b = await createContact(me, { emails: ['b@example.com'] });
    expect(a.priority).toBe('medium');
    expect(a.bcc_address).not.toBe(b.bcc_address);
  });

  it('links an existing organization case-insensitively instead of creating a duplicate', async () => {
    const me = await signUp();
    const a = await createContact(me, { first_name: 'A', company: 'Stripe' });
    const b = await createContact(me, { first_name: 'B', company: '  stripe ' });
    expect(b.company.id).toBe(a.company.id);
    const orgs = await json(await as(me, '/api/v1/organizations?q=str'));
    expect(orgs.data).toHaveLength(1);
  });

  it('rejects a create without a name or identifier, unknown fields, and over-limit values', async () => {
    const me = await signUp();
    const cases: unknown[] = [
      {},
      { first_name: '   ' },
      { first_name: 'A', favourite_colour: 'blue' },
      { first_name: 'x'.repeat(201) },
      { first_name: 'A', notes: 'n'.repeat(20_001) },
      { first_name: 'A', tags: Array.from({ length: 101 }, (_, i) => `t${i}`) },
      { first_name: 'A', emails: ['not-an-email'] },
      { first_name: 'A\u0000B' },
      { first_name: 'A', priority: 'urgent' },
    ];
    for (const body of cases) {
      const res = await as(me, '/api/v1/contacts', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const err = await json(res);
      expect(err.error.code).toBe('invalid_request');
      expect(err.error.details.issues[0]).toEqual({ path: expect.any(String), message: expect.any(String) });
    }
    const list = await json(await as(me, '/api/v1/contacts'));
    expect(list.meta.total).toBe(0);
  });

  it('answers malformed JSON with 400 in the envelope, never a stack trace', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"first_name":',
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe('invalid_request');
    expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|\.ts:\d+/);
  });

  it('updates fields partially and recomputes the full name', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Grace', last_name: 'Hopper', title: 'Rear Admiral' });
    const res = await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { last_name: 'Brewster Hopper', tags: ['navy'] } });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ full_name: 'Grace Brewster Hopper', title: 'Rear Admiral', tags: ['navy'] });
  });

  it('rejects an identifier that belongs to another contact with 409 and saves nothing', async () => {
    const me = await signUp();
    const owner = await createContact(me, { first_name: 'Owner', emails: ['shared@example.com'], twitter_handle: 'owner' });
    const other = await createContact(me, { first_name: 'Other', title: 'Before' });
    const cases = [
      [{ title: 'After', emails: ['SHARED@example.com '] }, 'emails'],
      [{ title: 'After', twitter_handle: '@Owner' }, 'twitter_handle'],
    ] as const;
    for (const [patch, field] of cases) {
      const res = await as(me, `/api/v1/contacts/${other.id}`, { method: 'PATCH', json: patch });
      expect(res.status).toBe(409);
      const body = await json(res);
      expect(body.error.code).toBe('duplicate_identifier');
      expect(body.error.details).toMatchObject({ field, existing_contact: { id: owner.id, full_name: 'Owner' } });
    }
    const unchanged = await json(await as(me, `/api/v1/contacts/${other.id}`));
    expect(unchanged.data.title).toBe('Before');
    expect(unchanged.data.emails).toEqual([]);

    const create = await as(me, '/api/v1/contacts', {
      method: 'POST',
      json: { first_name: 'Third', phones: [], emails: ['shared@EXAMPLE.com'] },
    });
    expect(create.status).toBe(409);
    expect((await json(await as(me, '/api/v1/contacts'))).meta.total).toBe(2);
  });

  it('treats phone numbers that differ only in formatting as one number, which two people may share (ADR 031)', async () => {
    const me = await signUp();
    const p = await createContact(me, { first_name: 'P', phones: ['+1 (415) 555-0100'] });
    const twice = await as(me, `/api/v1/contacts/${p.id}`, { method: 'PATCH', json: { phones: ['+1 (415) 555-0100', '+14155550100'] } });
    expect((await json(twice)).data.phones).toEqual(['+1 (415) 555-0100']);
    const res = await as(me, '/api/v1/contacts', { method: 'POST', json: { first_name: 'Q', phones: ['+14155550100'] } });
    expect(res.status).toBe(201);
    expect((await json(res)).data.phones).toEqual(['+14155550100']);
  });

  it('lets two users hold the same identifier independently', async () => {
    const a = await signUp();
    const b = await signUp();
    await createContact(a, { first_name: 'X', emails: ['same@example.com'] });
    await createContact(b, { first_name: 'Y', emails: ['same@example.com'] });
  });

  it('clears coordinates when the location changes and clears geocoding when it is removed', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Loc', location: 'Paris' });
    const moved = await json(await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { location: 'Berlin' } }));
    expect(moved.data).toMatchObject({ location: 'Berlin', latitude: null, geocode_status: 'pending' });
    const cleared = await json(await as(me, `/api/v1/contacts/${c.id}`, { method: 'PATCH', json: { location: null } }));
    expect(cleared.data).toMatchObject({ location: null, geocoded_location: null, geocode_status: 'none' });
  });

  it('deletes a contact with its identifiers, so the email can be used again', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Gone', emails: ['gone@example.com'], tags: ['x'] });
    expect((await as(me, `/api/v1/contacts/${c.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(me, `/api/v1/contacts/${c.id}`)).status).toBe(404);
    await createContact(me, { first_name: 'New', emails: ['gone@example.com'] });
  });

  it('pages the list with total and total_pages, clamping page_size to 200', async () => {
    const me = await signUp();
    for (let i = 0; i < 3; i++) await createContact(me, { first_name: `P${i}` });
    const page = await json(await as(me, '/api/v1/contacts?page=2&page_size=2'));
    expect(page.meta).toEqual({ page: 2, page_size: 2, total: 3, total_pages: 2 });
    expect(page.data).toHaveLength(1);
    const clamped = await json(await as(me, '/api/v1/contacts?page_size=5000'));
    expect(clamped.meta.page_size).toBe(200);
    expect((await as(me, '/api/v1/contacts?page=0')).status).toBe(400);
  });
});

describe('user isolation', () => {
  it("gives user B 404 for every route on user A's contact and changes nothing", async () => {
    const a = await signUp('A');
    const b = await signUp('B');
    const contact = await createContact(a, { first_name: 'Secret', emails: ['secret@example.com'], company: 'Hidden Co' });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/contacts/${contact.id}`],
      ['PATCH', `/api/v1/contacts/${contact.id}`, { first_name: 'Hacked' }],
      ['DELETE', `/api/v1/contacts/${contact.id}`],
      ['GET', `/api/v1/organizations/${contact.company.id}`],
      ['PATCH', `/api/v1/organizations/${contact.company.id}`, { website: 'https://evil.example' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await as(b, path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await json(res)).error.code).toBe('not_found');
    }
    const listB = await json(await as(b, '/api/v1/contacts'));
    expect(listB.data).toEqual([]);
    const orgsB = await json(await as(b, '/api/v1/organizations'));
    expect(orgsB.data).toEqual([]);
    const still = await json(await as(a, `/api/v1/contacts/${contact.id}`));
    expect(still.data.first_name).toBe('Secret');
  });

  it("does not let user B link user A's organization by id", async () => {
    const a = await signUp();
    const b = await signUp();
    const contact = await createContact(a, { first_name: 'A', company: 'A Corp' });
    const res = await as(b, '/api/v1/contacts', { method: 'POST', json: { first_name: 'B', company_id: contact.company.id } });
    expect(res.status).toBe(404);
  });

  it('clears the company for an empty company_id, as for an empty company name', async () => {
    const me = await signUp();
    const contact = await createContact(me, { first_name: 'A', company: 'Acme' });
    for (const body of [{ company_id: '' }, { company: '', company_id: '' }]) {
      await as(me, `/api/v1/contacts/${contact.id}`, { method: 'PATCH', json: { company: 'Acme' } });
      const res = await as(me, `/api/v1/contacts/${contact.id}`, { method: 'PATCH', json: body });
      expect(res.status).toBe(200);
      expect((await json(res)).data.company).toBeNull();
    }
    const created = await as(me, '/api/v1/contacts', { method: 'POST', json: { first_name: 'B', company_id: '' } });
    expect(created.status).toBe(201);
    expect((await json(created)).data.company).toBeNull();
  });

  it('does not reveal that user A holds an identifier when user B uses it', async () => {
    const a = await signUp();
    const b = await signUp();
    await createContact(a, { first_name: 'A', emails: ['private@example.com'] });
    expect((await as(b, '/api/v1/contacts', { method: 'POST', json: { emails: ['private@example.com'] } })).status).toBe(201);
  });
});

describe('platform', () => {
  it('reports health without auth once D1 answers', async () => {
    const res = await call('/api/v1/health');
    expect(await json(res)).toEqual({ data: { ok: true, db: true } });
  });

  it('publishes an OpenAPI 3.1 document generated from the routes', async () => {
    const doc = await json(await call('/api/v1/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/contacts', '/api/v1/contacts/{id}', '/api/v1/auth/login', '/api/v1/tokens']),
    );
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const me = await signUp();
    const res = await as(me, '/api/v1/nope');
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('not_found');
  });
});

describe('Server-Timing', () => {
  it('reports total and database time on API responses and pages', async () => {
    const me = await signUp();
    await createContact(me, { first_name: 'Timed' });
    const api = await as(me, '/api/v1/contacts');
    expect(api.headers.get('server-timing')).toMatch(
      /^total;dur=[\d.]+, db;dur=[\d.]+;desc="\d+ queries", d1-calls;desc="\d+", d1-statements;desc="\d+", d1-rows-read;desc="\d+"$/,
    );
    const page = await as(me, '/contacts');
    expect(page.status).toBe(200);
    expect(page.headers.get('server-timing')).toMatch(/db;dur=[\d.]+;desc="[1-9]\d* queries"/);
  });
});

describe('security headers', () => {
  it('serves pages with a nonce CSP that the inline scripts carry, and no framing', async () => {
    const me = await signUp();
    const res = await as(me, '/contacts');
    const csp = res.headers.get('content-security-policy')!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = await as(me, '/contacts');
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
  });
});
