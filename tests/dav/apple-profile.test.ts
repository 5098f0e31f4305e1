import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { as, call, json, signUp } from '../support/client';
import { dav, propfindBody } from './dav-support';

// #42: Settings → Sync with your phone offers an Apple configuration profile that sets the
// CardDAV account up in one tap. Downloaded as it is, it never holds a password; the form that
// makes a new sync password can put that one inside, in the same step.

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
/** The payload keys of a property list as a map (one account payload, keys unique within it). */
const keysOf = (plist: string) =>
  new Map([...plist.matchAll(/<key>([^<]+)<\/key>\s*<(string|integer)>([^<]*)<\/\2>/g)].map((m) => [m[1]!, m[3]!]));

describe('The iPhone profile (.mobileconfig)', () => {
  it('names the host, port, principal and user, and holds no password when downloaded', async () => {
    const me = await signUp();
    const res = await as(me, '/settings/phone-sync.mobileconfig');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-apple-aspen-config');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Kith.mobileconfig"');
    const plist = await res.text();
    expect(XMLValidator.validate(plist)).toBe(true);
    const account = /<array><dict>([\s\S]*?)<\/dict><\/array>/.exec(plist)![1]!;
    const keys = keysOf(account);
    expect(Object.fromEntries(keys)).toMatchObject({
      PayloadType: 'com.apple.carddav.account',
      CardDAVHostName: 'kith.test',
      CardDAVPort: '80',
      CardDAVPrincipalURL: `/dav/principals/${me.user.id}/`,
      CardDAVUsername: me.user.email,
    });
    expect(account).toContain('<key>CardDAVUseSSL</key><false/>');
    expect(plist).toContain('<key>PayloadType</key><string>Configuration</string>');
    expect(keys.has('CardDAVPassword')).toBe(false);
    // Nobody else's: without a session it is the sign-in page.
    expect((await call('/settings/phone-sync.mobileconfig')).status).toBeGreaterThanOrEqual(300);
  });

  it('carries a sync password made in the same step, which then signs the phone in', async () => {
    const me = await signUp();
    const res = await as(me, '/settings/phone-sync.mobileconfig', {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ intent: 'app-password-profile', name: 'Ada’s iPhone' }),
    });
    expect(res.status).toBe(200);
    const password = keysOf(await res.text()).get('CardDAVPassword')!;
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    const listed = (await json(await as(me, '/api/v1/app-passwords'))).data as any[];
    expect(listed.map((p) => p.name)).toEqual(['Ada’s iPhone']);
    const phone = { auth: `Basic ${btoa(`${me.user.email}:${password}`)}` } as any;
    expect((await dav(phone, 'PROPFIND', '/dav/', propfindBody('<A:current-user-principal/>'), { depth: '0' })).status).toBe(207);

    const nameless = await as(me, '/settings/phone-sync.mobileconfig', {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ intent: 'app-password-profile', name: '' }),
    });
    expect(nameless.status).toBe(400);
    expect((await json(nameless)).error).toContain('The device name');
  });
});
