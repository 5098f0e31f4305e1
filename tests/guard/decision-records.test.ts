import { describe, expect, it } from 'vitest';

// docs/decisions/README.md: every record opens with its status and the date it was first
// written, and a record it points to (amended by, superseded by) exists.

const records = import.meta.glob<string>('../../docs/decisions/[0-9][0-9][0-9]-*.md', { query: '?raw', import: 'default', eager: true });
const numberOf = (path: string) => /\/(\d{3})-[^/]+\.md$/.exec(path)![1]!;
const STATUS_LINE =
  /^Status: (Proposed|Accepted|Amended (\d{4}-\d\d-\d\d)|Amended by (\d{3}) \((\d{4}-\d\d-\d\d)\)|Superseded by (\d{3})) · Date: (\d{4}-\d\d-\d\d)$/;

describe('decision records', () => {
  const numbers = Object.keys(records).map(numberOf);

  it('finds them', () => {
    expect(numbers.length).toBeGreaterThan(10);
  });

  for (const [path, text] of Object.entries(records)) {
    it(`${numberOf(path)} has a title, a status and a date`, () => {
      const [title, , status] = text.split('\n');
      expect(title).toMatch(new RegExp(`^# ${numberOf(path)} — `));
      const match = STATUS_LINE.exec(status ?? '');
      expect(match, `line 3 of ${path}: ${status}`).not.toBeNull();
      const [, , amendedOn, amendedBy, amendedByOn, supersededBy, written] = match!;
      const changedOn = amendedOn ?? amendedByOn;
      if (changedOn) expect(changedOn >= written!, `${path} changed before it was written`).toBe(true);
      for (const other of [amendedBy, supersededBy]) if (other) expect(numbers).toContain(other);
    });
  }
});
