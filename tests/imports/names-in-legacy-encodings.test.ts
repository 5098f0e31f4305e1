import { describe, expect, it } from 'vitest';
import { json, signUp, type Session } from '../support/client';
import { upload } from '../support/imports';
import { inEncoding } from './dialect-cases-round-two';
import { LANGUAGES } from './names-by-language';

// ADR 082: a CSV without a label, saved on a Windows set to the language of its names, previews
// (and so imports) in that language's letters, whether it holds one short name or many with notes.

const rowOf = (name: string, note?: string) => {
  const [first, ...last] = name.split(' ');
  return note === undefined ? [first!, last.join(' ')] : [first!, last.join(' '), note];
};
const csvOf = (rows: string[][]) =>
  [
    rows[0]!.length === 2 ? 'First Name,Last Name' : 'First Name,Last Name,Notes',
    ...rows.map((r) => r.map((v) => `"${v}"`).join(',')),
  ].join('\r\n') + '\r\n';
const composed = (rows: string[][]) => rows.map((r) => r.map((v) => v.normalize('NFC')));

async function previewedRows(me: Session, rows: string[][], encoding: string): Promise<string[][]> {
  const res = await upload(me, '/api/v1/imports/csv/preview', inEncoding(csvOf(rows), encoding));
  expect(res.status).toBe(200);
  return composed((await json(res)).data.sample_rows);
}

describe.each(LANGUAGES)('a $language file in $encoding without a label', ({ encoding, names, notes }) => {
  it.each(names)('reads "%s" alone', async (name) => {
    const me = await signUp();
    expect(await previewedRows(me, [rowOf(name)], encoding)).toEqual(composed([rowOf(name)]));
  });

  it('reads every name with the notes', async () => {
    const me = await signUp();
    const rows = names.map((name, i) => rowOf(name, notes[i] ?? ''));
    expect(await previewedRows(me, rows, encoding)).toEqual(composed(rows.slice(0, 5)));
  });
});
