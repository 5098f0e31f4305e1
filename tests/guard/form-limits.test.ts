import { describe, expect, it } from 'vitest';

// Issue #27, "rules live once": a form's hint (maxLength, min, max) and a page's own schema read
// the limit the server enforces from worker/domain's named constants (CONTACT_LIMITS,
// ORGANIZATION_LIMITS, ...), so a limit changed in the domain changes the page too. A number
// written in its place drifts: the message composer's subject stopped at 300 characters while
// the API took 998.

const pages = import.meta.glob<string>('../../app/**/*.tsx', { query: '?raw', import: 'default', eager: true });
const appSources = import.meta.glob<string>('../../app/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

// maxLength={...}, min="1" and the like; not aria-valuemax, whose bound is the data shown.
const LIMIT_ATTRIBUTE = /(?<![\w-])(maxLength|minLength|max|min)=/g;
// A number in code: 7, 1_000, 0.5; not a digit inside a name (TOTP_DIGITS, h2).
const NUMBER = /(?<![\w.$])\d[\d_]*(\.\d+)?(?![\w$])/;
// A zod bound (.max(500), .min(1)) in a page's own schema; Math.max(0, n) is arithmetic.
const ZOD_BOUND_NUMBER = /(?<!Math)\.(max|min|length)\(\s*\d/g;

/** The attribute's value as written: `{...}` with its nested braces, or a quoted string. */
function valueAt(text: string, start: number): string {
  if (text[start] === '"' || text[start] === "'") return text.slice(start, text.indexOf(text[start]!, start + 1) + 1);
  if (text[start] !== '{') return '';
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

const where = (path: string, text: string, index: number) => `${path.replace('../../', '')}:${text.slice(0, index).split('\n').length}`;

/** Every limit attribute of the pages: where it is and its value. */
function limitAttributes(): { at: string; value: string }[] {
  return Object.entries(pages).flatMap(([path, text]) =>
    [...text.matchAll(LIMIT_ATTRIBUTE)].map((match) => ({
      at: where(path, text, match.index),
      value: `${match[1]}=${valueAt(text, match.index + match[0].length)}`,
    })),
  );
}

describe("forms read the domain's limits by name", () => {
  it('finds the forms and their limits', () => {
    expect(Object.keys(pages).length).toBeGreaterThan(100);
    expect(limitAttributes().length).toBeGreaterThan(30);
  });

  it('no maxLength, minLength, min or max in app/ is a number written out', () => {
    const written = limitAttributes()
      .filter(({ value }) => NUMBER.test(value))
      .map(({ at, value }) => `${at}: ${value}`);
    expect(written).toEqual([]);
  });

  it("no page's own schema bounds a value with a number written out", () => {
    const written = Object.entries(appSources).flatMap(([path, text]) =>
      [...text.matchAll(ZOD_BOUND_NUMBER)].map(
        (match) => `${where(path, text, match.index)}: ${text.slice(match.index, match.index + 20)}`,
      ),
    );
    expect(written).toEqual([]);
  });
});
