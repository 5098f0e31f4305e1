import { describe, expect, it } from 'vitest';
import { as, json, signUp } from '../support/client';
import { importCsv } from '../support/imports';

const list = async (me: Awaited<ReturnType<typeof signUp>>, query = '') => json(await as(me, `/api/v1/imports${query}`));

describe('past imports (issue 46: /import#import-<id> lands on the import)', () => {
  it('GET /imports lists the imports newest first with their counts, a page at a time', async () => {
    const me = await signUp();
    const first = await importCsv(me, 'Name,Email\nAda Lovelace,ada@past.test\nNo One,not-an-email\n');
    const second = await importCsv(me, 'Name,Email\nAda Lovelace,ada@past.test\nGrace Hopper,grace@past.test\n');

    const all = await list(me);
    expect(all.data.map((i: any) => i.id)).toEqual([second.id, first.id]);
    expect(all.data[0]).toMatchObject({ source: 'csv', file_name: 'contacts.csv', status: 'done', created: 1, skipped: 1, report: [] });
    expect(all.data[1]).toMatchObject({ status: 'done', created: 2, warned: 1, stopped_because: null });
    expect(all.data[1]).not.toHaveProperty('warnings');
    expect(all.meta.next_cursor).toBeNull();

    const one = await list(me, '?limit=1');
    expect(one.data.map((i: any) => i.id)).toEqual([second.id]);
    const next = await list(me, `?limit=1&cursor=${one.meta.next_cursor}`);
    expect(next.data.map((i: any) => i.id)).toEqual([first.id]);
    expect(next.meta.next_cursor).toBeNull();

    const bad = await as(me, '/api/v1/imports?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatchObject({ code: 'invalid_request', details: { issues: [{ path: 'cursor' }] } });
  });

  it("the Import page lists each import under its own anchor, so a life event's evidence link lands on it", async () => {
    const me = await signUp();
    const done = await importCsv(me, 'Name,Email\nAda Lovelace,ada@anchor.test\n');
    const html = await (await as(me, '/import')).text();
    expect(html).toContain('Past imports');
    const item = html.slice(html.indexOf(`id="import-${done.id}"`));
    expect(item.length).toBeLessThan(html.length);
    expect(item).toMatch(/CSV file: contacts\.csv[\s\S]*Finished[\s\S]*1 created · 0 updated · 0 unchanged/);
  });
});
