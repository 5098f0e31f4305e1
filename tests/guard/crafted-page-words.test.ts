import { describe, expect, it } from 'vitest';
import { as, ORIGIN, signUp } from '../support/client';

// Issue 41 item 9: Kith's own pages say only Kith's words: no internal route id in an error
// page, and no sentence a crafted link brings in ?integration_error=.
describe("Kith's pages say only Kith's words", () => {
  it('a POST to a page that takes none answers 405 without naming the route', async () => {
    const me = await signUp();
    const res = await as(me, '/import', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(ORIGIN).host },
      body: 'x=1',
    });
    expect(res.status).toBe(405);
    const page = await res.text();
    expect(page).toContain('405 · That');
    // Neither the error page nor its hydration data carries Remix's developer text.
    expect(page).not.toMatch(/did not provide an `action`|POST request to/);
  });

  it('shows the reason a connect failed only when Kith wrote it', async () => {
    const me = await signUp();
    const crafted = await (
      await as(me, `/settings?integration_error=${encodeURIComponent('Your account was hacked: call +1 555 0100')}`)
    ).text();
    expect(crafted).not.toContain('Your account was hacked');
    expect(crafted).toContain('Connecting or syncing did not work. Try again.');
    const forged = await (
      await as(me, `/settings?integration_error=${encodeURIComponent('Call us')}&integration_error_mac=${'0'.repeat(64)}`)
    ).text();
    expect(forged).not.toContain('Call us');
    // Kith's own: a real refusal's redirect carries a MAC that the page accepts.
    const res = await as(me, '/settings/integrations/telegram', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(ORIGIN).host },
      body: new URLSearchParams({ intent: 'sync' }),
    });
    const location = res.headers.get('location') ?? '';
    expect(location, await res.clone().text()).toContain('integration_error_mac=');
    const page = await (await as(me, location)).text();
    const said = decodeURIComponent(new URL(location, ORIGIN).searchParams.get('integration_error')!);
    expect(page).toContain(said.replaceAll("'", '&#x27;'));
  });
});
