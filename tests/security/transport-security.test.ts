import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

// ADR 083: HSTS is on every answer over https, not only on the pages. A client that reaches Kith
// only through the API, an agent's OAuth and MCP calls or a phone's CardDAV is held to https too.
const EVERY_WAY_IN = [
  ['a page', 'GET', '/login'],
  ['the API', 'GET', '/api/v1/health'],
  ['the API, refused', 'GET', '/api/v1/contacts'],
  ['the API, no route', 'GET', '/api/v1/no-such-thing'],
  ["the agents' OAuth metadata", 'GET', '/.well-known/oauth-authorization-server'],
  ["the agents' OAuth token endpoint", 'POST', '/oauth/token'],
  ['MCP', 'POST', '/mcp'],
  ['CardDAV discovery', 'PROPFIND', '/.well-known/carddav'],
  ['CardDAV', 'PROPFIND', '/dav/'],
  ['the CSP reports', 'POST', '/csp-reports'],
] as const;

const send = (origin: string, method: string, path: string) =>
  SELF.fetch(`${origin}${path}`, {
    method,
    redirect: 'manual',
    headers: { 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}`, 'content-type': 'application/json' },
    body: method === 'POST' ? '{}' : undefined,
  });

describe('Strict-Transport-Security', () => {
  for (const [what, method, path] of EVERY_WAY_IN)
    it(`is sent over https by ${what} (${method} ${path})`, async () => {
      const res = await send('https://kith.test', method, path);
      await res.body?.cancel();
      expect(res.headers.get('strict-transport-security'), `${res.status}`).toBe('max-age=63072000; includeSubDomains');
    });

  it('is not sent over plain http (a browser ignores it there, and local runs are http)', async () => {
    const res = await send('http://kith.test', 'GET', '/api/v1/health');
    await res.body?.cancel();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
