import { totpAt } from '../../worker/domain/auth/totp';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../app/auth/safe-redirect';
import { as, call, json, ORIGIN, signUp, uniqueEmail } from '../support/client';

const PASSWORD = 'correct horse battery';

/** Values a crafted sign-in link could carry; none may leave the app. */
const HOSTILE = [
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '/\t/evil.example/x',
  '/\n/evil.example/x',
  '/\r/evil.example/x',
  '\t//evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '/%2F/evil.example/x',
  '/%2f%2fevil.example',
  '/%5C/evil.example',
  '/%5cevil.example',
  '/.//evil.example',
  '/x/..//evil.example',
  'https://evil.example/x',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  'https:/evil.example',
  '//user:pass@evil.example',
  '/\\@evil.example',
  ' /contacts',
  '',
  `/${'a'.repeat(3000)}`,
];

describe('safeRedirect', () => {
  it.each(HOSTILE.map((value) => [JSON.stringify(value).slice(0, 40), value]))('falls back for %s', (_, value) => {
    expect(safeRedirect(value, '/home')).toBe('/home');
  });

  it('keeps plain paths with their query and fragment', () => {
    expect(safeRedirect('/contacts')).toBe('/contacts');
    expect(safeRedirect('/contacts?q=ada&tag=vip#top')).toBe('/contacts?q=ada&tag=vip#top');
    // A query may hold encoded slashes and "//" (a search for a URL): it names no host.
    expect(safeRedirect('/contacts?q=https%3A%2F%2Flinkedin.com')).toBe('/contacts?q=https%3A%2F%2Flinkedin.com');
    expect(safeRedirect('/contacts/@ada')).toBe('/contacts/@ada');
  });

  it('answers a value that is always a valid Location header', () => {
    const out = safeRedirect('/contacts/Zoë Ünal?q=naïve');
    expect(out).toBe('/contacts/Zo%C3%AB%20%C3%9Cnal?q=na%C3%AFve');
    expect(() => new Headers({ location: out })).not.toThrow();
  });

  it('falls back for anything that is not a string', () => {
    expect(safeRedirect(null, '/x')).toBe('/x');
    expect(safeRedirect(undefined, '/x')).toBe('/x');
    expect(safeRedirect(new File(['a'], 'a.txt'), '/x')).toBe('/x');
  });
});

const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  call(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      origin: ORIGIN,
      host: new URL(ORIGIN).host,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
  });

/** Where a browser would land after following `location` from the app's origin. */
const landsOn = (res: Response) => new URL(res.headers.get('location') ?? '', ORIGIN).origin;

describe('sign-in redirects through the real pages', () => {
  const probes = [
    '/\t/evil.example/x',
    '/\\evil.example',
    '//evil.example',
    '/%2F/evil.example',
    'https://evil.example',
    '/\n/evil.example',
  ];

  it('keeps a signed-in visitor of /login on the app, and never answers 500', async () => {
    const me = await signUp();
    for (const probe of probes) {
      const res = await call(`/login?redirectTo=${encodeURIComponent(probe)}`, { headers: { cookie: me.cookie } });
      expect(res.status, probe).toBe(302);
      expect(res.headers.get('location'), probe).toBe('/home');
    }
    const fine = await call(`/login?redirectTo=${encodeURIComponent('/contacts?q=ada')}`, { headers: { cookie: me.cookie } });
    expect(fine.headers.get('location')).toBe('/contacts?q=ada');
  });

  it('keeps the login and signup forms on the app', async () => {
    for (const probe of probes) {
      // One account per probe: sign-in is rate limited per email.
      const email = uniqueEmail('redirect');
      await signUp('Redirect', email);
      const login = await postForm('/login', { email, password: PASSWORD, redirectTo: probe });
      expect(login.status, probe).toBe(302);
      expect(login.headers.get('location'), probe).toBe('/home');
      const signup = await postForm('/signup', { email: uniqueEmail('redirect-new'), password: PASSWORD, name: 'New', redirectTo: probe });
      expect(signup.status, probe).toBe(302);
      expect(signup.headers.get('location'), probe).toBe('/contacts');
      expect(landsOn(signup)).toBe(ORIGIN);
    }
  });

  it('keeps the two-factor step on the app', async () => {
    const email = uniqueEmail('redirect2fa');
    const me = await signUp('Two Step', email);
    const secret = (await json(await as(me, '/api/v1/me/two-factor/setup', { method: 'POST' }))).data.secret;
    const enabled = await as(me, '/api/v1/me/two-factor/enable', { method: 'POST', json: { code: await totpAt(secret, Date.now()) } });
    const recovery: string[] = (await json(enabled)).data.recovery_codes;
    for (const [i, probe] of probes.slice(0, 4).entries()) {
      const first = await postForm('/login', { email, password: PASSWORD, redirectTo: probe });
      expect(first.headers.get('location')).toBe('/login/two-factor?redirectTo=%2Fhome');
      const pending = first.headers
        .getSetCookie()
        .find((c) => c.startsWith('kith_2fa='))!
        .split(';')[0]!;
      // The form's hidden field can be edited: the step checks it again.
      const done = await postForm('/login/two-factor', { code: recovery[i]!, redirectTo: probe }, pending);
      expect(done.status, probe).toBe(302);
      expect(done.headers.get('location'), probe).toBe('/home');
    }
  });
});
