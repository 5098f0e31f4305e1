import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MERGE_CHOICE_FIELDS } from '../../worker/domain/merge/merge-choices';
import { MERGE_CONTACT_COLUMNS, MERGE_TABLES } from '../../worker/domain/merge/merge-tables';
import { UNMERGED_TABLES } from '../../worker/domain/merge/unmerge-move-queries';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { contactColumns, createPerson, personArb, rowsNaming, tablesReferringToContacts, type Person } from '../support/merge-fixtures';

type Row = Record<string, unknown>;
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const pick = (row: Row, columns: string[]) => Object.fromEntries(columns.map((c) => [c, row[c]]));
/** The columns of each choice field, from the declaration. */
const CHOICE_COLUMNS = new Map<string, string[]>();
for (const [column, rule] of Object.entries(MERGE_CONTACT_COLUMNS))
  if (typeof rule === 'object') CHOICE_COLUMNS.set(rule.choice, [...(CHOICE_COLUMNS.get(rule.choice) ?? []), column]);

const choicesArb = fc.record(Object.fromEntries(MERGE_CHOICE_FIELDS.map((f) => [f, fc.constantFrom('this', 'other')])), {
  requiredKeys: [],
}) as fc.Arbitrary<Partial<Record<(typeof MERGE_CHOICE_FIELDS)[number], 'this' | 'other'>>>;

const contactRow = async (me: Session, id: string) => (await rowsNaming(me, 'contacts', ['id'], [id]))[0]!;

/** The columns a merge must leave on the survivor: what the user chose, else its own, else the other's. */
function expectColumns(a: Row, b: Row, after: Row, choices: Record<string, string | undefined>) {
  for (const [field, columns] of CHOICE_COLUMNS) {
    // A location's coordinates come from the geocoding job, which may finish at any time: the place is what the user sees.
    const shown = field === 'location' ? ['location'] : columns;
    if (choices[field] === 'other' && columns.some((c) => !blank(b[c]))) expect(pick(after, shown), field).toEqual(pick(b, shown));
    else if (field === 'location' || field === 'cadence') {
      const mine = field === 'location' ? !blank(a.location) : a.cadence_every !== null;
      expect(pick(after, shown), field).toEqual(pick(mine ? a : b, shown));
    } else for (const c of columns) expect(after[c], c).toEqual(blank(a[c]) ? b[c] : a[c]);
  }
  for (const [column, rule] of Object.entries(MERGE_CONTACT_COLUMNS)) {
    if (rule === 'survivor') expect(after[column], column).toEqual(a[column]);
    if (rule === 'united')
      for (const side of [a, b]) if (!blank(side[column])) expect(after[column], column).toContain(String(side[column]).trim());
  }
}

function expectBirthday(after: Row[], pa: Person, pb: Person, choice: string | undefined) {
  const chosen = choice === 'other' && pb.birthday ? pb.birthday : (pa.birthday ?? pb.birthday);
  const birthdays = after.filter((d) => d.kind === 'birthday').map((d) => pick(d, ['month', 'day', 'year']));
  expect(birthdays).toEqual(chosen ? [chosen] : []);
}

describe('a merge keeps everything', () => {
  it('declares how it treats every table that refers to a contact and every column of contacts (a table added later fails here until merge knows it)', async () => {
    const found = await tablesReferringToContacts();
    const undeclared = [...found.keys()].filter((t) => !(t in MERGE_TABLES));
    expect(undeclared, 'declare these tables in worker/domain/merge/merge-tables.ts (and move them in merge-move-queries.ts)').toEqual([]);
    expect(
      Object.keys(MERGE_TABLES).filter((t) => !found.has(t)),
      'declared tables the schema does not have',
    ).toEqual([]);
    for (const [table, rule] of Object.entries(MERGE_TABLES)) {
      if (rule.rule === 'move' || rule.rule === 'unite') expect(found.get(table), table).toEqual([rule.contactColumn]);
      if (rule.rule === 'pair') expect(found.get(table), table).toEqual(rule.contactColumns);
    }
    const columns = await contactColumns();
    expect(
      columns.filter((c) => !(c in MERGE_CONTACT_COLUMNS)),
      'declare these columns of contacts in MERGE_CONTACT_COLUMNS',
    ).toEqual([]);
    expect(Object.keys(MERGE_CONTACT_COLUMNS).filter((c) => !columns.includes(c))).toEqual([]);
    const moved = Object.entries(MERGE_TABLES).filter(([, r]) => r.rule === 'move' || r.rule === 'unite' || r.rule === 'pair');
    expect(
      moved.map(([t]) => t).filter((t) => !UNMERGED_TABLES.includes(t)),
      'tables a merge moves that Unmerge does not give back (worker/domain/merge/unmerge-move-queries.ts)',
    ).toEqual([]);
  });

  it('leaves on the survivor everything both contacts had, except the values the user chose against', async () => {
    const tables = await tablesReferringToContacts();
    await fc.assert(
      fc.asyncProperty(personArb, personArb, choicesArb, async (pa, pb, choices) => {
        const me = await signUp();
        const third = (await createContact(me, { first_name: 'Third' })).id as string;
        const a = await createPerson(me, pa, third);
        const b = await createPerson(me, pb, third);
        const before = new Map<string, Row[]>();
        for (const [table, columns] of tables) before.set(table, await rowsNaming(me, table, columns, [a, b]));
        for (const [table, rule] of Object.entries(MERGE_TABLES)) {
          // The fixture gives each contact a row in every table a merge moves, so none goes untried.
          const column = 'contactColumns' in rule ? rule.contactColumns : 'contactColumn' in rule ? [rule.contactColumn] : [];
          if (column.length === 0) continue;
          for (const id of [a, b])
            expect(
              before.get(table)!.some((r) => column.some((c) => r[c] === id)),
              `${table} of ${id}`,
            ).toBe(true);
        }
        const [rowA, rowB] = [await contactRow(me, a), await contactRow(me, b)];

        const res = await as(me, `/api/v1/contacts/${a}/merge`, { method: 'POST', json: { other_id: b, choices } });
        expect(res.status, await res.clone().text()).toBe(200);

        for (const [table, columns] of tables) {
          const left = await rowsNaming(me, table, columns, [b]);
          if (MERGE_TABLES[table]?.rule === 'tombstone') {
            expect(left, `${table}: the merged contact's tombstone`).toMatchObject([{ change: 'deleted', merged_into: a }]);
            continue;
          }
          if (MERGE_TABLES[table]?.rule === 'stays') continue;
          expect(left, `${table} still names the merged contact`).toEqual([]);
          const rule = MERGE_TABLES[table]!;
          const after = await rowsNaming(me, table, columns, [a]);
          if (rule.rule === 'move' || rule.rule === 'unite')
            for (const row of before.get(table)!) {
              const kept = pick(row, rule.kept);
              expect(
                after.some((r) => JSON.stringify(pick(r, rule.kept)) === JSON.stringify(kept)),
                `${table}: ${JSON.stringify(kept)} is gone`,
              ).toBe(true);
            }
          if (rule.rule === 'pair')
            for (const row of before.get(table)!) {
              const other = [row.contact_a, row.contact_b].find((id) => id !== a && id !== b);
              if (!other) continue;
              const [x, y] = [a, other as string].sort();
              expect(
                after.some((r) => r.contact_a === x && r.contact_b === y),
                `${table}: the pair with ${other}`,
              ).toBe(true);
            }
        }
        expectColumns(rowA, rowB, await contactRow(me, a), choices);
        expectBirthday(await rowsNaming(me, 'contact_dates', ['contact_id'], [a]), pa, pb, choices.birthday);

        // Unmerge: both come back as they were; a note added to the survivor after the merge stays on it.
        const later = await json(await as(me, `/api/v1/contacts/${a}/notes`, { method: 'POST', json: { body: 'After the merge' } }));
        const [merge] = (await json(await as(me, `/api/v1/contacts/${a}/merges`))).data;
        const undone = await as(me, `/api/v1/merges/${merge.id}/unmerge`, { method: 'POST' });
        expect(undone.status, await undone.clone().text()).toBe(200);
        for (const [table, columns] of tables) {
          const rule = MERGE_TABLES[table]!;
          if (rule.rule !== 'move' && rule.rule !== 'unite') continue;
          for (const id of [a, b]) {
            const kept = (rows: Row[]) => rows.filter((r) => r[rule.contactColumn] === id).map((r) => JSON.stringify(pick(r, rule.kept)));
            const now = kept(await rowsNaming(me, table, columns, [id]));
            const want = kept(before.get(table)!);
            if (table === 'interactions' && id === a) want.push(JSON.stringify(pick(later.data, rule.kept)));
            expect(now.sort(), `${table} of ${id === a ? 'the survivor' : 'the merged contact'} after Unmerge`).toEqual(want.sort());
          }
        }
        for (const [id, row] of [
          [a, rowA],
          [b, rowB],
        ] as const) {
          const now = await contactRow(me, id);
          for (const [column, rule] of Object.entries(MERGE_CONTACT_COLUMNS))
            if (rule !== 'derived' && !['latitude', 'longitude', 'geocoded_location', 'geocoded_place', 'geocoded_at'].includes(column))
              expect(now[column], `${column} after Unmerge`).toEqual(row[column]);
        }
      }),
      { numRuns: 5 },
    );
  }, 180_000);
});
