import { describe, expect, it } from 'vitest';
import { as, json, signUp } from '../support/client';

// Found by tests/guard/hostile-input.test.ts: D1 refuses LIKE patterns over 50 bytes.
describe('organization autocomplete with long and odd queries', () => {
  it('answers 200 to a 200-character query and still finds names by word prefix, wildcards taken literally', async () => {
    const me = await signUp();
    for (const name of ['Acme Rockets', 'Big Acme', 'Acme_Labs 100%', 'Zeta'])
      await as(me, '/api/v1/organizations', { method: 'POST', json: { name } });
    const long = await as(me, `/api/v1/organizations?q=${encodeURIComponent('{"__proto__":'.repeat(15).slice(0, 200))}`);
    expect(long.status).toBe(200);
    expect((await json(long)).data).toEqual([]);
    const names = async (q: string) =>
      (await json(await as(me, `/api/v1/organizations?q=${encodeURIComponent(q)}`))).data.map((o: any) => o.name);
    expect(await names('acme')).toEqual(['Acme Rockets', 'Acme_Labs 100%', 'Big Acme']);
    expect(await names('acme_')).toEqual(['Acme_Labs 100%']);
    expect(await names('100%')).toEqual(['Acme_Labs 100%']);
    expect(await names('_')).toEqual([]);
    expect(await names('cme')).toEqual([]);
  });
});
