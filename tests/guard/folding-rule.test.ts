import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldedWords, foldText, indexWords } from '../../worker/domain/folding';
import { testDb } from '../support/contact-fixtures';

// The scripts names are written in: each range is checked letter by letter, mark by mark.
const RANGES: [string, number, number][] = [
  ['Latin', 0x0020, 0x024f],
  ['combining marks', 0x0300, 0x036f],
  ['Greek', 0x0370, 0x03ff],
  ['Cyrillic', 0x0400, 0x04ff],
  ['Hebrew', 0x0590, 0x05ff],
  ['Arabic', 0x0600, 0x06ff],
  ['Devanagari', 0x0900, 0x097f],
  ['Thai', 0x0e00, 0x0e7f],
  ['Latin Extended Additional', 0x1e00, 0x1eff],
  ['Greek Extended', 0x1f00, 0x1fff],
  ['Hiragana and Katakana', 0x3040, 0x30ff],
  ['Hangul syllables', 0xac00, 0xd7a3],
  ['CJK ideographs', 0x4e00, 0x9fff],
  ['fullwidth forms', 0xff00, 0xffef],
];

const PROBE = 'folding_rule_probe';

/**
 * worker/domain/folding.ts says it folds as the search index's tokenizer does. This asks D1's own
 * FTS5, with contacts_fts's tokenizer, how it splits and folds "a" + each character + "a", and
 * compares: one wrong letter would make every name with it unfindable by its whole word.
 */
describe('the folding rule is the search index tokenizer’s', () => {
  let tokens: Map<number, string>;

  beforeAll(async () => {
    const { sql } = (await testDb.prepare("SELECT sql FROM sqlite_master WHERE name = 'contacts_fts'").first<{ sql: string }>())!;
    const tokenizer = sql.match(/tokenize\s*=\s*("[^"]*"|'(?:[^']|'')*')/)![1];
    await testDb.batch([
      testDb.prepare(`DROP TABLE IF EXISTS ${PROBE}_terms`),
      testDb.prepare(`DROP TABLE IF EXISTS ${PROBE}`),
      testDb.prepare(`CREATE VIRTUAL TABLE ${PROBE} USING fts5(text, tokenize = ${tokenizer})`),
      testDb.prepare(`CREATE VIRTUAL TABLE ${PROBE}_terms USING fts5vocab(${PROBE}, 'instance')`),
      ...RANGES.map(([, from, to]) =>
        testDb
          .prepare(
            `WITH RECURSIVE cp(n) AS (SELECT ?1 UNION ALL SELECT n + 1 FROM cp WHERE n < ?2)
             INSERT INTO ${PROBE} (rowid, text) SELECT n, 'a' || char(n) || 'a' FROM cp`,
          )
          .bind(from, to),
      ),
    ]);
    const { results } = await testDb
      .prepare(`SELECT doc, group_concat(term, ' ') AS terms FROM (SELECT doc, term FROM ${PROBE}_terms ORDER BY doc, offset) GROUP BY doc`)
      .all<{ doc: number; terms: string }>();
    tokens = new Map(results.map((r) => [r.doc, r.terms]));
  });

  afterAll(async () => {
    await testDb.batch([testDb.prepare(`DROP TABLE IF EXISTS ${PROBE}_terms`), testDb.prepare(`DROP TABLE IF EXISTS ${PROBE}`)]);
  });

  it.each(RANGES)('folds and splits %s as the index does', (_script, from, to) => {
    const differing: string[] = [];
    for (let cp = from; cp <= to; cp++) {
      const letter = String.fromCodePoint(cp);
      // Text is stored composed (NFC): a character NFC rewrites never reaches the index as itself.
      if (letter.normalize('NFC') !== letter) continue;
      const ours = foldedWords(foldText(`a${letter}a`)).join(' ');
      const index = tokens.get(cp) ?? '';
      if (ours !== index) differing.push(`U+${cp.toString(16).padStart(4, '0')} ${letter}: ours "${ours}", index "${index}"`);
      // The local index's shorter path for ASCII text (docs/decisions/068) must split the same.
      const local = indexWords(`A${letter}A`).join(' ');
      if (local !== index) differing.push(`U+${cp.toString(16).padStart(4, '0')} ${letter}: local index "${local}", index "${index}"`);
    }
    expect(differing).toEqual([]);
  });

  it('folds whole names as a query and as the stored name key alike', () => {
    expect(['Дмитрий', 'Ελένη', 'Γιώργος', 'राहुल', 'प्रिया', '김민수', 'José'].map(foldText)).toEqual([
      'дмитрий',
      'ελένη',
      'γιώργοσ',
      'राहुल',
      'प्रिया',
      '김민수',
      'jose',
    ]);
  });
});
