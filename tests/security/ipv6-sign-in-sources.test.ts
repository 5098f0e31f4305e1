import { beforeEach, describe, expect, it } from 'vitest';
import { call, json, uniqueEmail } from '../support/client';
import { startEarlyInWindow } from '../support/rate-window';
import { phoneOf, propfindBody } from '../dav/dav-support';

// ADR 079: one IPv6 client holds a whole /64 (a home line, a phone, a cloud server all get one or
// more), so a source is its /64, whichever address in it and however it is written. Counted per
// address, an attacker drew a fresh budget for every guess (ADR 007's limits did nothing). The
// test config allows N = 5 failures per address and source, 25 per source.
const N = 5;
const PASSWORD = 'correct horse battery';
const group = () => Math.floor(Math.random() * 0xffff).toString(16);
/** A random /64 and the n-th address in it, in turns written short, long and in upper case. */
const network = () => {
  const [a, b] = [group(), group()];
  return (n: number) =>
    [
      `2001:db8:${a}:${b}::${n.toString(16)}`,
      `2001:0db8:${a.padStart(4, '0')}:${b}:0:0:0:${n.toString(16)}`,
      `2001:DB8:${a}:${b}:${n}::`.toUpperCase(),
    ][n % 3]!;
};

const logIn = (email: string, password: string, ip: string) =>
  call('/api/v1/auth/login', { method: 'POST', headers: { 'cf-connecting-ip': ip }, json: { email, password } });

beforeEach(() => startEarlyInWindow(15 * 60, 30), 40_000);

describe('an IPv6 attacker who changes address for every guess', () => {
  it('is one source inside its /64: the pair and the source limits refuse it, Alice elsewhere signs in', async () => {
    const email = uniqueEmail('alice');
    const signup = await call('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '198.51.100.20' },
      json: { email, password: PASSWORD, name: 'Alice' },
    });
    expect(signup.status).toBe(201);
    const attacker = network();
    const onAlice: number[] = [];
    for (let i = 1; i <= N + 1; i++) onAlice.push((await logIn(email, `guess ${i}`, attacker(i))).status);
    expect(onAlice).toEqual([401, 401, 401, 401, 401, 429]);

    const sprayer = network();
    const spray: number[] = [];
    for (let i = 1; i <= N * 5 + 1; i++) spray.push((await logIn(uniqueEmail('nobody'), 'a wrong guess', sprayer(i))).status);
    expect(spray.slice(0, N * 5).every((s) => s === 401)).toBe(true);
    const refused = await logIn(uniqueEmail('nobody'), 'a wrong guess', sprayer(1000));
    expect(refused.status).toBe(429);
    expect((await json(refused)).error.code).toBe('rate_limited');

    // Alice on another network (another /64) is not the attacker's source.
    expect((await logIn(email, PASSWORD, network()(1))).status).toBe(200);
  });

  it('is one source for sync-password sign-ins too', async () => {
    const phone = await phoneOf();
    const wrong = `Basic ${btoa(`${phone.session.user.email}:aaaa-bbbb-cccc-dddd-eeee`)}`;
    const attacker = network();
    const dav = (ip: string, authorization: string) =>
      call('/dav/', {
        method: 'PROPFIND',
        headers: { 'cf-connecting-ip': ip, depth: '0', 'content-type': 'application/xml', authorization },
        body: propfindBody('<A:current-user-principal/>'),
      });
    for (let i = 1; i <= N * 5; i++) expect((await dav(attacker(i), wrong)).status, `try ${i}`).toBe(401);
    expect((await dav(attacker(N * 5 + 1), wrong)).status).toBe(429);
    // The owner's phone, in that /64 or elsewhere, still syncs (ADR 050).
    expect((await dav(attacker(999), phone.auth)).status).toBe(207);
  });
});
