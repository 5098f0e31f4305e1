import { env as bindings } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { as, createContact, json, ORIGIN, signUp, type Session } from '../support/client';
import { userD1 } from '../support/stores';

// ADR 011: control characters, non-http(s) URLs and look-alike LinkedIn hosts never get in.

const env = bindings as unknown as Env & { TEST_MIGRATIONS: { name: string; queries: string[] }[] };
const post = (me: Session, path: string, body: unknown, method = 'POST') => as(me, `/api/v1${path}`, { method, json: body });
const contactCount = async (me: Session) =>
  (await json(await as(me, '/api/v1/contacts?priority=archived&priority=high&priority=medium&priority=low'))).meta.total;
const issuePaths = async (res: Response) => ((await json(res)).error.details.issues as { path: string }[]).map((i) => i.path);
const postForm = (me: Session, path: string, fields: Record<string, string>) =>
  as(me, path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('control characters in text fields', () => {
  it('refuses C0, DEL, C1 and line breaks in one-line contact fields, naming the field, and saves nothing', async () => {
    const me = await signUp();
    const before = await contactCount(me);
    const cases: [string, unknown][] = [
      ['first_name', 'Ada\u0000'],
      ['last_name', 'Love\r\nlace'],
      ['title', 'CTO\u0007'],
      ['location', 'Berlin\u001b[31m'],
      ['company', 'Acme\u007f'],
      ['title', 'Boss\u0085'],
      ['first_name', 'Ada\tLovelace'],
      ['location', 'Paris\u2028'],
    ];
    for (const [field, value] of cases) {
      const res = await post(me, '/contacts', { first_name: 'Ada', [field]: value });
      expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      const body = await json(res.clone());
      expect(body.error.code).toBe('invalid_request');
      expect(await issuePaths(res)).toContain(field);
      expect(body.error.details.issues[0].message).toMatch(/control characters/);
    }
    const tagged = await post(me, '/contacts', { first_name: 'Ada', tags: ['ok', 'bad\nINJECTED:1'] });
    expect(await issuePaths(tagged)).toContain('tags.1');
    expect(await contactCount(me)).toBe(before);
  });

  it('keeps tabs and line breaks in notes, refuses other control characters there, and checks updates the same way', async () => {
    const me = await signUp();
    const notes = 'line one\nline two\r\n\tindented';
    const c = await createContact(me, { first_name: 'Grace', notes });
    expect(c.notes).toBe(notes);
    for (const bad of ['a\u0000b', 'a\u000bb', 'a\u000cb', 'lone\rreturn', 'a\u009bb']) {
      const res = await post(me, `/contacts/${c.id}`, { notes: bad }, 'PATCH');
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await issuePaths(res)).toContain('notes');
    }
    const patched = await post(me, `/contacts/${c.id}`, { first_name: 'Grace\u0000Hopper' }, 'PATCH');
    expect(await issuePaths(patched)).toContain('first_name');
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data).toMatchObject({ first_name: 'Grace', notes });
  });

  it('allows zero-width characters in names (they are not control characters)', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Zo\u200be' });
    expect(c.first_name).toBe('Zo\u200be');
  });

  it('refuses them in every other stored text the API takes', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Target' });
    const org = (await json(await post(me, '/organizations', { name: 'Org' }))).data;
    const cases: [string, string, unknown, string, string?][] = [
      ['POST', `/contacts/${c.id}/notes`, { body: 'hi\u0000' }, 'body'],
      ['POST', `/contacts/${c.id}/meetings`, { title: 'Lunch\nBcc: x', occurred_at: '2026-01-01T10:00:00.000Z' }, 'title'],
      ['POST', `/contacts/${c.id}/messages`, { channel: 'email', subject: 'Hi\r\nBcc: evil@example.com', body: 'hello' }, 'subject'],
      ['POST', `/contacts/${c.id}/dates`, { kind: 'custom', label: 'Day\u0001', month: 1, day: 1 }, 'label'],
      ['POST', '/organizations', { name: 'Evil\u0000Corp' }, 'name'],
      ['PATCH', `/organizations/${org.id}`, { industry: 'Soft\u001bware' }, 'industry'],
      ['POST', '/contacts/bulk', { ids: [c.id], action: 'set_company', value: 'Acme\nX' }, 'value'],
      ['POST', '/contacts/bulk', { ids: [c.id], action: 'add_tags', value: ['t\u0000'] }, 'value.0'],
      ['PATCH', '/tags/none', { name: 'new\u0085name' }, 'name'],
      ['POST', '/smart-lists', { name: 'List\u0007', filters: {} }, 'name'],
      ['POST', '/tokens', { name: 'cli\r\n' }, 'name'],
      ['PATCH', '/me', { name: 'Me\u0000' }, 'name'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await post(me, path, body, method);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await issuePaths(res), `${method} ${path}`).toContain(field);
    }
    const { data: timeline } = await json(await as(me, `/api/v1/contacts/${c.id}/timeline`));
    expect(timeline).toEqual([]);
    expect((await json(await as(me, '/api/v1/smart-lists'))).data).toEqual([]);
    expect((await json(await as(me, `/api/v1/contacts/${c.id}`))).data).toMatchObject({ company: null, tags: [] });
  });

  it('refuses them in page forms too, with a clear message and nothing saved', async () => {
    const me = await signUp();
    const before = await contactCount(me);
    const created = await postForm(me, '/contacts/new', { first_name: 'Ada\u0001', last_name: 'Lovelace' });
    expect(created.status).toBe(400);
    expect(await created.text()).toContain('must not contain control characters');
    expect(await contactCount(me)).toBe(before);

    const org = (await json(await post(me, '/organizations', { name: 'Page Org' }))).data;
    const saved = await postForm(me, `/organizations/${org.id}?_data=${encodeURIComponent('routes/_app.organizations.$id')}`, {
      intent: 'save',
      name: 'Page Org',
      website: '',
      industry: 'Bad\u0000',
      location: '',
    });
    expect(saved.status).toBe(400);
    expect((await json(saved)).error).toBe('Industry must not contain control characters or line breaks');
    expect((await json(await as(me, `/api/v1/organizations/${org.id}`))).data.industry).toBeNull();
  });
});

describe('URL fields', () => {
  const HOSTILE = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'https://user:pw@evil.example/',
    '//evil.example/x',
    '/relative/path',
  ];

  it('accept only http(s) for the organization website and logo and the contact avatar', async () => {
    const me = await signUp();
    const org = (await json(await post(me, '/organizations', { name: 'Url Org' }))).data;
    const c = await createContact(me, { first_name: 'Url' });
    for (const url of HOSTILE) {
      expect((await post(me, `/organizations/${org.id}`, { website: url }, 'PATCH')).status, url).toBe(400);
      expect((await post(me, `/organizations/${org.id}`, { logo_url: url }, 'PATCH')).status, url).toBe(400);
      expect((await post(me, '/organizations', { name: `New ${url}`, website: url })).status, url).toBe(400);
      expect((await post(me, `/contacts/${c.id}`, { avatar_url: url }, 'PATCH')).status, url).toBe(400);
    }
    const ok = await post(me, `/organizations/${org.id}`, { website: 'stripe.com', logo_url: 'https://cdn.example/logo.png' }, 'PATCH');
    expect((await json(ok)).data).toMatchObject({ website: 'https://stripe.com', logo_url: 'https://cdn.example/logo.png' });
    expect((await json(await post(me, `/contacts/${c.id}`, { avatar_url: 'http://img.example/a.png' }, 'PATCH'))).data.avatar_url).toBe(
      'http://img.example/a.png',
    );
  });

  it('accept LinkedIn URLs only on linkedin.com and its subdomains', async () => {
    const me = await signUp();
    for (const url of [
      'https://linkedin.com.evil.example/in/ada',
      'https://evil.example/linkedin.com/in/ada',
      'javascript:alert(1)//linkedin.com/in/ada',
      'https://evillinkedin.com/in/ada',
      'https://www.linkedin.com/company/acme',
      'ftp://www.linkedin.com/in/ada',
    ]) {
      const res = await post(me, '/contacts', { first_name: 'Ada', linkedin_url: url });
      expect(res.status, url).toBe(400);
      expect(await issuePaths(res)).toContain('linkedin_url');
    }
    for (const url of [
      'https://www.linkedin.com/in/ada-one',
      'https://uk.linkedin.com/in/ada-two/',
      'linkedin.com/in/ada-three',
      'ada-four',
    ]) {
      expect((await post(me, '/contacts', { first_name: 'Ada', linkedin_url: url })).status, url).toBe(201);
    }
  });

  it('renders a stored website that is not http(s) as text, never as a link', async () => {
    const me = await signUp();
    const org = (await json(await post(me, '/organizations', { name: 'Legacy Org' }))).data;
    // A row saved before these checks existed.
    await (
      await userD1(me)
    )
      .prepare('UPDATE organizations SET website = ? WHERE id = ?')
      .bind('javascript:alert(document.cookie)', org.id)
      .run();
    const html = await (await as(me, `/organizations/${org.id}`)).text();
    expect(html).toContain('javascript:alert(document.cookie)');
    expect(html).not.toMatch(/href="javascript:/i);
    await post(me, `/organizations/${org.id}`, { website: 'https://legacy.example' }, 'PATCH');
    expect(await (await as(me, `/organizations/${org.id}`)).text()).toContain('href="https://legacy.example"');
  });

  it('the organization page refuses a javascript: website with a clear message', async () => {
    const me = await signUp();
    const org = (await json(await post(me, '/organizations', { name: 'Form Org' }))).data;
    const res = await postForm(me, `/organizations/${org.id}?_data=${encodeURIComponent('routes/_app.organizations.$id')}`, {
      intent: 'save',
      name: 'Form Org',
      website: 'javascript:alert(1)',
      industry: '',
      location: '',
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatch(/^Website must be an http\(s\) URL/);
    expect((await json(await as(me, `/api/v1/organizations/${org.id}`))).data.website).toBeNull();
  });
});

describe('invisible characters in identifiers', () => {
  it('do not defeat duplicate detection of LinkedIn profiles', async () => {
    const me = await signUp();
    const first = await createContact(me, { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/adalovelace' });
    for (const twin of [
      'https://www.linkedin.com/in/ada%E2%80%8Blovelace',
      'https://www.linkedin.com/in/ada\u200blovelace',
      'https://www.linkedin.com/in/ada\u2060love\ufefflace',
      'ada%E2%80%8Dlovelace',
      'ada%00lovelace',
    ]) {
      const res = await post(me, '/contacts', { first_name: 'Twin', linkedin_url: twin });
      expect(res.status, twin).toBe(409);
      expect((await json(res)).error.details.existing_contact.id).toBe(first.id);
    }
  });

  it('existing identifiers are re-normalised by the migration', async () => {
    const me = await signUp();
    const c = await createContact(me, { first_name: 'Old', linkedin_url: 'https://www.linkedin.com/in/old-slug' });
    await (
      await userD1(me)
    )
      .prepare("UPDATE contact_identifiers SET value_norm = ? WHERE contact_id = ? AND kind = 'linkedin'")
      .bind('old\u200b-sl\ufeffug', c.id)
      .run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes('identifier_invisibles'))!;
    for (const query of migration.queries) await (await userD1(me)).prepare(query).run();
    const row = await (
      await userD1(me)
    )
      .prepare("SELECT value_norm FROM contact_identifiers WHERE contact_id = ? AND kind = 'linkedin'")
      .bind(c.id)
      .first<{ value_norm: string }>();
    expect(row?.value_norm).toBe('old-slug');
    expect((await post(me, '/contacts', { first_name: 'Twin', linkedin_url: 'old-slug' })).status).toBe(409);
  });
});
