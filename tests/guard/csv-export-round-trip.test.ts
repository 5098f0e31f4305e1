import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { as, signUp } from '../support/client';
import { exportedFields, importCsv } from '../support/imports';

/** Runs, each with six generated contacts (about 2 s a run); each run draws a new seed. Raise it locally for a soak (30 runs passed). */
const RUNS = 4;

// Every start a spreadsheet may read as a formula (ADR 012), alone, after quotes, or after text.
const STARTS = ['=', '+', '-', '@', '＝', '＋', '－', '＠', "'", "''=", "'+", "'\t=", ' =', ''];
// Control characters start only notes: the API may refuse them in one-line fields.
const NOTE_STARTS = ['\t', '\r', '\n', '\r\n=', '\t=', ...STARTS];
const rests = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 15 }),
  fc.constantFrom("cmd|' /C calc'!A0", 'SUM(A1)', '2+3', 'HYPERLINK("http://evil.example")', '1 555 0100', 'a"b;c,d'),
);
const hostileText = fc.tuple(fc.constantFrom(...STARTS), rests).map(([start, rest]) => start + rest);
const hostileNote = fc.tuple(fc.constantFrom(...NOTE_STARTS), rests, fc.constantFrom('', '\n-1', '\r\n@x')).map((parts) => parts.join(''));
// Values joined with "; " in one cell cannot hold "; " themselves (ADR 012).
const listItem = hostileText.map((v) => v.replaceAll(';', '.'));
// The contact's index leads the number, so two people never share a phone (that is a 409, not this test's subject).
const phone = (i: number) =>
  fc
    .tuple(fc.constantFrom('+', '-', '', '('), fc.integer({ min: 100, max: 999 }))
    .map(([p, n]) => `${p}1 555 ${i}${n}${p === '(' ? ')' : ''}`);

const contactArb = (i: number) =>
  fc.record({
    first_name: hostileText,
    last_name: hostileText,
    title: hostileText,
    company: hostileText.map((v) => `${v} #${i}`),
    notes: hostileNote,
    location: hostileText,
    tags: fc.array(listItem, { maxLength: 3 }),
    phones: fc.uniqueArray(phone(i), { maxLength: 3, selector: (v) => v.replace(/\D/g, '') }),
    // An email keeps each contact its own, whatever its name became.
    emails: fc.constant([`person${i}@example.org`]),
  });

const TRIGGER = /^[=+\-@\t\r\n＝＋－＠]/;

describe('CSV export round trip with generated hostile values (fast-check)', () => {
  it('no exported cell starts a formula, and the import brings every value back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(...[0, 1, 2, 3, 4, 5].map(contactArb)), async (generated) => {
        const me = await signUp();
        // One plain person, so a run where the API refuses every generated one still exports.
        const people = [...generated, { first_name: 'Plain', last_name: 'Person', emails: ['plain@example.org'] }];
        for (const person of people) {
          const res = await as(me, '/api/v1/contacts', { method: 'POST', json: person });
          // Values the API refuses (control characters, say) never reach an export.
          if (res.status !== 201) expect(res.status).toBe(400);
        }
        const before = await exportedFields(me);
        expect(before.length).toBeGreaterThan(0);
        const csv = await (await as(me, '/api/v1/contacts/export.csv')).text();
        const cells = Papa.parse<string[]>(csv, { delimiter: ',' }).data.flat();
        expect(cells.filter((cell) => TRIGGER.test(cell))).toEqual([]);

        const other = await signUp();
        expect(await importCsv(other, csv)).toMatchObject({ status: 'done', failed: 0, created: before.length });
        expect(await exportedFields(other)).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
