import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/client';
import { phoneOf, propfindBody } from './dav-support';
import { startEarlyInWindow } from '../support/rate-window';

// #42 item 8: failed sync-password sign-ins are limited per source as ADR 007 limits web
// sign-ins (5×N failures in 15 minutes; the tests' N is 5): past it the source's wrong passwords
// get a 429 with Retry-After, while the right one still syncs, from there as from anywhere else
// (a sync password cannot be guessed: ADR 050).

const N = 5;
const from = (ip: string, auth?: string) =>
  call('/dav/', {
    method: 'PROPFIND',
    headers: { 'cf-connecting-ip': ip, depth: '0', 'content-type': 'application/xml', ...(auth ? { authorization: auth } : {}) },
    body: propfindBody('<A:current-user-principal/>'),
  });

// Sign-in budgets count in fixed 15-minute windows: no case may straddle one's end.
beforeEach(() => startEarlyInWindow(15 * 60, 30), 40_000);

describe('Failed sync-password sign-ins', () => {
  it('are refused per source past 5×N failures, never for the right password, a request without credentials or another source', async () => {
    const phone = await phoneOf();
    const attacker = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const wrong = `Basic ${btoa(`${phone.session.user.email}:aaaa-bbbb-cccc-dddd-eeee`)}`;
    // The challenge request (no Authorization) is no failure.
    for (let i = 0; i < 3; i++) expect((await from(attacker)).status).toBe(401);
    for (let i = 0; i < N * 5; i++) expect((await from(attacker, wrong)).status, `try ${i + 1}`).toBe(401);
    const refused = await from(attacker, wrong);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many failed sync sign-ins');
    // The owner's phone on that same network still syncs, and so does one elsewhere.
    expect((await from(attacker, phone.auth)).status).toBe(207);
    expect((await from(attacker, wrong)).status).toBe(429);
    expect((await from(`198.51.100.${Math.floor(Math.random() * 250)}-owner`, phone.auth)).status).toBe(207);
  });
});
